import { EnvelopArmorPlugin } from "@escape.tech/graphql-armor";
// Named apart from React hooks: it is an envelop plugin factory, called once per server.
import { useGraphQlJit as graphQlJitPlugin } from "@envelop/graphql-jit";
import type { ValidationContext } from "graphql";
import { createGraphQLError, createSchema, createYoga, type Plugin } from "graphql-yoga";
import type { Caller } from "@/lib/auth/caller";
import type { BillingService } from "@/lib/billing/service";
import type { ItemKinds } from "@/lib/circles/sharing";
import { itemKinds } from "@/lib/features";
import { verifiedContactsOf, type VerifiedContacts } from "@/lib/invitations";
import type { Member } from "@/lib/auth/member";
import { tryAgainIn, type RateLimitResult } from "@/lib/rate-limit";
import { clientAddress } from "@/lib/request/client-address";
import type { GraphQLContext } from "./context";
import { calendarResolvers } from "./calendar-resolvers";
import { circleResolvers } from "./circle-resolvers";
import { habitResolvers } from "./habit-resolvers";
import { camResolvers } from "./cam-resolvers";
import { visionBoardResolvers } from "./vision-board-resolvers";
import { loungeResolvers } from "./lounge-resolvers";
import { resolvers } from "./resolvers";
import { typeDefs } from "./type-defs";

export type GraphQLServerOptions = {
  resolveCaller: (request: Request) => Promise<Caller>;
  billing: () => Promise<BillingService>;
  siteUrl: string;
  limitProviderCall: (subject: string) => Promise<RateLimitResult>;
  /** Counts a request by a caller without a member's token, by client address (see callerLimit); none: not limited. */
  limitGuestCall?: (clientAddress: string) => Promise<RateLimitResult>;
  /** Counts a request by a member, by their id (see callerLimit); none: not limited. */
  limitMemberCall?: (memberId: string) => Promise<RateLimitResult>;
  production: boolean;
  endpoint?: string;
  /** The shareable item kinds (lib/features.ts); tests bring their own. */
  itemKinds?: ItemKinds;
  /** A member's verified addresses (lib/invitations verifiedContactsOf, the identity port); tests bring their own. */
  verifiedContacts?: (member: Member) => Promise<VerifiedContacts>;
};

// Built once: the schema does not change at run time.
export const schema = createSchema({
  typeDefs,
  resolvers: [
    resolvers,
    circleResolvers,
    calendarResolvers,
    habitResolvers,
    camResolvers,
    visionBoardResolvers,
    loungeResolvers,
  ],
});

// Content types a browser may send cross-site without a preflight ("simple" requests).
const JSON_TYPES = ["application/json", "application/graphql-response+json"];
const PREFLIGHT_HEADERS = ["x-graphql-csrf", "apollo-require-preflight", "graphql-require-preflight"];

/**
 * Operations run compiled (graphql-jit): completing a long list of objects field by field was a
 * large part of what the agenda and habits reads cost. Their results are written by a serializer
 * compiled from the operation's own shape (fast-json-stringify, `customJSONSerializer`): JSON.stringify
 * of a 60-item board was the largest single cost of getBoard. It writes `data` and `errors` (each
 * error whole, extensions included), which is all this server answers. graphql-jit answers variables
 * that do not fit the operation as graphql-js does, with errors and no data, but without the 400
 * status yoga's own executor gives that request error: this puts it back.
 */
function compiledExecution() {
  const badRequest: Plugin = {
    onExecute: () => ({
      onExecuteDone: ({ result, setResult }) => {
        if (Symbol.asyncIterator in result || "data" in result || !result.errors?.length) return;
        setResult({
          errors: result.errors.map((error) =>
            createGraphQLError(error.message, {
              nodes: error.nodes,
              path: error.path,
              originalError: error.originalError ?? undefined,
              extensions: { ...error.extensions, http: { status: 400 } },
            }),
          ),
        });
      },
    }),
  };
  return [graphQlJitPlugin({ customJSONSerializer: true }), badRequest];
}

/**
 * CSRF prevention: a request is accepted only when a browser could not have sent it cross-site
 * without a CORS preflight: a JSON body, or a custom header. A GET (which carries cookies on a plain
 * link) therefore needs the header too.
 */
function csrfPrevention(): Plugin {
  return {
    onRequest({ request, endResponse, fetchAPI }) {
      const contentType = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
      const hasJson = request.method === "POST" && JSON_TYPES.includes(contentType);
      const hasHeader = PREFLIGHT_HEADERS.some((name) => request.headers.has(name));
      if (hasJson || hasHeader || request.method === "OPTIONS") return;
      endResponse(
        new fetchAPI.Response(
          JSON.stringify({
            errors: [{ message: "This request needs Content-Type: application/json or an x-graphql-csrf header." }],
          }),
          { status: 403, headers: { "content-type": "application/json" } },
        ),
      );
    },
  };
}

