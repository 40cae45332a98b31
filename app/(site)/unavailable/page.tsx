import type { Metadata } from "next";
import { ServiceUnavailable } from "@/components/site/service-unavailable";

export const metadata: Metadata = { title: "Temporarily unavailable", robots: { index: false } };

/** Shown (503) by proxy.ts in place of a members' page whose session cannot be checked: the database is down. */
export default function UnavailablePage() {
  return <ServiceUnavailable />;
}
