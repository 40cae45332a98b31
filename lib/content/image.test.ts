import { describe, expect, it } from "vitest";
import { buildImageProps, ImageRefError } from "./image";
import { imageFileName, parseImageFileName, parseImageRef } from "./image-ref";

const sanity = { kind: "sanity", projectId: "abc123", dataset: "production", apiVersion: "2024-03-11" } as const;
const bundled = { kind: "bundled" } as const;
const hex = "7d2fa1c9e0b4f35d8a6c1e9b2f4d7a0c3e5b8f16";

describe("parseImageRef", () => {
  it("reads the asset id, intrinsic size and format", () => {
    expect(parseImageRef(`image-${hex}-1600x900-jpg`)).toEqual({
      assetId: hex,
      width: 1600,
      height: 900,
      extension: "jpg",
    });
    expect(parseImageRef("image-heroHome01-1200x800-webp")).toEqual({
      assetId: "heroHome01",
      width: 1200,
      height: 800,
      extension: "webp",
    });
  });

  it.each([
    "",
    "image-abc-1200x800",
    "file-abc-1200x800-jpg",
    "image--1200x800-jpg",
    "image-abc-0x800-jpg",
    "image-abc-1200x-jpg",
    "image-abc-1200X800-jpg",
    "image-abc-1200x800-exe",
    "image-abc-1200x800-svg",
    "image-a-b-1200x800-jpg",
    "image-abc-999999x800-jpg",
    "image-abc-1200x800-jpg ",
    "image-../x-1200x800-jpg",
  ])("rejects %j", (ref) => {
    expect(parseImageRef(ref)).toBeNull();
  });
});

describe("parseImageFileName", () => {
  it("accepts exactly <id>-<w>x<h>.<ext> and round-trips with imageFileName", () => {
    const ref = parseImageFileName(`${hex}-1600x900.png`);
    expect(ref).toEqual({ assetId: hex, width: 1600, height: 900, extension: "png" });
    expect(imageFileName(ref!)).toBe(`${hex}-1600x900.png`);
  });

  it.each([
    "../data.ndjson",
    "..%2Fdata.ndjson",
    "a/b-1x1.png",
    "abc-1x1.png/",
    ".abc-1x1.png",
    "abc-1x1.png.exe",
    "abc-1x1.svg",
    "abc-1x1",
  ])("rejects %j", (name) => {
    expect(parseImageFileName(name)).toBeNull();
  });
});

describe("buildImageProps", () => {
  const image = { asset: { _ref: `image-${hex}-1600x900-jpg` }, alt: "A family at a table" };

  it("builds a Sanity CDN URL at the requested width, with the height from the intrinsic ratio", () => {
    const props = buildImageProps(image, 800, sanity);
    expect(props).toEqual({
      src: `https://cdn.sanity.io/images/abc123/production/${hex}-1600x900.jpg?w=800&auto=format`,
      width: 800,
      height: 450,
      alt: "A family at a table",
    });
  });

  it("builds a local URL for the bundled dataset", () => {
    expect(buildImageProps(image, 640, bundled)).toEqual({
      src: `/content-images/${hex}-1600x900.jpg`,
      width: 640,
      height: 360,
      alt: "A family at a table",
    });
  });

  it("rounds the height and keeps it at least 1", () => {
    expect(buildImageProps({ asset: { _ref: "image-abc-1000x333-png" }, alt: "" }, 100, bundled).height).toBe(33);
    expect(buildImageProps({ asset: { _ref: "image-abc-5000x1-png" }, alt: "" }, 10, bundled).height).toBe(1);
  });

  it("rejects a malformed ref and a bad width", () => {
    expect(() => buildImageProps({ asset: { _ref: "image-abc-jpg" }, alt: "" }, 100, sanity)).toThrow(ImageRefError);
    expect(() => buildImageProps(image, 0, bundled)).toThrow(RangeError);
    expect(() => buildImageProps(image, 10.5, bundled)).toThrow(RangeError);
  });
});
