import { expect, test } from "@playwright/test";
import { signUp, uniqueEmail } from "../support/members";

/**
 * Attack: a signed-in member floods /graphql (a script with their session). The app counts each
 * member's calls in the database (300 a minute) and answers 429 with Retry-After past it, while
 * /api/health keeps answering. lib/rate-limit/member-limits.db.attack.test.ts counts exactly;
 * here it is performed against `next start`. A minute's window may turn during the flood, so it
 * runs until the first refusal, which must come within two windows' worth of calls.
 */
test("a member's flood of /graphql calls meets 429 with Retry-After; the health check keeps answering", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signUp(page, { email: uniqueEmail("flood") });
  const outsider = await playwright.request.newContext({ baseURL });
  const health: number[] = [];
  let flooding = true;
  const checks = (async () => {
    while (flooding) {
      const began = Date.now();
      expect((await outsider.get("/api/health")).status()).toBe(200);
      health.push(Date.now() - began);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();

  let answered = 0;
  let refused: Awaited<ReturnType<typeof page.request.post>> | undefined;
  while (!refused && answered < 700) {
    const batch = await Promise.all(
      Array.from({ length: 10 }, () =>
        page.request.post("/graphql", {
          data: { query: "{ __typename }" },
          headers: { "content-type": "application/json" },
        }),
      ),
    );
    for (const response of batch) {
      if (response.status() === 429) refused ??= response;
      else expect(response.status()).toBe(200);
    }
    answered += batch.length;
  }
  flooding = false;
  await checks;
  await outsider.dispose();

  expect(refused, `no 429 in ${answered} calls`).toBeDefined();
  expect(answered).toBeLessThanOrEqual(610);
  const retryAfter = Number(refused!.headers()["retry-after"]);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
  const body = (await refused!.json()) as { errors: { message: string; extensions: { statusCode: number } }[] };
  expect(body.errors[0]!.message).toMatch(/^Too many requests\. Please try again in \d+ seconds?\.$/);
  expect(body.errors[0]!.extensions.statusCode).toBe(429);
  expect(health.length).toBeGreaterThan(0);
  expect(Math.max(...health)).toBeLessThan(2000);
});
