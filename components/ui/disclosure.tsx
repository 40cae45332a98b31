"use client";

import { useState, type ReactNode } from "react";

/**
 * A <details> whose content is rendered only once it has been opened, then kept (so a form's answer
 * stays). For a list that offers the same form on every row (the Lounge table's reply and report forms
 * on each of its 50 posts): the server renders 50 summaries instead of 50 forms, which was most of the
 * page's HTML and of its rendering time (bench `lounge-page`). Opening is the native element's, so
 * keyboard and screen readers work as with any <details>.
 */
export function Disclosure({
  summary,
  className,
  children,
}: {
  summary: ReactNode;
  /** The summary is styled through it (a list repeats it: one short class, app/globals.css). */
  className?: string;
  children: ReactNode;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <details className={className} onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary>{summary}</summary>
      {opened ? children : null}
    </details>
  );
}
