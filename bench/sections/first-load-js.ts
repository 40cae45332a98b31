import { measureFirstLoadJs } from "../lib/first-load-js";
import { kB } from "../lib/format";
import type { Section } from "../lib/section";

/** JavaScript files `/` makes the browser fetch at first load, gzipped, main vs baseline. */
export const firstLoadJsSection: Section = {
  name: "first-load-js",
  title: "First-load JavaScript of / (gzip -9)",
  async run({ main, baseline, log }) {
    log("first-load-js: fetching / and its scripts");
    const m = await measureFirstLoadJs(`${main.baseUrl}/`);
    const b = await measureFirstLoadJs(`${baseline.baseUrl}/`);
    const row = (label: string, r: typeof m) => [
      label,
      String(r.scripts.length),
      kB(r.totalBytes),
      kB(r.totalGzipBytes),
      kB(r.inlineGzipBytes),
    ];
    const delta = m.totalGzipBytes - b.totalGzipBytes;
    return {
      table: {
        head: ["app", "files", "raw", "gzip", "inline gzip"],
        rows: [
          row("main", m),
          row("baseline", b),
          [
            "main - baseline",
            String(m.scripts.length - b.scripts.length),
            kB(m.totalBytes - b.totalBytes),
            kB(delta),
            kB(m.inlineGzipBytes - b.inlineGzipBytes),
          ],
        ],
      },
      notes: [
        "files = same-origin <script src> / script preloads in the HTML (nomodule polyfills excluded); inline = Next's bootstrap and RSC payload",
      ],
      data: { main: m, baseline: b, gzipDeltaBytes: delta },
    };
  },
};
