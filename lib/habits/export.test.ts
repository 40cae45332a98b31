import { describe, expect, it } from "vitest";
import { habitCsv } from "./export";

describe("habitCsv", () => {
  it("writes date, value, rest, note and who; quotes what needs it and defuses formulas", () => {
    const csv = habitCsv(
      [
        { date: "2026-03-09", value: 8, rest: false, note: 'said "hi", then left', memberId: "ada" },
        { date: "2026-03-10", value: null, rest: true, note: "=HYPERLINK(1)", memberId: "ben" },
      ],
      (id) => (id === "ada" ? "you" : id),
    );
    expect(csv).toBe(
      'date,value,rest,note,who\r\n2026-03-09,8,no,"said ""hi"", then left",you\r\n2026-03-10,,yes,\'=HYPERLINK(1),ben\r\n',
    );
  });
});
