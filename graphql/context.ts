import type { Caller } from "@/lib/auth/caller";
import type { Member } from "@/lib/auth/member";
import type { BillingService } from "@/lib/billing/service";
import type { VerifiedContacts } from "@/lib/invitations";
import type { RateLimitResult } from "@/lib/rate-limit";
import type { ItemKinds } from "@/lib/circles/sharing/item-kinds";

/** What every resolver gets: the caller and the services, injected so tests can swap them. */
export type GraphQLContext = {
  caller: Caller;
  billing: () => Promise<BillingService>;
  /** The site's origin: checkout return URLs must be on it. */
  siteUrl: string;
  /** The request's client address: guests' provider calls are counted by it. */
  clientAddress: string;
  /**
   * Counts one operation that reaches the payment provider for `subject`: a member id, or
   * `guest:<client address>` for the catalogue reads guests may make.
   */
  limitProviderCall: (subject: string) => Promise<RateLimitResult>;
  /** An operation answered 503 because the identity provider does not answer: the response says when to retry. */
  identityUnavailable: (retryAfterSeconds: number) => void;
  /** How each shareable kind of item finds an item's owner (shareItem answers 404 for others' items). */
  itemKinds: ItemKinds;
  /** The member's email and phone and whether each is verified (an invitation joins only its addressee). */
  verifiedContacts: (member: Member) => Promise<VerifiedContacts>;
  /** The request's lifetime: a live stream (the Lounge's) ends when it aborts. */
  signal?: AbortSignal;
  /** A reconnecting live client's Last-Event-ID header: where its stream resumes. */
  lastEventId?: string;
};
