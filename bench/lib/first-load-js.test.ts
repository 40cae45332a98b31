import { describe, expect, it } from "vitest";
import { collectScriptUrls } from "./first-load-js";

describe("collectScriptUrls", () => {
  const page = "http://localhost:3100/";

  it("keeps same-origin classic, async and module scripts and script preloads, once each", () => {
    const html = `<html><head>
      <link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/a.js"/>
      <link rel="modulepreload" href="/_next/static/chunks/m.js">
      <link rel="preload" as="font" href="/font.woff2">
      <link rel="stylesheet" href="/_next/static/chunks/s.css">
      <script src="/_next/static/chunks/a.js" async=""></script>
      <script type="module" src='/_next/static/chunks/b.js?dpl=x&amp;v=1'></script>
      <script src=/_next/static/chunks/c.js></script>
      <script>self.__next_f.push([1,""])</script>
    </head></html>`;
    expect(collectScriptUrls(html, page)).toEqual([
      "http://localhost:3100/_next/static/chunks/a.js",
      "http://localhost:3100/_next/static/chunks/b.js?dpl=x&v=1",
      "http://localhost:3100/_next/static/chunks/c.js",
      "http://localhost:3100/_next/static/chunks/m.js",
    ]);
  });

  it("skips nomodule polyfills, non-JavaScript types and other origins", () => {
    const html = `
      <script src="/_next/static/chunks/polyfills.js" noModule=""></script>
      <script src="/x.js" nomodule></script>
      <script type="application/ld+json" src="/data.json"></script>
      <script src="https://js.stripe.com/v3"></script>
      <script data-src="/lazy.js"></script>
      <script src="/kept.js" type="text/javascript"></script>`;
    expect(collectScriptUrls(html, page)).toEqual(["http://localhost:3100/kept.js"]);
  });
});
