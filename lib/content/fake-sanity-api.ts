/**
 * A stand-in for Sanity's HTTP query API on loopback, for tests (the app reaches it through
 * SANITY_API_HOST): GET /v<apiVersion>/data/query/<dataset>?query=<GROQ>&$<param>=<JSON> answered
 * with groq-js over documents held in memory. `publish` and `unpublish` change them as an editor's
 * publish would, so a running app can be shown new content. `perspective=drafts` overlays drafts
 * (../content/drafts.ts) and, as Sanity, needs `Authorization: Bearer <readToken>` (else 401);
 * without it, drafts are left out as the "published" perspective does.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { evaluate, parse } from "groq-js";
import type { SanityDocument } from "./bundled-source";
import { isDraftId, overlayDrafts } from "./drafts";

export type FakeSanityRequest = { url: URL; authorization: string | undefined };

export type FakeSanityApi = {
  /** The origin to set as SANITY_API_HOST, e.g. http://127.0.0.1:4600. */
  url: string;
  requests: FakeSanityRequest[];
  /** While true, every query answers 503, as Sanity's API would in an outage. */
  failing: boolean;
  publish(document: SanityDocument): void;
  unpublish(id: string): void;
  close(): Promise<void>;
};

export async function startFakeSanityApi(
  documents: SanityDocument[],
  port = 0,
  readToken?: string,
): Promise<FakeSanityApi> {
  const byId = new Map(documents.map((document) => [document._id, document]));
  const requests: FakeSanityRequest[] = [];

  async function answer(request: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const url = new URL(request.url ?? "/", "http://fake");
    requests.push({ url, authorization: request.headers.authorization });
    const match = /^\/v(\d{4}-\d{2}-\d{2})\/data\/query\/([a-z0-9_-]+)$/.exec(url.pathname);
    if (request.method !== "GET" || !match) return { status: 404, body: { error: "not found" } };
    if (api.failing) return { status: 503, body: { error: "Service unavailable" } };
    const query = url.searchParams.get("query") ?? "";
    const params: Record<string, unknown> = {};
    for (const [key, value] of url.searchParams) if (key.startsWith("$")) params[key.slice(1)] = JSON.parse(value);
    const drafts = ["drafts", "previewDrafts"].includes(url.searchParams.get("perspective") ?? "");
    if (drafts && (!readToken || request.headers.authorization !== `Bearer ${readToken}`)) {
      return { status: 401, body: { error: "Unauthorized: drafts need a token" } };
    }
    const stored = [...byId.values()];
    const dataset = drafts ? overlayDrafts(stored) : stored.filter((document) => !isDraftId(document._id));
    const result = await (await evaluate(parse(query, { params }), { dataset, params })).get();
    return { status: 200, body: { query, result, ms: 1 } };
  }

  const server: Server = createServer((request, response) => {
    answer(request).then(
      ({ status, body }) =>
        response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body)),
      (error: Error) =>
        response.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ error: error.message })),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const api: FakeSanityApi = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    failing: false,
    publish: (document) => void byId.set(document._id, document),
    unpublish: (id) => void byId.delete(id),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return api;
}
