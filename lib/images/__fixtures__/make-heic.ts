/**
 * Writes the HEIC fixture's source JPEG: `bash lib/images/__fixtures__/make-heic.sh` runs this, then
 * encodes it with libheif's heif-enc (x265, HEVC: what an iPhone writes) and adds an XMP packet with
 * exiftool. Run once; the .heic file is committed, so the tests need neither tool.
 */
import { writeFileSync } from "node:fs";
import { EXIF, quadrants, XMP } from "./photos";

const out = process.argv[2] ?? "/tmp/happr-heic-source.jpg";
const jpeg = await quadrants(800, 600).jpeg({ quality: 92 }).withExif(EXIF).withXmp(XMP).toBuffer();
writeFileSync(out, jpeg);
console.log(`wrote ${out}`);
