import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseConfig } from "./config";
import { useTestDatabase } from "./db/testing";
import { outbox } from "./db/schema";
import { FakeStripeApi } from "./billing/stripe/fake-stripe-api";
import { StripeBillingProvider } from "./billing/stripe/stripe-provider";
import type { BillingProvider } from "./billing/port";
import {
  checkHealth,
  forgetRemoteChecks,
  MESSAGE_BACKLOG_AGE_SECONDS,
  REMOTE_CHECK_TTL_MS,
  type HealthDeps,
} from "./health";

const database = useTestDatabase([outbox]);
const noBilling = async (): Promise<BillingProvider> => {
  throw new Error("the sandbox needs no provider call");
};
beforeEach(() => forgetRemoteChecks());

const deps = (env: Record<string, string>, extra: Partial<HealthDeps> = {}): HealthDeps => ({
  config: parseConfig({ NODE_ENV: "test", ...env }),
  db: async () => database.db,
  billing: noBilling,
  ...extra,
});

describe("health on the embedded defaults", () => {
  it("answers ok with each dependency's state and no secret", async () => {
    const health = await checkHealth(deps({ DATABASE_URL: "postgres://happr:hunter2-secret@db.internal/happr" }));
    expect(health.status).toBe("ok");
    expect(health.dependencies).toEqual({
      database: { state: "ok", detail: "answering" },
      messages: { state: "ok", detail: "outbox only (not delivered): 0 email(s) kept" },
      identity: { state: "ok", detail: "built-in issuer keys loaded" },
      billing: { state: "ok", detail: "sandbox (embedded demo: no real payments)" },
    });
    expect(JSON.stringify(health)).not.toContain("hunter2");
  });

  it("is unavailable (503) when the database does not answer, and says what was not checked", async () => {
    const health = await checkHealth(deps({}, { db: async () => Promise.reject(new Error("connection refused")) }));
    expect(health.status).toBe("unavailable");
    expect(health.dependencies.database).toEqual({ state: "down", detail: "database does not answer" });
    expect(health.dependencies.identity.state).toBe("down");
  });
});

describe("health: the message deliverer's backlog", () => {
  const smtp = { SMTP_URL: "smtp://127.0.0.1:2525" };

  it("is degraded when an email has waited longer than the deliverer's retries take", async () => {
    const now = Date.now();
    await database.db
      .insert(outbox)
      .values({ channel: "email", recipient: "a@example.com", body: "x", createdAt: new Date(now - 60_000) });
    expect((await checkHealth(deps(smtp, { now: () => now }))).dependencies.messages).toEqual({
      state: "ok",
      detail: "1 email(s) waiting",
    });
    const later = now + MESSAGE_BACKLOG_AGE_SECONDS * 1000;
    const health = await checkHealth(deps(smtp, { now: () => later }));
    expect(health.dependencies.messages.state).toBe("degraded");
    expect(health.dependencies.messages.detail).toMatch(/^1 email\(s\) waiting, the oldest for \d+ s$/);
    // Behind, not down: the instance still serves.
    expect(health.status).toBe("ok");
  });

  it("does not count sent or given-up messages", async () => {
    const old = new Date(Date.now() - 3_600_000);
    await database.db.insert(outbox).values([
      { channel: "email", recipient: "sent@example.com", body: "x", createdAt: old, sentAt: old },
      { channel: "email", recipient: "gave-up@example.com", body: "x", createdAt: old, attempts: 5 },
    ]);
    expect((await checkHealth(deps(smtp))).dependencies.messages).toEqual({
      state: "ok",
      detail: "0 email(s) waiting",
    });
  });

  it("counts texts too when they are sent through SNS", async () => {
    const sns = { SMS: "sns", AWS_REGION: "eu-west-1" };
    const now = Date.now();
    await database.db
      .insert(outbox)
      .values({ channel: "sms", recipient: "+14155550142", body: "x", createdAt: new Date(now - 60_000) });
    expect((await checkHealth(deps(smtp))).dependencies.messages).toEqual({
      state: "ok",
      detail: "0 email(s) waiting",
    });
    expect((await checkHealth(deps({ ...smtp, ...sns }, { now: () => now }))).dependencies.messages).toEqual({
      state: "ok",
      detail: "0 email(s) waiting, 1 text(s) waiting",
    });
    const later = now + MESSAGE_BACKLOG_AGE_SECONDS * 1000;
    expect((await checkHealth(deps(sns, { now: () => later }))).dependencies.messages).toMatchObject({
      state: "degraded",
      detail: expect.stringMatching(/^1 text\(s\) waiting, the oldest for \d+ s$/),
    });
  });
});

