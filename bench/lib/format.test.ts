import { describe, expect, it } from "vitest";
import { formatTable, median } from "./format";

describe("formatTable", () => {
  it("pads labels left and figures right under a rule", () => {
    expect(
      formatTable({
        head: ["app", "req/s"],
        rows: [
          ["main", "1234.5"],
          ["baseline", "9.0"],
        ],
      }),
    ).toBe(["app        req/s", "--------  ------", "main      1234.5", "baseline     9.0"].join("\n"));
  });
});

describe("median", () => {
  it("takes the middle value, or the mean of the two middle ones", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