/**
 * Refuses __schema and __type (graphql-js's NoSchemaIntrospectionCustomRule, written without
 * graphql-js's type checks so it works whichever copy of graphql yoga loaded).
 */
function disableIntrospection(): Plugin {
  const rule = (context: ValidationContext) => ({
    Field(node: { name: { value: string } }) {
      if (node.name.value === "__schema" || node.name.value === "__type") {
        context.reportError(
          createGraphQLError(`GraphQL introspection is not allowed, but the query contained ${node.name.value}.`, {
            nodes: [node as never],
          }),
        );
      }
    },
  });
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(rule as never);
    },
  };
}

/**
 * Every request is counted before any work (parsing, resolving, provider calls): a member's per
 * member, anyone else's per client address. Over the limit the answer is 429 with Retry-After, its
 * error carrying statusCode 429 and the wait. The caller is resolved here once and handed to the context.
 */
function callerLimit(options: GraphQLServerOptions, callers: WeakMap<Request, Caller>): Plugin {
  const { limitGuestCall, limitMemberCall } = options;
  if (!limitGuestCall && !limitMemberCall) return {};
  return {
    async onRequest({ request, endResponse, fetchAPI }) {
      if (request.method === "OPTIONS") return;
      const caller = await options.resolveCaller(request);
      callers.set(request, caller);
      const result =
        caller.kind === "member"
          ? await limitMemberCall?.(caller.memberId)
          : await limitGuestCall?.(clientAddress(request.headers));
      if (!result || result.allowed) return;
      const message =
        caller.kind === "member"
          ? `Too many requests. ${tryAgainIn(result.retryAfterSeconds)}`
          : `Too many requests from your network. ${tryAgainIn(result.retryAfterSeconds)}`;
      endResponse(
        new fetchAPI.Response(
          JSON.stringify({
            errors: [{ message, extensions: { statusCode: 429, retryAfterSeconds: result.retryAfterSeconds } }],
          }),
          {
            status: 429,
            headers: { "content-type": "application/json", "retry-after": String(result.retryAfterSeconds) },
          },
        ),
      );
    },
  };
}

/**
 * An operation answered 503 because the identity provider (Cognito's keys or its user pool) does not
 * answer: the response is a 503 with Retry-After, the results still in its body. An app must not read
 * it as a sign-out, which a 401 would be.
 */
function identityOutage(retryAfter: WeakMap<Request, number>): Plugin {
  return {
    onResponse({ request, response, setResponse, fetchAPI }) {
      const seconds = retryAfter.get(request);
      if (seconds === undefined) return;
      const headers = new fetchAPI.Headers(response.headers);
      headers.set("retry-after", String(seconds));
      setResponse(new fetchAPI.Response(response.body, { status: 503, headers }));
    },
  };
}

/**
 * The API endpoint. Errors are always masked (isDev off, so not even development leaks messages);
 * GraphiQL and introspection exist only outside production; yoga refuses mutations over GET.
 */
export function createGraphQLServer(options: GraphQLServerOptions) {
  const callers = new WeakMap<Request, Caller>();
  const retryAfter = new WeakMap<Request, number>();
  return createYoga({
    schema,
    graphqlEndpoint: options.endpoint ?? "/graphql",
    maskedErrors: { isDev: false },
    graphiql: !options.production,
    landingPage: false,
    // yoga's default CORS reflects any Origin with credentials: cross-site pages could then read a
    // member's data with their cookie. The site is same-origin and the native apps need no CORS.
    cors: false,
    logging: options.production ? "warn" : "info",
    // Multipart uploads are not part of the contract.
    multipart: false,
    context: async ({ request }): Promise<GraphQLContext> => ({
      caller: callers.get(request) ?? (await options.resolveCaller(request)),
      billing: options.billing,
      siteUrl: options.siteUrl,
      clientAddress: clientAddress(request.headers),
      limitProviderCall: options.limitProviderCall,
      identityUnavailable: (seconds) => retryAfter.set(request, Math.max(seconds, retryAfter.get(request) ?? 0)),
      itemKinds: options.itemKinds ?? itemKinds,
      verifiedContacts: options.verifiedContacts ?? verifiedContactsOf,
      signal: request.signal,
      // A live port's ids are short; anything longer is no id of ours.
      lastEventId: request.headers.get("last-event-id")?.slice(0, 100) || undefined,
    }),
    plugins: [
      csrfPrevention(),
      identityOutage(retryAfter),
      callerLimit(options, callers),
      ...(options.production ? [disableIntrospection()] : []),
      EnvelopArmorPlugin({
        maxDepth: { n: 8, ignoreIntrospection: !options.production },
        maxAliases: { n: 15 },
        maxTokens: { n: 1000 },
        maxDirectives: { n: 10 },
        costLimit: { maxCost: 5000, ignoreIntrospection: !options.production },
        blockFieldSuggestion: { enabled: options.production },
      }),
      ...compiledExecution(),
    ],
  });
}
