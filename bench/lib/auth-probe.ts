/**
 * Child process of the `auth` bench section (run with `tsx --conditions=react-server`, as the app's
 * modules are server-only). With DATA_DIR pointing at a fresh embedded database it:
 *   1. creates and confirms one member there (through lib/identity, as sign-up does),
 *   2. mints the Auth.js session cookie that member's browser would hold (AUTH_SECRET from the env),
 *   3. times lib/auth/caller.ts's resolveCaller in-process: bearer-token verification and session-cookie
 *      decoding, each with and without the database lookup behind it,
 * then closes the database (the app server opens it next) and prints one JSON line on stdout.
 */
import { encode, decode } from "@auth/core/jwt";
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from "jose";
import {
  builtinMemberLookup,
  knownMember,
  createJwtAccessTokenVerifier,
  resolveCaller,
  type MemberLookup,
} from "../../lib/auth/caller";
import type { Member } from "../../lib/auth/member";
import { getConfig } from "../../lib/config";
import { installDatabase } from "../../lib/db/client";
import { openDatabase } from "../../lib/db/open";
import { confirmSignUp, isSessionCurrent } from "../../lib/identity/builtin/accounts";
import { lastCodeSentTo, signUpNew } from "../../lib/identity/builtin/test-helpers";

export type ProbeTiming = { name: string; what: string; iterations: number; medianUs: number; p95Us: number };
export type ProbeResult = { member: Member; sessionCookie: { name: string; value: string }; timings: ProbeTiming[] };

const SESSION_COOKIE = "authjs.session-token";
const iterations = Number(process.env.BENCH_AUTH_ITERATIONS ?? 3000);

async function time(
  name: string,
  what: string,
  run: () => Promise<unknown>,
  check: (value: unknown) => boolean,
): Promise<ProbeTiming> {
  // Warm-up (JIT, key import caches), and a sanity check that the path really resolves a member.
  for (let index = 0; index < Math.min(300, iterations); index += 1) {
    const value = await run();
    if (index === 0 && !check(value))
      throw new Error(`${name}: the caller did not resolve to the member (${JSON.stringify(value)})`);
  }
  const samples = new Float64Array(iterations);
  for (let index = 0; index < iterations; index += 1) {
    const start = process.hrtime.bigint();
    await run();
    samples[index] = Number(process.hrtime.bigint() - start) / 1000;
  }
  samples.sort();
  return {
    name,
    what,
    iterations,
    medianUs: samples[Math.floor(iterations / 2)]!,
    p95Us: samples[Math.floor(iterations * 0.95)]!,
  };
}

async function main() {
  const secret = process.env.AUTH_SECRET;
  if (!secret) throw new Error("AUTH_SECRET is required");
  const database = await openDatabase(getConfig().database);
  installDatabase(database);
  try {
    const email = `bench.${Date.now()}@example.com`;
    const { accountId } = await signUpNew({
      email,
      password: "Bench-Mark-2026!",
      givenName: "Bench",
      familyName: "Member",
    });
    await confirmSignUp({ email, code: await lastCodeSentTo(database.db, email) });
    const member: Member = { memberId: accountId, email, name: "Bench Member" };

    // The session cookie as Auth.js writes it after sign-in (see nextSessionToken in lib/auth/config.ts).
    const now = Date.now();
    const value = await encode({
      salt: SESSION_COOKIE,
      secret,
      maxAge: 30 * 24 * 60 * 60,
      token: {
        sub: accountId,
        name: member.name,
        email,
        accessToken: "bench-access-token",
        expiresAt: now + 24 * 60 * 60 * 1000,
        issuedAtMs: now + 1000,
      },
    });

    // A signed access token as Cognito hands to the native apps (RS256, token_use "access", the app client in client_id).
    const issuer = "https://issuer.bench.invalid";
    const { privateKey, publicKey } = await generateKeyPair("RS256");
    const jwk = { ...(await exportJWK(publicKey)), kid: "bench", alg: "RS256", use: "sig" };
    const keys = createLocalJWKSet({ keys: [jwk] });
    const accessToken = await new SignJWT({
      client_id: "happr-web",
      token_use: "access",
      scope: "openid email profile",
    })
      .setProtectedHeader({ alg: "RS256", kid: "bench" })
      .setIssuer(issuer)
      .setSubject(accountId)
      .setIssuedAt(Math.floor(now / 1000) + 1)
      .setExpirationTime("1h")
      .sign(privateKey);
    const verifier = (lookupMember: MemberLookup) =>
      createJwtAccessTokenVerifier({ issuer, clientIds: ["happr-web"], keys, lookupMember });
    const signatureOnly = verifier(async () => knownMember(member));
    const withLookup = verifier(builtinMemberLookup);

    const bearer = new Request("http://bench.invalid/graphql", { headers: { authorization: `Bearer ${accessToken}` } });
    const cookie = new Request("http://bench.invalid/graphql", { headers: { cookie: `${SESSION_COOKIE}=${value}` } });
    // What auth() does with the cookie before the jwt callback: find it and decrypt it (JWE, A256CBC-HS512).
    const decodeCookie = async (request: Request) => {
      const raw = request.headers
        .get("cookie")
        ?.split("; ")
        .find((part) => part.startsWith(`${SESSION_COOKIE}=`))
        ?.slice(SESSION_COOKIE.length + 1);
      return raw ? decode({ token: raw, secret, salt: SESSION_COOKIE }) : null;
    };
    const cookieOnly = async (request: Request) => ((await decodeCookie(request))?.sub ? member : undefined);
    // ...and the jwt callback's revocation check against the database (lib/auth/config.ts).
    const cookieWithRevocation = async (request: Request) => {
      const token = await decodeCookie(request);
      if (!token?.sub || typeof token.issuedAtMs !== "number") return undefined;
      return (await isSessionCurrent(token.sub, new Date(token.issuedAtMs))) ? member : undefined;
    };
    const isMember = (caller: unknown) =>
      (caller as { kind?: string; memberId?: string }).kind === "member" && (caller as Member).memberId === accountId;

    const timings = [
      await time(
        "bearer",
        "Bearer JWT: signature (RS256), issuer, expiry, client",
        () => resolveCaller(bearer, { verifyToken: signatureOnly }),
        isMember,
      ),
      await time(
        "bearer+db",
        "Bearer JWT + revocation point and account (embedded database)",
        () => resolveCaller(bearer, { verifyToken: withLookup }),
        isMember,
      ),
      await time(
        "cookie",
        "Session cookie: find and decrypt (Auth.js JWE)",
        () => resolveCaller(cookie, { cookieSession: cookieOnly }),
        isMember,
      ),
      await time(
        "cookie+db",
        "Session cookie + revocation check (embedded database)",
        () => resolveCaller(cookie, { cookieSession: cookieWithRevocation }),
        isMember,
      ),
    ];
    const result: ProbeResult = { member, sessionCookie: { name: SESSION_COOKIE, value }, timings };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
