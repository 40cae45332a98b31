import { gzipSync } from "node:zlib";

export type ScriptFile = { url: string; bytes: number; gzipBytes: number };

export type FirstLoadJs = {
  pageUrl: string;
  status: number;
  scripts: ScriptFile[];
  totalBytes: number;
  totalGzipBytes: number;
  /** Inline <script> bodies that are JavaScript (Next's bootstrap and RSC payload), gzipped together. */
  inlineBytes: number;
  inlineGzipBytes: number;
};

const gzip = (data: Buffer | string) => gzipSync(data, { level: 9 }).byteLength;

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  if (!match) return new RegExp(`\\s${name}(?=[\\s>/])`, "i").test(tag) ? "" : undefined;
  return match[1] ?? match[2] ?? match[3] ?? "";
}

const decodeEntities = (value: string) =>
  value
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

const isJavaScriptType = (type: string | undefined) =>
  type === undefined || type === "" || /^(text|application)\/(java|ecma)script$/i.test(type) || type === "module";

/**
 * The same-origin JavaScript files a modern browser fetches while loading the HTML: every classic or
 * module <script src> (not `nomodule`, which modern browsers skip) plus <link rel=preload as=script>
 * and <link rel=modulepreload>.
 */
export function collectScriptUrls(html: string, pageUrl: string): string[] {
  const origin = new URL(pageUrl).origin;
  const urls = new Set<string>();
  const add = (raw: string | undefined) => {
    if (!raw) return;
    const url = new URL(decodeEntities(raw), pageUrl);
    if (url.origin === origin) urls.add(url.href);
  };
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    if (attribute(tag, "nomodule") !== undefined) continue;
    if (!isJavaScriptType(attribute(tag, "type"))) continue;
    add(attribute(tag, "src"));
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attribute(tag, "rel") ?? "").toLowerCase().split(/\s+/);
    const as = (attribute(tag, "as") ?? "").toLowerCase();
    if (rel.includes("modulepreload") || (rel.includes("preload") && as === "script")) add(attribute(tag, "href"));
  }
  return [...urls];
}

function inlineScripts(html: string): string {
  const bodies: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = ` ${match[1] ?? ""}`;
    if (attribute(attrs, "src") !== undefined || !isJavaScriptType(attribute(attrs, "type"))) continue;
    if (match[2]) bodies.push(match[2]);
  }
  return bodies.join("\n");
}

async function fetchOk(url: string): Promise<Response> {
  const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response;
}

export async function measureFirstLoadJs(pageUrl: string): Promise<FirstLoadJs> {
  const page = await fetchOk(pageUrl);
  const html = await page.text();
  const scripts: ScriptFile[] = [];
  for (const url of collectScriptUrls(html, pageUrl)) {
    const body = Buffer.from(await (await fetchOk(url)).arrayBuffer());
    scripts.push({ url: new URL(url).pathname, bytes: body.byteLength, gzipBytes: gzip(body) });
  }
  const inline = inlineScripts(html);
  return {
    pageUrl,
    status: page.status,
    scripts,
    totalBytes: scripts.reduce((sum, s) => sum + s.bytes, 0),
    totalGzipBytes: scripts.reduce((sum, s) => sum + s.gzipBytes, 0),
    inlineBytes: Buffer.byteLength(inline),
    inlineGzipBytes: inline === "" ? 0 : gzip(inline),
  };
}
