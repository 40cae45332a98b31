/**
 * Shown on every page in draft mode, so an editor never mistakes a draft for the live site. A server
 * component, so visitors' pages carry no script for it: the exit route returns the editor to the page
 * they were on from the Referer.
 */
export function PreviewBar() {
  return (
    <aside aria-label="Preview" className="sticky top-0 z-50 bg-amber-300 px-4 py-2 text-sm text-black">
      <p className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2">
        <span>
          <strong>Preview</strong>: you are seeing unpublished drafts. Visitors see the published page.
        </span>
        {/* A full navigation, not next/link: the route answers a redirect that sets a cookie. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a href="/api/draft-mode/disable" className="font-semibold underline underline-offset-2 hover:no-underline">
          Exit preview
        </a>
      </p>
    </aside>
  );
}
