import sharp from "sharp";

/**
 * Test photos that carry what a phone puts in a photo, each with a marker that must never reach a
 * stored derivative: camera make and model, GPS position, XMP (creator, location, the original file
 * name) and IPTC (city, by-line, object name). The pixels are four coloured quadrants, so a test can
 * tell whether the orientation was applied.
 */
export const MARKERS = {
  make: "Apple",
  model: "iPhone 15 Pro",
  lens: "iPhone 15 Pro back triple camera 6.765mm f/1.78",
  software: "HapprTestSoftware 17.1",
  xmpCreator: "XMPSECRETCREATOR",
  iptcCity: "IPTCSECRETCITY",
  iptcByline: "IPTCSECRETBYLINE",
  fileName: "IMG_4021",
} as const;

/** Strings whose presence in any stored byte would be a leak. */
export const LEAK_STRINGS = [
  MARKERS.make,
  MARKERS.model,
  "iPhone",
  MARKERS.lens,
  MARKERS.software,
  MARKERS.xmpCreator,
  MARKERS.iptcCity,
  MARKERS.iptcByline,
  MARKERS.fileName,
  "Exif\0\0",
  "<x:xmpmeta",
  "adobe:ns:meta",
  "http://ns.adobe.com/xap",
  "Iptc4xmpCore",
  "Photoshop 3.0",
  "8BIM",
  "GPS",
  "2024:05:01",
];

export const CAPTURED = { exif: "2024:05:01 14:03:22", day: "2024-05-01" } as const;

export const XMP = `<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:exif="http://ns.adobe.com/exif/1.0/"
 xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"
 xmlns:Iptc4xmpCore="http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/">
<dc:creator><rdf:Seq><rdf:li>${MARKERS.xmpCreator}</rdf:li></rdf:Seq></dc:creator>
<xmpMM:PreservedFileName>${MARKERS.fileName}.HEIC</xmpMM:PreservedFileName>
<photoshop:City>${MARKERS.iptcCity}</photoshop:City>
<Iptc4xmpCore:Location>${MARKERS.iptcCity} harbour</Iptc4xmpCore:Location>
<exif:GPSLatitude>51,30.438N</exif:GPSLatitude><exif:GPSLongitude>0,7.65W</exif:GPSLongitude>
</rdf:Description></rdf:RDF></x:xmpmeta>
<?xpacket end="w"?>`;

export const EXIF = {
  IFD0: { Make: MARKERS.make, Model: MARKERS.model, Software: MARKERS.software, ImageDescription: MARKERS.fileName },
  IFD2: {
    DateTimeOriginal: CAPTURED.exif,
    OffsetTimeOriginal: "+01:00",
    LensModel: MARKERS.lens,
    LensMake: MARKERS.make,
  },
  IFD3: {
    GPSLatitudeRef: "N",
    GPSLatitude: "51/1 30/1 2628/100",
    GPSLongitudeRef: "W",
    GPSLongitude: "0/1 7/1 3900/100",
    GPSAltitudeRef: "0",
    GPSAltitude: "1140/100",
  },
};

/** IPTC IIM records (record 2) as Photoshop's APP13 resource 0x0404 holds them. */
function iptcRecords(): Buffer {
  const dataset = (id: number, value: string) => {
    const data = Buffer.from(value, "latin1");
    return Buffer.concat([Buffer.from([0x1c, 0x02, id, data.length >> 8, data.length & 0xff]), data]);
  };
  return Buffer.concat([
    Buffer.from([0x1c, 0x02, 0x00, 0x00, 0x02, 0x00, 0x04]),
    dataset(5, MARKERS.fileName),
    dataset(80, MARKERS.iptcByline),
    dataset(90, MARKERS.iptcCity),
    dataset(101, "United Kingdom"),
  ]);
}

