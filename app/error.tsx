"use client";

import { ServiceUnavailable } from "@/components/site/service-unavailable";

/**
 * A page that failed to render (the database or a provider not answering, bad content), inside the
 * site's header and footer. Production hides the cause; the reference (Next's digest) matches the
 * server's log line.
 */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <ServiceUnavailable retry={reset} reference={error.digest} />;
}
