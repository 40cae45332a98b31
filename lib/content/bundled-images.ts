/**
 * The bundled dataset's image files (sanity/dataset/images/), served by
 * app/content-images/[file]/route.ts. Names are validated strictly before touching the disk, so a
 * request can only ever read one of those files.
 */
import "server-only";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { imageContentTypes, parseImageFileName } from "./image-ref";

export function bundledImagesDir(): string {
  return path.join(process.cwd(), "sanity", "dataset", "images");
}

/** Every servable image file name in the folder (others, like a README, are ignored). */
export async function listBundledImages(dir: string = bundledImagesDir()): Promise<string[]> {
  try {
    return (await readdir(/*turbopackIgnore: true*/ dir)).filter((name) => parseImageFileName(name) !== null).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

export type BundledImage = { body: Uint8Array; contentType: string };

/** The file and its content type, or null for an invalid name or a missing file. */
export async function readBundledImage(name: string, dir: string = bundledImagesDir()): Promise<BundledImage | null> {
  const ref = parseImageFileName(name);
  if (!ref) return null;
  try {
    // Read at run time from the checkout; not traced into the build output.
    const body = await readFile(path.join(/*turbopackIgnore: true*/ dir, name));
    return { body: new Uint8Array(body), contentType: imageContentTypes[ref.extension] };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
