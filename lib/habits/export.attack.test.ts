import { describe, expect, it } from "vitest";
import { csvField, habitCsv } from "./export";

/**
 * Attack: a note made to become a formula in a spreadsheet. Many spreadsheets (in locales where the
 * decimal mark is a comma) split CSV on ";", some on tabs: before, the note `x;=1+1` was written bare,
 * so such a spreadsheet read a second cell `=1+1` and ran it.
 */
const cellsSplitOn = (line: string, separator: string) => {
  // A spreadsheet's reading: quoted fields are one cell, separators outside quotes split.
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i]!;
    if (char === '"') {
      if (quoted && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else quoted = !quoted;
    } else if (char === separator && !quoted) {
      cells.push(cell);
      cell = "";
    } else cell += char;
  }
  return [...cells, cell];
};
const formula = (cell: string) => /^[\t\r ]*[=+\-@]/.test(cell);

describe("attack: a habit note cannot become a spreadsheet formula", () => {
  const notes = ["x;=1+1", "x\t=1+1", "a,b;@SUM(A1)", "  =HYPERLINK(1)", "\t=1", "\r=1", "-2+3", "+1", "@A1"];

  it("no note yields a cell that starts a formula, whether the reader splits on , ; or TAB", () => {
    const csv = habitCsv(
      notes.map((note, index) => ({ date: `2026-11-${10 + index}`, value: 1, rest: false, note, memberId: "ada" })),
      () => "you",
    );
    expect(csv).toContain('2026-11-10,1,no,"x;=1+1",you');
    const lines = csv.split("\r\n").filter(Boolean);
    for (const separator of [",", ";", "\t"])
      for (const line of lines.slice(1)) {
        const cells = cellsSplitOn(line, separator);
        expect(cells.filter(formula), `${JSON.stringify(line)} split on ${JSON.stringify(separator)}`).toEqual([]);
      }
  });

  it('each field is quoted when it holds , ; " CR LF or TAB, and defused after leading spaces', () => {
    expect(csvField("x;=1+1")).toBe('"x;=1+1"');
    expect(csvField("a\tb")).toBe('"a\tb"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("  =1+1")).toBe("'  =1+1");
    expect(csvField("\t=1")).toBe('"\'\t=1"');
    expect(csvField("plain note")).toBe("plain note");
  });
});
