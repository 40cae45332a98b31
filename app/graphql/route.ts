import { resolveCaller } from "@/lib/auth/caller";
import { getBillingServiceWithCachedPlans } from "@/lib/billing/catalogue";
import { getConfig } from "@/lib/config";
import { consume, consumeEach } from "@/lib/rate-limit";
import { limitMemberCall } from "@/lib/rate-limit/member-limits";
import { createGraphQLServer } from "@/graphql/server";

// The public GraphQL API (graphql/contract + graphql/extensions): a thin route over graphql-yoga.
export const dynamic = "force-dynamic";

// Calls that reach the payment provider: 30 a minute per member (or per guest's address, for the
// catalogue reads guests may make), shared by every instance (database counter).
const PROVIDER_CALLS = { limit: 30, windowSeconds: 60 };
// Any request without a member's token: 60 a minute per client address, before any work is done.
// A member's: MEMBER_RATES.graphql (300 a minute per member, lib/rate-limit/member-limits.ts).
const GUEST_CALLS = { limit: 60, windowSeconds: 60 };

let yoga: ReturnType<typeof createGraphQLServer> | undefined;

// Built on the first request, so the configuration is read at run time, not while building.
function server() {
  yoga ??= createGraphQLServer({
    resolveCaller: (request) => resolveCaller(request),
    // getPlans from the cached catalogue (refreshed by price and product webhooks); the rest is live.
    billing: getBillingServiceWithCachedPlans,
    limitProviderCall: (subject) => consume("graphql-provider", subject, PROVIDER_CALLS),
    limitMemberCall: (memberId) => limitMemberCall(memberId),
    limitGuestCall: (address) => consumeEach([{ bucket: "graphql-guest", subject: address, rule: GUEST_CALLS }]),
    siteUrl: getConfig().siteUrl,
    production: getConfig().isProduction,
  });
  return yoga;
}

const handle = (request: Request) => server().fetch(request);

export { handle as GET, handle as POST, handle as OPTIONS };
