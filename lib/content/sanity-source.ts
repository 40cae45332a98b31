/**
 * The Sanity adapter of the content port: read-only, no CDN; published documents without a token,
 * drafts (draft mode) with the read token.
 *
 * Requests (all GET), so a stand-in can serve them on loopback (SANITY_API_HOST):
 *   <apiHost>/v<apiVersion>/data/query/<dataset>?query=<GROQ>&$<param>=<JSON value>&perspective=published&returnQuery=false
 * answered with {"result": <value>, "ms": <n>}; in draft mode `perspective=drafts` with
 * `Authorization: Bearer <SANITY_API_READ_TOKEN>`. Without SANITY_API_HOST, apiHost is
 * https://<projectId>.api.sanity.io.
 */
import "server-only";
import { createClient } from "next-sanity";
import { CONTENT_REVALIDATE_SECONDS } from "./tags";
import type { ContentSource, FetchOptions, QueryParams } from "./port";

export const SANITY_API_VERSION = "2024-03-11";

export type SanitySourceOptions = {
  projectId: string;
  dataset: string;
  apiVersion?: string;
  /** Tests point the client at a stand-in of the query API; production uses https://<projectId>.api.sanity.io. */
  apiHost?: string;
  /** Reads drafts in draft mode (SANITY_API_READ_TOKEN); never used for published reads. */
  readToken?: string;
};

export function createSanitySource(options: SanitySourceOptions): ContentSource {
  const client = createClient({
    ...(options.apiHost ? { apiHost: options.apiHost, useProjectHostname: false } : {}),
    projectId: options.projectId,
    dataset: options.dataset,
    apiVersion: options.apiVersion ?? SANITY_API_VERSION,
    // Pages are cached and expired by the webhook, so each fetch must see the latest published
    // content rather than a CDN copy that may lag behind it.
    useCdn: false,
    perspective: "published",
  });
  const draftClient = options.readToken
    ? client.withConfig({ token: options.readToken, perspective: "drafts", useCdn: false, withCredentials: false })
    : undefined;
  return {
    kind: "sanity",
    async fetch<T>(query: string, params: QueryParams = {}, { tags = [], draft = false }: FetchOptions = {}) {
      if (draft) {
        if (!draftClient) throw new Error("Draft mode needs SANITY_API_READ_TOKEN to read drafts from Sanity");
        // Never cached: a draft must not reach Next's data cache, which public pages read.
        return draftClient.fetch<T>(query, params, { cache: "no-store" });
      }
      // Next's data cache keeps the answer under these tags (the webhook expires them) for at most an hour.
      return client.fetch<T>(query, params, { next: { tags, revalidate: CONTENT_REVALIDATE_SECONDS } });
    },
  };
}
