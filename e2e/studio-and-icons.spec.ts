import { expect, test } from "@playwright/test";

test("/studio without a Sanity project says how to connect one, and is kept out of search", async ({
  page,
  request,
}) => {
  await page.goto("/studio");
  await expect(page.getByRole("heading", { level: 1, name: "Connect a Sanity project to edit content" })).toBeVisible();
  await expect(page.getByText("SANITY_PROJECT_ID", { exact: false }).first()).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  expect(await (await request.get("/robots.txt")).text()).toMatch(/^Disallow: \/studio$/m);
  expect(await (await request.get("/sitemap.xml")).text()).not.toContain("/studio");
});

test("the site has a favicon, an Apple touch icon and a web manifest whose icons load", async ({ page, request }) => {
  const favicon = await request.get("/favicon.ico");
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()["content-type"]).toMatch(/icon/);
  expect((await favicon.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));

  await page.goto("/");
  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
  expect((await request.get(touchIcon!)).headers()["content-type"]).toBe("image/png");

  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
  const manifest = await (await request.get(manifestHref!)).json();
  expect(manifest).toMatchObject({ name: "Happr", start_url: "/", display: "standalone" });
  for (const icon of manifest.icons as { src: string }[]) {
    const response = await request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
  }
  expect((await request.get("/og-default.png")).status()).toBe(200);
});
