"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";

/** How often, and for how long, a page with a photo still processing asks the server again. */
const EVERY_MS = 3_000;
const FOR_MS = 120_000;

/**
 * On a page showing a moment whose photo is still processing: re-renders the page from the server every
 * few seconds (for two minutes at most) until it is ready, and offers a Refresh link meanwhile, for
 * a processing that takes longer or a browser without scripts.
 */
export function ProcessingRefresh({ pending, href }: { pending: boolean; href: string }) {
  const router = useRouter();
  const started = useRef<number | null>(null);
  useEffect(() => {
    if (!pending) return;
    started.current ??= Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started.current! > FOR_MS) clearInterval(timer);
      else router.refresh();
    }, EVERY_MS);
    return () => clearInterval(timer);
  }, [pending, router]);
  if (!pending) return null;
  return (
    <p className="mt-2 text-sm text-muted">
      A photo is still being prepared: this page updates by itself.{" "}
      <a href={href} className="underline">
        Refresh
      </a>
    </p>
  );
}
