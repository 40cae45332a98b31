/**
 * A brief brand splash on the first load (about 700 ms), pure CSS so it needs no JavaScript and
 * blocks nothing: the page renders beneath it, it never takes pointer events, and it is skipped
 * entirely for people who prefer reduced motion. Client-side navigations keep the root layout, so
 * it shows only once.
 */
export function Preloader() {
  return (
    <div aria-hidden="true" className="happr-preloader">
      <svg viewBox="0 0 32 32" className="h-14 w-14">
        <circle cx="16" cy="16" r="15" fill="#3b6cf6" />
        <path d="M10 19c1.6 2.4 3.6 3.5 6 3.5s4.4-1.1 6-3.5" stroke="#fff" strokeWidth="2.4" fill="none" strokeLinecap="round" />
        <circle cx="12" cy="13" r="1.8" fill="#ffb547" />
        <circle cx="20" cy="13" r="1.8" fill="#ffb547" />
      </svg>
    </div>
  );
}
