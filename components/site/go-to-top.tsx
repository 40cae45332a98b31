"use client";

import { useEffect, useRef, useState } from "react";

const SHOW_AFTER_PX = 700;

/** Appears once the page has scrolled 700 px (watched by an IntersectionObserver, not a scroll handler). */
export function GoToTop() {
  const [visible, setVisible] = useState(false);
  const markerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const marker = markerRef.current;
    if (!marker) return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setVisible(!entry.isIntersecting && entry.boundingClientRect.top < 0);
    });
    observer.observe(marker);
    return () => observer.disconnect();
  }, []);

  const goToTop = () => {
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: reduceMotion ? "auto" : "smooth" });
    document.getElementById("main-content")?.focus({ preventScroll: true });
  };

  return (
    <>
      <div ref={markerRef} aria-hidden="true" className="scroll-marker" style={{ top: SHOW_AFTER_PX }} />
      <button type="button" onClick={goToTop} hidden={!visible} className="go-to-top">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5">
          <path fill="currentColor" d="M12 5.6 4.3 13.3l1.4 1.4L11 9.4V20h2V9.4l5.3 5.3 1.4-1.4z" />
        </svg>
        <span className="sr-only">Go to top</span>
      </button>
    </>
  );
}
