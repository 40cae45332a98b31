import { expect, test, type Page } from "@playwright/test";

async function postsOn(page: Page, path: string) {
  await page.goto(path);
  const cards = page.getByTestId("post-list").getByRole("article");
  const count = await cards.count();
  const posts: { title: string; date: string }[] = [];
  for (let index = 0; index < count; index++) {
    const card = cards.nth(index);
    posts.push({
      title: (await card.getByRole("heading").textContent())!.trim(),
      date: (await card.locator("time").getAttribute("datetime"))!,
    });
    await expect(card.locator("time")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await expect(card.getByRole("img")).toHaveAttribute("width", /\d+/);
    await expect(card.getByRole("list", { name: "Categories" }).getByRole("listitem").first()).toBeVisible();
  }
  return posts;
}

test("the blog pages show 6, 6 and the rest, newest first, and never the draft", async ({ page }) => {
  const first = await postsOn(page, "/blog");
  const second = await postsOn(page, "/blog/page/2");
  const third = await postsOn(page, "/blog/page/3");
  expect([first.length, second.length, third.length]).toEqual([6, 6, 3]);

  const all = [...first, ...second, ...third];
  const dates = all.map((post) => Date.parse(post.date));
  expect(dates).toEqual([...dates].sort((a, b) => b - a));
  expect(new Set(all.map((post) => post.title)).size).toBe(15);
  for (const post of all) expect(post.title).not.toMatch(/draft/i);

  for (const path of ["/blog", "/blog/page/2", "/blog/page/3", "/", "/sitemap.xml"]) {
    const body = await (await page.request.get(path)).text();
    expect(body, path).not.toMatch(/Not Published|spring-roadmap/i);
  }
});

test("pagination controls move between pages", async ({ page }) => {
  await page.goto("/blog");
  const pager = page.getByRole("navigation", { name: "Blog pages" });
  await expect(pager.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  await pager.getByRole("link", { name: "Older posts" }).click();
  await expect(page).toHaveURL(/\/blog\/page\/2$/);
  await pager.getByRole("link", { name: "Page 3" }).click();
  await expect(page).toHaveURL(/\/blog\/page\/3$/);
  await expect(pager.getByRole("link", { name: "Older posts" })).toHaveCount(0);
  await pager.getByRole("link", { name: "Newer posts" }).click();
  await expect(page).toHaveURL(/\/blog\/page\/2$/);
});

test("a post shows its title, author, date and body", async ({ page }) => {
  await page.goto("/blog");
  const firstCard = page.getByTestId("post-list").getByRole("article").first();
  const title = (await firstCard.getByRole("heading").textContent())!.trim();
  await firstCard.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByText(/^By /)).toBeVisible();
  await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
});
