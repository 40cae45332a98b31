import { expect, test, type APIRequestContext } from "@playwright/test";
import { customZoneFile, manyRemovedDatesFile } from "../../lib/calendar/ics/__fixtures__/hostile";
import { signUp } from "../support/members";

/**
 * Issue 38: a member uploading a crafted calendar file cannot stall the server. On 708e2fb a 1.9 kB
 * file held /api/health for 9-10 s. The files are read on a worker thread with a time limit, so
 * health answers within 1 s throughout, and the import is answered within 2 s.
 */

/** Polls /api/health every 100 ms until stopped; the slowest answer, in ms. */
function pollHealth(request: APIRequestContext) {
  let running = true;
  let slowest = 0;
  let answers = 0;
  const loop = (async () => {
    while (running) {
      const started = Date.now();
      const response = await request.get("/api/health", { timeout: 15_000 });
      expect(response.status()).toBe(200);
      slowest = Math.max(slowest, Date.now() - started);
      answers++;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return { slowest, answers };
  };
}

test("hostile calendar files are answered within 2 s while /api/health answers within 1 s throughout", async ({
  page,
  request,
}) => {
  await signUp(page, { firstName: "Hana", lastName: "Hostile" });
  await page.goto("/calendar/import");
  const form = page.getByRole("form", { name: "Import a calendar file" });
  const report = page.getByRole("region", { name: "What happened" });
  // The reader thread starts with the first file: start it before the timed uploads.
  await form.getByLabel(/^Calendar file/).setInputFiles({
    name: "warm.ics",
    mimeType: "text/calendar",
    buffer: Buffer.from(customZoneFile(1, 0)),
  });
  await form.getByRole("button", { name: "Import" }).click();
  await expect(report.getByText("0 added, 0 updated, 1 skipped.")).toBeVisible({ timeout: 30_000 });

  const stop = pollHealth(request);
  // The 2 kB file: three observances with an hourly rule, forty removed dates in that zone.
  let started = Date.now();
  await form.getByLabel(/^Calendar file/).setInputFiles({
    name: "odd-zone.ics",
    mimeType: "text/calendar",
    buffer: Buffer.from(customZoneFile(3, 40)),
  });
  await form.getByRole("button", { name: "Import" }).click();
  await expect(report.getByText("0 added, 0 updated, 1 skipped.")).toBeVisible();
  await expect(
    report.getByText(/has an observance rule on line \d+ that repeats more often than yearly/),
  ).toBeVisible();
  expect(Date.now() - started).toBeLessThan(2000);

  // Nearly 1 MB of allowed parts that take about a second to read: past the reader's budget it is
  // refused whole, naming the file; on a quiet machine the reader may finish inside it and import it
  // (as parse-off-thread.attack.test.ts allows). Either way the answer comes in time and health holds.
  started = Date.now();
  await form.getByLabel(/^Calendar file/).setInputFiles({
    name: "family.ics",
    mimeType: "text/calendar",
    buffer: Buffer.from(manyRemovedDatesFile()),
  });
  await form.getByRole("button", { name: "Import" }).click();
  await expect(
    form
      .getByText(/"family\.ics" (asks for more work than an import may do|takes too long to read)/)
      .or(report.getByText(/^[1-9]\d* added, 0 updated, 0 skipped\.$/)),
  ).toBeVisible();
  expect(Date.now() - started).toBeLessThan(2000 + 1000); // the upload of 1 MB itself included
  const health = await stop();
  expect(health.answers).toBeGreaterThan(5);
  expect(health.slowest).toBeLessThan(1000);
});
