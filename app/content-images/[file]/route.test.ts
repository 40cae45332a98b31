import { describe, expect, it } from "vitest";
import { listBundledImages } from "@/lib/content/bundled-images";
import { dynamic, dynamicParams, generateStaticParams, GET } from "./route";

const call = (file: string) =>
  GET(new Request(`http://localhost/content-images/${file}`), { params: Promise.resolve({ file }) });

describe("GET /content-images/[file]", () => {
  it("is prerendered for every bundled image and nothing else", async () => {
    expect(dynamic).toBe("force-static");
    expect(dynamicParams).toBe(false);
    const params = await generateStaticParams();
    expect(params.map((p) => p.file)).toEqual(await listBundledImages());
    expect(params.length).toBeGreaterThan(0);
  });

  it("serves a bundled image with its content type and a long immutable cache", async () => {
    const [first] = await listBundledImages();
    const response = await call(first!);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^image\//);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.byteLength).toBe(Number(response.headers.get("content-length")));
    expect(bytes.byteLength).toBeGreaterThan(0);
  });

  it.each(["../data.ndjson", "..%2F..%2Fpackage.json", "/etc/passwd", "README.md", "0000-1x1.png", "abc-1x1.svg"])(
    "answers 404 for %j",
    async (file) => {
      expect((await call(file)).status).toBe(404);
    },
  );
});