describe("health with Cognito: the pool's key set on loopback", () => {
  let server: Server;
  let answer = { status: 200, keys: [{ kid: "k1" }] as unknown[] };
  let requests = 0;
  let issuer = "";

  beforeAll(async () => {
    server = createServer((request, response) => {
      requests += 1;
      response
        .writeHead(answer.status, { "content-type": "application/json" })
        .end(JSON.stringify({ keys: answer.keys }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/us-east-1_abc`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const cognito = () =>
    deps(
      { COGNITO_USER_POOL_ID: "us-east-1_abc", COGNITO_CLIENT_ID: "client", COGNITO_DOMAIN: "auth.happr.app" },
      // The configuration names AWS's issuer; the test serves its key set on loopback instead.
      {
        fetch: (input) =>
          fetch(String(input).replace("https://cognito-idp.us-east-1.amazonaws.com/us-east-1_abc", issuer)),
      },
    );

  it("reads the key set at most once per 30 s, and reports it down without a 503", async () => {
    answer = { status: 200, keys: [{ kid: "k1" }, { kid: "k2" }] };
    const before = requests;
    const first = await checkHealth({ ...cognito(), now: () => 1_000_000 });
    expect(first.dependencies.identity).toEqual({ state: "ok", detail: "Cognito key set: 2 key(s)" });
    await checkHealth({ ...cognito(), now: () => 1_000_000 + REMOTE_CHECK_TTL_MS - 1 });
    expect(requests - before).toBe(1);

    answer = { status: 500, keys: [] };
    const later = await checkHealth({ ...cognito(), now: () => 1_000_000 + REMOTE_CHECK_TTL_MS });
    expect(later.dependencies.identity).toEqual({ state: "down", detail: "Cognito key set answered 500 without keys" });
    expect(later.status).toBe("ok");
  });
});

describe("health with Stripe: a stand-in Stripe API on loopback", () => {
  const fake = new FakeStripeApi();
  let provider: StripeBillingProvider;
  const stripe = {
    STRIPE_SECRET_KEY: "sk_test_fake",
    STRIPE_PUBLISHABLE_KEY: "pk_test_fake",
    STRIPE_WEBHOOK_SECRET: "whsec_fake",
  };

  beforeAll(async () => {
    const address = await fake.start();
    provider = new StripeBillingProvider({
      secretKey: "sk_test_fake",
      webhookSecret: "whsec_fake",
      ...address,
      maxNetworkRetries: 0,
    });
  });
  afterAll(() => fake.stop());

  it("asks Stripe for the plans' prices, and reports it down when it does not answer", async () => {
    const health = await checkHealth(deps(stripe, { billing: async () => provider }));
    expect(health.dependencies.billing).toEqual({ state: "ok", detail: "Stripe answering with every plan's price" });
    expect(fake.requestsTo("GET", "/v1/prices").length).toBeGreaterThan(0);

    forgetRemoteChecks();
    await fake.stop();
    const down = await checkHealth(deps(stripe, { billing: async () => provider }));
    expect(down.dependencies.billing).toEqual({ state: "down", detail: "Stripe does not answer" });
    expect(down.status).toBe("ok");
  });
});
