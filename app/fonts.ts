import localFont from "next/font/local";

// Inter from npm (@fontsource-variable/inter), self-hosted: nothing is fetched from Google at build time.
export const inter = localFont({
  src: "../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  variable: "--font-inter",
  display: "swap",
  weight: "100 900",
});
