import type { Metadata } from "next";
import Link from "next/link";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { auth } from "@/auth";
import { AuthCard, SignInForm } from "@/components/auth/auth-forms";
import { challengeAction, signInAction } from "../actions";
import { getConfig } from "@/lib/config";
import { safeContinuePath } from "@/lib/auth/continue";
import { pendingSignIn } from "@/lib/auth/browser";
import { browserInteractionUid } from "@/lib/identity/builtin/issuer";
import { param, type SearchParams } from "@/lib/request/search-params";
import { Button } from "@/components/ui/button";

export const metadata: Metadata = { title: "Sign in", robots: { index: false } };

const startUrl = (continuePath: string) => `/auth/start?continue=${encodeURIComponent(continuePath)}`;

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const continuePath = safeContinuePath(param(params.continue));
  const interaction = param(params.interaction);

  if (getConfig().identity.kind === "cognito") {
    // Cognito's hosted sign-in does the rest; this page is where every sign-in starts.
    return (
      <AuthCard title="Sign in to Happr" intro="You will continue to our secure sign-in page.">
        <form action="/auth/start" method="get" className="grid gap-4">
          <input type="hidden" name="continue" value={continuePath} />
          <Button type="submit">Continue to sign in</Button>
        </form>
        {/* Accounts are created and recovered on our own pages, at the same pool. */}
        <p className="mt-6 flex flex-wrap justify-between gap-2 text-sm">
          <Link className="font-semibold text-brand-700 underline" href="/auth/forgot-password" prefetch={false}>
            Forgot your password?
          </Link>
          <Link
            className="font-semibold text-brand-700 underline"
            href={`/auth/sign-up?continue=${encodeURIComponent(continuePath)}`}
            prefetch={false}
          >
            Create an account
          </Link>
        </p>
      </AuthCard>
    );
  }

  if (!interaction) {
    if (param(params.error)) {
      return (
        <AuthCard title="Sign in to Happr">
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
            We could not sign you in. Please try again.
          </p>
          <Link
            className="mt-4 inline-block font-semibold text-brand-700 underline"
            href={startUrl(continuePath)}
            prefetch={false}
          >
            Try again
          </Link>
        </AuthCard>
      );
    }
    if ((await auth())?.user) redirect(continuePath);
    // Every sign-in goes through the issuer first (PKCE, state, nonce); it sends the browser back here.
    redirect(startUrl(continuePath));
  }

  // Only the interaction this browser started is signed in to here: a link to somebody else's (or
  // one that is over) leads to a sign-in of this browser's own.
  if ((await browserInteractionUid((await headers()).get("cookie"))) !== interaction) {
    return (
      <AuthCard title="Sign in to Happr">
        <p role="status" className="text-sm text-ink">
          This sign-in page has expired, or it was opened in another browser. Sign-in pages work only in the browser
          that opened them.
        </p>
        <Link
          className="mt-4 inline-block font-semibold text-brand-700 underline"
          href={startUrl(continuePath)}
          prefetch={false}
        >
          Start again
        </Link>
      </AuthCard>
    );
  }
  if (await pendingSignIn()) redirect(`/auth/complete?interaction=${encodeURIComponent(interaction)}`);

  return (
    <AuthCard title="Sign in to Happr">
      <SignInForm actions={{ signIn: signInAction, challenge: challengeAction }} />
    </AuthCard>
  );
}
