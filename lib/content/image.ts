/**
 * Image props for a content image: always with width and height (from the asset ref's intrinsic
 * size), so nothing shifts while it loads. Sanity images come from Sanity's CDN at the requested
 * width; bundled ones from /content-images/ (app/content-images/[file]/route.ts).
 */
import "server-only";
import { createImageUrlBuilder } from "@sanity/image-url";
import { getConfig, type Config } from "@/lib/config";
import { imageFileName, parseImageRef } from "./image-ref";
import type { ContentImage } from "./types";

export type ImageProps = { src: string; width: number; height: number; alt: string };

type ContentConfig = Config["content"];

export class ImageRefError extends Error {
  constructor(ref: string) {
    super(`Invalid image reference "${ref}": expected image-<assetId>-<width>x<height>-<ext>`);
    this.name = "ImageRefError";
  }
}

/** Pure: the props for `image` rendered `width` CSS pixels wide, from the given content source. */
export function buildImageProps(image: ContentImage, width: number, content: ContentConfig): ImageProps {
  if (!Number.isInteger(width) || width < 1 || width > 5000) {
    throw new RangeError(`Image width must be an integer from 1 to 5000, got ${width}`);
  }
  const ref = parseImageRef(image.asset._ref);
  if (!ref) throw new ImageRefError(image.asset._ref);
  const height = Math.max(1, Math.round((width * ref.height) / ref.width));

  const src =
    content.kind === "sanity"
      ? createImageUrlBuilder({ projectId: content.projectId, dataset: content.dataset })
          .image({ asset: { _ref: image.asset._ref } })
          .width(width)
          .auto("format")
          .url()
      : `/content-images/${imageFileName(ref)}`;

  return { src, width, height, alt: image.alt };
}

/** The props for `image` rendered `width` CSS pixels wide, from the configured content source. */
export function imageProps(image: ContentImage, width: number): ImageProps {
  return buildImageProps(image, width, getConfig().content);
}