/** Inserts an APP13 "Photoshop 3.0" segment with IPTC right after a JPEG's SOI marker. */
export function withIptc(jpeg: Buffer): Buffer {
  let records = iptcRecords();
  if (records.length % 2) records = Buffer.concat([records, Buffer.from([0])]);
  const resource = Buffer.concat([
    Buffer.from("8BIM", "latin1"),
    Buffer.from([0x04, 0x04, 0x00, 0x00]),
    Buffer.from([
      records.length >>> 24,
      (records.length >>> 16) & 0xff,
      (records.length >>> 8) & 0xff,
      records.length & 0xff,
    ]),
    records,
  ]);
  const payload = Buffer.concat([Buffer.from("Photoshop 3.0\0", "latin1"), resource]);
  const length = payload.length + 2;
  const segment = Buffer.concat([Buffer.from([0xff, 0xed, length >> 8, length & 0xff]), payload]);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

/** A PNG tEXt chunk (ImageMagick's "Raw profile type iptc", how IPTC rides in a PNG). */
function pngTextChunk(keyword: string, text: string): Buffer {
  const data = Buffer.concat([Buffer.from(keyword, "latin1"), Buffer.from([0]), Buffer.from(text, "latin1")]);
  const type = Buffer.from("tEXt", "latin1");
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])));
  return Buffer.concat([length, type, data, crc]);
}

export function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** Inserts IPTC (as a raw profile text chunk) and a Comment naming the file after a PNG's IHDR chunk. */
export function withPngText(png: Buffer): Buffer {
  const ihdrEnd = 8 + 4 + 4 + 13 + 4;
  const hex = iptcRecords().toString("hex");
  const profile = `\niptc\n${String(hex.length / 2).padStart(8)}\n${hex.match(/.{1,72}/g)!.join("\n")}\n`;
  return Buffer.concat([
    png.subarray(0, ihdrEnd),
    pngTextChunk("Raw profile type iptc", profile),
    pngTextChunk("Comment", `${MARKERS.fileName}.PNG by ${MARKERS.iptcByline} in ${MARKERS.iptcCity}`),
    png.subarray(ihdrEnd),
  ]);
}

/** Four quadrants, stored as the camera saw them: red, green / blue, yellow. */
export function quadrants(width: number, height: number) {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const left = x < width / 2;
      const top = y < height / 2;
      const [r, g, b] = top ? (left ? [230, 20, 20] : [20, 200, 20]) : left ? [20, 20, 230] : [240, 230, 20];
      data.set([r, g, b], (y * width + x) * 3);
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } });
}

/**
 * A JPEG as a phone writes it: EXIF (make, model, lens, GPS, the capture date), XMP, IPTC, and an
 * orientation of 6 (the pixels are stored on their side: shown rotated 90° clockwise).
 */
export async function phoneJpeg(options: { width?: number; height?: number; orientation?: number } = {}) {
  const jpeg = await quadrants(options.width ?? 800, options.height ?? 600)
    .jpeg({ quality: 90 })
    .withExif(EXIF)
    .withXmp(XMP)
    .withMetadata({ orientation: options.orientation ?? 6 })
    .toBuffer();
  return withIptc(jpeg);
}

export async function phonePng() {
  const png = await quadrants(800, 600).png().withExif(EXIF).withXmp(XMP).toBuffer();
  return withPngText(png);
}

export async function phoneWebp() {
  return quadrants(800, 600).webp({ quality: 90 }).withExif(EXIF).withXmp(XMP).toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typeBytes = Buffer.from(type, "latin1");
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([typeBytes, data])));
  return Buffer.concat([length, typeBytes, data, crc]);
}

/** A decompression bomb: a PNG of a few hundred bytes that declares width × height pixels. */
export function pngBomb(width: number, height: number, deflate: (data: Buffer) => Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflate(Buffer.alloc(64 * 1024))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A real JPEG whose frame header (SOF0) is rewritten to declare width × height pixels. */
export async function jpegBomb(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(await quadrants(64, 64).jpeg().toBuffer());
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  jpeg.writeUInt16BE(height, sof + 5);
  jpeg.writeUInt16BE(width, sof + 7);
  return jpeg;
}

/** The HEIC fixture with every `ispe` (image spatial extent) box rewritten to declare width × height. */
export function heicBomb(heic: Buffer, width: number, height: number): Buffer {
  const bomb = Buffer.from(heic);
  for (let at = bomb.indexOf("ispe"); at >= 0; at = bomb.indexOf("ispe", at + 4)) {
    bomb.writeUInt32BE(width, at + 8);
    bomb.writeUInt32BE(height, at + 12);
  }
  return bomb;
}
