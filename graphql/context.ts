import type { Caller } from "@/lib/auth/caller";
import type { BillingService } from "@/lib/billing/service";
import type { RateLimitResult } from "@/lib/rate-limit";

/** What every resolver gets: the caller and the services, injected so tests can swap them. */
export type GraphQLContext = {
  caller: Caller;
  billing: () => Promise<BillingService>;
  /** The site's origin: checkout return URLs must be on it. */
  siteUrl: string;
  /** Counts one operation that reaches the payment provider for this member. */
  limitProviderCall: (memberId: string) => Promise<RateLimitResult>;
};
