/**
 * Ends every session of the member. A plain form post to a route (not a server action): the answer is
 * a real redirect, so the whole page, header and footer included, forgets the session.
 */
export function SignOutEverywhereButton() {
  return (
    <form method="post" action="/auth/sign-out-everywhere">
      <button
        type="submit"
        className="inline-flex min-h-11 items-center justify-center rounded-full border border-brand-200 bg-white px-5 py-2 text-sm font-semibold text-ink hover:bg-brand-50"
      >
        Sign out everywhere
      </button>
    </form>
  );
}
