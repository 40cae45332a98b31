import { randomUUID } from "node:crypto";
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import { expect, test } from "@playwright/test";
import { startFakeSanityApi, type FakeSanityApi } from "../lib/content/fake-sanity-api";
import { bundledDocuments, extraPort, scratchDatabase, startInstance, type AppInstance } from "./support/app-instances";

/**
 * An editor publishes a post while two instances of the app run on one PostgreSQL and the Redis on
 * 127.0.0.1:6379 (E2E_REDIS_URL for another), reading content from a stand-in of Sanity's query API.
 * Sanity's webhook reaches instance A only; instance B must serve the new post, then its deletion.
 */
test.describe.configure({ mode: "serial" });
test.setTimeout(180_000);

const secret = "e2e-webhook-secret-0123456789";
let api: FakeSanityApi;
let database: Awaited<ReturnType<typeof scratchDatabase>>;
const instances: AppInstance[] = [];

test.beforeAll(async () => {
  // Each `next start` takes ~17 s on a loaded 2-core machine (the first also migrates): more than a hook's default 30 s for two.
  test.setTimeout(120_000);
  api = await startFakeSanityApi(bundledDocuments());
  database = await scratchDatabase();
  const env = {
    SANITY_PROJECT_ID: "e2etest",
    SANITY_DATASET: "production",
    SANITY_API_HOST: api.url,
    SANITY_REVALIDATE_SECRET: secret,
    DATABASE_URL: database.url,
    REDIS_URL: process.env.E2E_REDIS_URL ?? "redis://127.0.0.1:6379",
    // This run's own keys: other runs (and other engineers' apps) may share the Redis server.
    REDIS_KEY_PREFIX: `happr-e2e:${randomUUID()}:`,
  };
  // One after the other: the first applies the migrations to the empty database.
  instances.push(await startInstance(extraPort(1), env));
  instances.push(await startInstance(extraPort(2), env));
});

test.afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
  await api?.close();
  await database?.drop();
});

async function webhook(url: string, payload: Record<string, unknown>) {
  const body = JSON.stringify(payload);
  const response = await fetch(`${url}/api/revalidate`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(body, Date.now(), secret),
    },
    body,
  });
  expect(response.status).toBe(200);
}

const status = async (url: string) => (await fetch(url, { redirect: "manual" })).status;
const text = async (url: string) => (await fetch(url)).text();

test("a post published after the build is live on every instance within 5 s of the webhook, and gone after its deletion", async () => {
  const [a, b] = instances as [AppInstance, AppInstance];
  const template = bundledDocuments().find(
    (document) => document._type === "post" && !document._id.startsWith("drafts."),
  )!;
  const slug = `published-live-${Date.now()}`;
  const post = {
    ...template,
    _id: `post-${slug}`,
    title: "Published while the app runs",
    slug: { _type: "slug", current: slug },
    publishedAt: new Date().toISOString(),
  };

  // Both instances have rendered (and cached) the blog, and a 404 for the slug not yet published.
  for (const instance of [a, b]) {
    expect(await text(`${instance.url}/blog`)).not.toContain(post.title);
    expect(await status(`${instance.url}/blog/${slug}`)).toBe(404);
  }
  expect(await text(`${b.url}/blog`)).not.toContain(post.title);

  api.publish(post);
  // Without the webhook, B keeps serving its cached pages.
  expect(await text(`${b.url}/blog`)).not.toContain(post.title);

  await webhook(a.url, { _type: "post", slug, path: null });
  await expect.poll(() => text(`${b.url}/blog`), { timeout: 5000, intervals: [250] }).toContain(post.title);
  await expect.poll(() => status(`${b.url}/blog/${slug}`), { timeout: 5000, intervals: [250] }).toBe(200);
  expect(await text(`${b.url}/blog/${slug}`)).toContain(post.title);
  expect(await text(`${b.url}/sitemap.xml`)).toContain(`/blog/${slug}`);
  expect(await status(`${a.url}/blog/${slug}`)).toBe(200);

  api.unpublish(post._id);
  await webhook(a.url, { _type: "post", slug, path: null });
  await expect.poll(() => status(`${b.url}/blog/${slug}`), { timeout: 5000, intervals: [250] }).toBe(404);
  expect(await text(`${b.url}/blog`)).not.toContain(post.title);
  expect(await status(`${a.url}/blog/${slug}`)).toBe(404);

  // A slug that never existed is a real 404 too.
  expect(await status(`${b.url}/blog/never-published-${Date.now()}`)).toBe(404);
});

test("when the content source is down, a page not yet cached shows the branded error page inside the site's frame", async ({
  page,
}) => {
  const [, b] = instances as [AppInstance, AppInstance];
  api.failing = true;
  try {
    const response = await page.goto(`${b.url}/blog/not-cached-${Date.now()}`);
    expect(response?.status()).toBe(500);
    await expect(page.getByRole("heading", { level: 1, name: "We couldn’t load this page" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
    // The header and footer stay (the site settings are still cached).
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
  } finally {
    api.failing = false;
  }
});
