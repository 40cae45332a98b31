/**
 * Writes the site's icons into public/ from the brand mark (app/icon.svg): favicon.ico (16, 32 and
 * 48 px PNGs in one ICO), the Apple touch icon, the web manifest's icons and the default Open Graph
 * image. Run `npx tsx scripts/make-icons.ts` after changing the mark; the files are committed.
 */
import { readFileSync, writeFileSync } from "node:fs";
import sharp from "sharp";

const mark = readFileSync("app/icon.svg");
const brand = "#3b6cf6";

const png = (size: number, padding = 0, background?: string) =>
  sharp(mark, { density: 1200 })
    .resize(size - 2 * padding, size - 2 * padding)
    .extend({
      top: padding,
      bottom: padding,
      left: padding,
      right: padding,
      background: background ?? { r: 0, g: 0, b: 0, alpha: 0 },
    })
    .flatten(background ? { background } : false)
    .png({ compressionLevel: 9 })
    .toBuffer();

/** An ICO holding PNG images (every browser since IE Vista-era reads them). */
function ico(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map(({ data }) => data)]);
}

const sizes = [16, 32, 48];
writeFileSync(
  "public/favicon.ico",
  ico(await Promise.all(sizes.map(async (size) => ({ size, data: await png(size) })))),
);
// iOS fills transparency with black: the touch icon sits on white with a margin.
writeFileSync("public/apple-touch-icon.png", await png(180, 16, "#ffffff"));
writeFileSync("public/icon-192.png", await png(192));
writeFileSync("public/icon-512.png", await png(512));
writeFileSync("public/icon-maskable-512.png", await png(512, 80, brand));

const og = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#eef3ff"/>
  <g transform="translate(150 195) scale(7.5)">${mark.toString().replace(/^<svg[^>]*>|<\/svg>\s*$/g, "")}</g>
  <text x="450" y="330" font-family="Inter, Helvetica, Arial, sans-serif" font-size="120" font-weight="800" fill="#0f172a">Happr</text>
  <text x="455" y="410" font-family="Inter, Helvetica, Arial, sans-serif" font-size="40" fill="#334155">Grow together, safely.</text>
</svg>`);
writeFileSync("public/og-default.png", await sharp(og).png({ compressionLevel: 9 }).toBuffer());
console.log(
  "Wrote public/favicon.ico, apple-touch-icon.png, icon-192.png, icon-512.png, icon-maskable-512.png, og-default.png",
);
