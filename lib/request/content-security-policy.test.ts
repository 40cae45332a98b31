import { afterEach, describe, expect, it, vi } from "vitest";
import { contentSecurityPolicy, objectStoreOrigin } from "./content-security-policy.mjs";

const imgSrc = (policy: string) => policy.split("; ").find((part) => part.startsWith("img-src "));

describe("the members' pages' policy and photos kept on S3", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("names the origin a photo's signed URL points at, as lib/config.ts reads the S3_* variables", () => {
    expect(objectStoreOrigin({})).toBeNull();
    expect(objectStoreOrigin({ S3_BUCKET: "photos", S3_REGION: "eu-west-2" })).toBe(
      "https://photos.s3.eu-west-2.amazonaws.com",
    );
    expect(objectStoreOrigin({ S3_BUCKET: "photos", S3_REGION: "eu-west-2", S3_FORCE_PATH_STYLE: "true" })).toBe(
      "https://s3.eu-west-2.amazonaws.com",
    );
    expect(objectStoreOrigin({ S3_BUCKET: "photos", S3_REGION: "auto", S3_ENDPOINT: "http://127.0.0.1:4568/" })).toBe(
      "http://127.0.0.1:4568",
    );
    expect(
      objectStoreOrigin({
        S3_BUCKET: "photos",
        S3_REGION: "auto",
        S3_ENDPOINT: "https://r2.example.com",
        S3_FORCE_PATH_STYLE: "false",
      }),
    ).toBe("https://photos.r2.example.com");
  });

  it("lets members' pages show images from the bucket, and nothing else gains it", () => {
    vi.stubEnv("S3_BUCKET", "photos");
    vi.stubEnv("S3_REGION", "eu-west-2");
    expect(imgSrc(contentSecurityPolicy({ nonce: "abc" }))).toContain("https://photos.s3.eu-west-2.amazonaws.com");
    expect(imgSrc(contentSecurityPolicy())).not.toContain("amazonaws");
    vi.stubEnv("S3_BUCKET", "");
    expect(imgSrc(contentSecurityPolicy({ nonce: "abc" }))).toBe("img-src 'self' data: blob: https://cdn.sanity.io");
  });
});
