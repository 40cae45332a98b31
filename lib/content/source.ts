/**
 * The content source of this process: the configuration picks one adapter of the port (./port.ts),
 * Sanity (./sanity-source.ts) or the bundled dataset (./bundled-source.ts), once per process.
 */
import { getConfig, type Config } from "@/lib/config";
import type { ContentSource } from "./port";

/** Builds the adapter for a content configuration (the adapters load lazily: only one is ever used). */
export async function createContentSource(content: Config["content"]): Promise<ContentSource> {
  if (content.kind === "sanity") {
    const { createSanitySource } = await import("./sanity-source");
    return createSanitySource(content);
  }
  const { createBundledSource } = await import("./bundled-source");
  const { cacheByTag } = await import("./next-data-cache");
  return createBundledSource(undefined, { cacheByTag });
}

let source: Promise<ContentSource> | undefined;

/** The content source of this process, chosen from getConfig().content on first use. */
export function getContentSource(): Promise<ContentSource> {
  source ??= createContentSource(getConfig().content);
  return source;
}
