/** A small spinner; pair it with text or give it a label for screen readers. */
export function Spinner({ label, className = "h-5 w-5" }: { label?: string; className?: string }) {
  return (
    <span role={label ? "status" : undefined} className="inline-flex items-center">
      <svg aria-hidden="true" viewBox="0 0 24 24" className={`${className} animate-spin text-brand-500`}>
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" fill="none" opacity="0.25" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" fill="none" strokeLinecap="round" />
      </svg>
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}
