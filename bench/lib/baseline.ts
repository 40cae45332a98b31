import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";

/** The deepest directory holding both paths (Turbopack's root must contain the linked node_modules). */
export function commonAncestor(a: string, b: string): string {
  const left = path.resolve(a).split(path.sep);
  const right = path.resolve(b).split(path.sep);
  let i = 0;
  while (i < left.length && i < right.length && left[i] === right[i]) i += 1;
  return left.slice(0, i).join(path.sep) || path.sep;
}

/**
 * Writes the bare one-page Next.js app used as the baseline. It links the main app's node_modules, so
 * it runs the very same next/react versions, and builds with the same bundler (Turbopack, Next's default).
 *
 * It must live outside the main repo: Turbopack looks for `instrumentation.ts` (and the proxy) up the
 * directory tree, so a baseline inside the repo would pick up the main app's hooks.
 */
export function writeBaselineApp(rootDir: string, baselineDir: string): void {
  if (!path.relative(rootDir, baselineDir).startsWith("..")) {
    throw new Error(`the baseline app must live outside ${rootDir} (got ${baselineDir})`);
  }
  const turbopackRoot = commonAncestor(rootDir, baselineDir);
  const files: Record<string, string> = {
    "package.json": JSON.stringify({ name: "happr-bench-baseline", private: true, type: "module" }, null, 2) + "\n",
    // The linked node_modules lives in the main repo, so Turbopack's root must include it.
    "next.config.mjs": [
      `const root = ${JSON.stringify(turbopackRoot)};`,
      "export default { turbopack: { root }, outputFileTracingRoot: root };",
      "",
    ].join("\n"),
    "tsconfig.json":
      JSON.stringify(
        {
          compilerOptions: {
            target: "ES2022",
            lib: ["dom", "dom.iterable", "ES2023"],
            // allowJs, incremental and the .next/dev include are what `next build` would add itself.
            allowJs: true,
            skipLibCheck: true,
            strict: true,
            noEmit: true,
            esModuleInterop: true,
            module: "esnext",
            moduleResolution: "bundler",
            resolveJsonModule: true,
            isolatedModules: true,
            jsx: "react-jsx",
            incremental: true,
            plugins: [{ name: "next" }],
          },
          include: ["next-env.d.ts", "**/*.ts", "**/*.tsx", ".next/types/**/*.ts", ".next/dev/types/**/*.ts"],
          exclude: ["node_modules"],
        },
        null,
        2,
      ) + "\n",
    "app/layout.tsx": [
      'import type { Metadata } from "next";',
      'import type { ReactNode } from "react";',
      "",
      "export const metadata: Metadata = {",
      '  title: "Baseline",',
      '  description: "A bare one-page Next.js app used as the benchmark baseline.",',
      "};",
      "",
      "export default function RootLayout({ children }: { children: ReactNode }) {",
      "  return (",
      '    <html lang="en">',
      "      <body>{children}</body>",
      "    </html>",
      "  );",
      "}",
      "",
    ].join("\n"),
    // Without an icon the browser's /favicon.ico request 404s and costs the baseline Best Practices points.
    "app/icon.svg":
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" fill="#333"/></svg>\n',
    // What a bare Next.js page that reads an Auth.js session costs: the same next-auth, secret
    // (AUTH_SECRET, passed to this app by bench/run.ts) and cookie (authjs.session-token, a JWE) as the
    // main app, decoded by auth() as any Auth.js app does, and a few lines rendered from it.
    "auth.ts": [
      'import NextAuth from "next-auth";',
      "",
      "export const { auth } = NextAuth({",
      "  secret: process.env.AUTH_SECRET,",
      "  trustHost: true,",
      '  session: { strategy: "jwt" },',
      "  providers: [],",
      "});",
      "",
    ].join("\n"),
    "app/session/page.tsx": [
      'import { auth } from "../../auth";',
      "",
      "export default async function SessionPage() {",
      "  const session = await auth();",
      "  return (",
      "    <main>",
      "      <h1>Session</h1>",
      "      {session?.user ? (",
      "        <p>",
      "          Signed in as {session.user.name} ({session.user.email}) until {session.expires}.",
      "        </p>",
      "      ) : (",
      "        <p>Not signed in.</p>",
      "      )}",
      "    </main>",
      "  );",
      "}",
      "",
    ].join("\n"),
    // /session behind the empty proxy.ts below, as every members' page is behind ours (its CSP nonce):
    // what any members' page pays before its own work.
    "app/proxied/session/page.tsx": 'export { default } from "../../session/page";\n',
    // A bare page as big as a members' page, behind the same proxy: /session's read of the session,
    // then `rows` list items of ordinary server-rendered markup (a link and a short text each). The
    // sections that measure a members' page set it beside the page at the page's own size
    // (bench/lib/page-rounds.ts, sizeMatchedBaseline): what Next.js alone costs for that many bytes
    // behind a proxy, the ceiling for any page that big.
    "app/proxied/session-sized/page.tsx": [
      'import { auth } from "../../../auth";',
      "",
      "export default async function SessionSizedPage({ searchParams }: { searchParams: Promise<{ rows?: string }> }) {",
      "  const [session, { rows }] = await Promise.all([auth(), searchParams]);",
      "  const count = Math.min(5000, Math.max(0, Math.floor(Number(rows) || 0)));",
      "  return (",
      "    <main>",
      "      <h1>Session</h1>",
      "      {session?.user ? <p>Signed in as {session.user.name} ({session.user.email}).</p> : <p>Not signed in.</p>}",
      '      <ul className="mt-2 grid gap-1">',
      "        {Array.from({ length: count }, (_, i) => (",
      '          <li key={i} className="flex flex-wrap items-center justify-between gap-2 text-base text-ink">',
      '            <a href={`/items/${i}`} className="underline">',
      "              Item {i}",
      "            </a>",
      '            <span className="text-muted">{i % 100}% of the way</span>',
      "          </li>",
      "        ))}",
      "      </ul>",
      "    </main>",
      "  );",
      "}",
      "",
    ].join("\n"),
    // What Next.js's proxy costs by itself: one that only passes the request on, on /proxied/*. The
    // members-pages section measures proxy.ts's guard against it.
    "proxy.ts": [
      'import { NextResponse } from "next/server";',
      "",
      "export function proxy() {",
      "  return NextResponse.next();",
      "}",
      "",
      'export const config = { matcher: ["/proxied/:path*"] };',
      "",
    ].join("\n"),
    "app/page.tsx": [
      "export default function Home() {",
      "  return (",
      "    <main>",
      "      <h1>Baseline</h1>",
      "      <p>A bare Next.js page, built and served the same way as the main app.</p>",
      "    </main>",
      "  );",
      "}",
      "",
    ].join("\n"),
  };

  mkdirSync(path.join(baselineDir, "app"), { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(baselineDir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    // Keep the mtime (and Next's caches) when nothing changed.
    if (!existsSync(file) || readFileSync(file, "utf8") !== content) writeFileSync(file, content);
  }

  const link = path.join(baselineDir, "node_modules");
  const target = path.join(rootDir, "node_modules");
  let linked = false;
  try {
    linked = lstatSync(link).isSymbolicLink() && readlinkSync(link) === target;
    if (!linked) rmSync(link, { recursive: true, force: true });
  } catch {
    // Missing: created below.
  }
  if (!linked) symlinkSync(target, link, "dir");
}
