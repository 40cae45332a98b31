/** The Sanity adapter of the content port: read-only, published documents, no token, no CDN. */
import "server-only";
import { createClient } from "@sanity/client";
import type { ContentSource, QueryParams } from "./source";

export const SANITY_API_VERSION = "2024-03-11";

export type SanitySourceOptions = {
  projectId: string;
  dataset: string;
  apiVersion?: string;
  /** Tests point the client at a fake query API; production uses https://<projectId>.api.sanity.io. */
  apiHost?: string;
};

export function createSanitySource(options: SanitySourceOptions): ContentSource {
  const client = createClient({
    ...(options.apiHost ? { apiHost: options.apiHost, useProjectHostname: false } : {}),
    projectId: options.projectId,
    dataset: options.dataset,
    apiVersion: options.apiVersion ?? SANITY_API_VERSION,
    // Pages are static and revalidated on demand by the webhook, so each fetch must see the
    // latest published content rather than a CDN copy that may lag behind it.
    useCdn: false,
    perspective: "published",
  });
  return {
    kind: "sanity",
    fetch<T>(query: string, params: QueryParams = {}) {
      return client.fetch<T>(query, params);
    },
  };
}
