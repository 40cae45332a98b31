import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** axe finds nothing on the page as it stands, at a phone's width and a laptop's (each rule and its nodes named). */
export async function expectNoAxeViolations(page: Page, widths = [360, 1280]) {
  // After a client-side navigation Next.js sets the new page's <title> a moment after its heading
  // shows: axe waits for it rather than reporting a page between two titles (document-title).
  await expect(page).toHaveTitle(/\S/);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    const results = await new AxeBuilder({ page }).withTags(tags).analyze();
    expect(
      results.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
      ),
      `axe at ${width}px on ${page.url()}`,
    ).toEqual([]);
  }
}
