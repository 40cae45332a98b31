import Image from "next/image";
import type { ContentImage as ContentImageValue } from "@/lib/content/types";
import { imageProps } from "@/lib/content/image";

/** A content image with its intrinsic width and height, so the layout never shifts when it loads. */
export function ContentImage({
  image,
  width,
  sizes,
  priority = false,
  className,
}: {
  image: ContentImageValue;
  width: number;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  const props = imageProps(image, width);
  return (
    <Image
      src={props.src}
      width={props.width}
      height={props.height}
      alt={props.alt}
      sizes={sizes}
      priority={priority}
      className={className}
    />
  );
}
