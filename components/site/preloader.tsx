/**
 * The first-load preloader: a brand bar that runs across the top of the window for about 700 ms,
 * then fades. Pure CSS (app/globals.css), so it needs no JavaScript; it covers no content and takes
 * no pointer events, so the page renders and responds beneath it and Lighthouse's paint metrics do
 * not move; it is skipped for people who prefer reduced motion. Client-side navigations keep the
 * root layout, so it shows once per visit.
 */
export function Preloader() {
  return <div aria-hidden="true" className="happr-preloader" />;
}
