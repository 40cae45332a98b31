import { Button } from "@/components/ui/button";

/**
 * Ends every session of the member. A plain form post to a route (not a server action): the answer is
 * a real redirect, so the whole page, header and footer included, forgets the session.
 */
export function SignOutEverywhereButton() {
  return (
    <form method="post" action="/auth/sign-out-everywhere">
      <Button type="submit" variant="secondary">
        Sign out everywhere
      </Button>
    </form>
  );
}
