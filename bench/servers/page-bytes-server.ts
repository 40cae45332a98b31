/**
 * What serving a page's bytes costs with no framework at all: a plain node:http server that answers
 * GET /<name> with the HTML in the file named for it on the command line (`name=path` arguments),
 * sent the way Next.js sends a prerendered page (the cached HTML as a string, Content-Length from
 * Buffer.byteLength, then res.end(string)). GET /__cpu reports this process's CPU time and the
 * pages served, so the bench can divide one by the other.
 *
 * Prints one JSON line once it listens: { "port": 12345 }.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

const pages = new Map<string, string>();
for (const argument of process.argv.slice(2)) {
  const [name, file] = argument.split("=", 2);
  if (!name || !file) throw new Error(`expected name=path, got ${argument}`);
  pages.set(`/${name}`, readFileSync(file, "utf8"));
}

let served = 0;
const server = createServer((request, response) => {
  if (request.url === "/__cpu") {
    const { user, system } = process.cpuUsage();
    response.setHeader("Content-Type", "application/json");
    response.end(JSON.stringify({ cpuMicros: user + system, served }));
    return;
  }
  const html = pages.get(request.url ?? "");
  if (html === undefined) {
    response.statusCode = 404;
    response.end();
    return;
  }
  served += 1;
  response.setHeader("Content-Type", "text/html; charset=utf-8");
  response.setHeader("Content-Length", Buffer.byteLength(html));
  response.end(html);
});

server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
