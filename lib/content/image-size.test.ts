import { describe, expect, it } from "vitest";
import { readImageSize } from "./image-size";

function pngHeader(width: number, height: number): Buffer {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write("IHDR", 12, "ascii");
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b;
}

function riff(chunk: string, payload: Buffer): Buffer {
  const head = Buffer.alloc(20);
  head.write("RIFF", 0, "ascii");
  head.writeUInt32LE(12 + payload.length, 4);
  head.write("WEBP", 8, "ascii");
  head.write(chunk, 12, "ascii");
  head.writeUInt32LE(payload.length, 16);
  return Buffer.concat([head, payload, Buffer.alloc(16)]);
}

function webpLossy(width: number, height: number): Buffer {
  const p = Buffer.alloc(10);
  p.set([0x00, 0x00, 0x00, 0x9d, 0x01, 0x2a], 0);
  p.writeUInt16LE(width, 6);
  p.writeUInt16LE(height, 8);
  return riff("VP8 ", p);
}

function webpLossless(width: number, height: number): Buffer {
  const p = Buffer.alloc(5);
  p[0] = 0x2f;
  p.writeUInt32LE(((height - 1) << 14) | (width - 1), 1);
  return riff("VP8L", p);
}

function webpExtended(width: number, height: number): Buffer {
  const p = Buffer.alloc(10);
  p.writeUIntLE(width - 1, 4, 3);
  p.writeUIntLE(height - 1, 7, 3);
  return riff("VP8X", p);
}

function jpegHeader(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, ...Buffer.from("JFIF\0"), 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const dht = Buffer.from([0xff, 0xc4, 0x00, 0x04, 0x00, 0x00]);
  const sof = Buffer.alloc(19);
  sof.set([0xff, 0xc2, 0x00, 0x11, 0x08], 0);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, dht, sof]);
}

function gifHeader(width: number, height: number): Buffer {
  const b = Buffer.alloc(13);
  b.write("GIF89a", 0, "ascii");
  b.writeUInt16LE(width, 6);
  b.writeUInt16LE(height, 8);
  return b;
}

describe("readImageSize", () => {
  it.each([
    ["png", pngHeader(1200, 630)],
    ["webp lossy", webpLossy(1200, 630)],
    ["webp lossless", webpLossless(1200, 630)],
    ["webp extended", webpExtended(1200, 630)],
    ["progressive jpeg after a DHT segment", jpegHeader(1200, 630)],
    ["gif", gifHeader(1200, 630)],
  ])("reads %s", (_name, bytes) => {
    expect(readImageSize(bytes)).toEqual({ width: 1200, height: 630 });
  });

  it("returns null for anything else", () => {
    expect(readImageSize(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(readImageSize(Buffer.alloc(0))).toBeNull();
  });
});
