import type { MetadataRoute } from "next";

/** The web app manifest (/manifest.webmanifest): name, colours and the icons in public/ (scripts/make-icons.ts). */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "Happr",
    short_name: "Happr",
    description: "A secure, ad-free space where families and individuals connect, grow together and reach goals.",
    start_url: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#3b6cf6",
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
