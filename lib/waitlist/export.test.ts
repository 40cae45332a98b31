import { describe, expect, it } from "vitest";
import { csvCell, waitlistToCsv } from "./export";

describe("csvCell", () => {
  it("leaves plain values alone", () => {
    expect(csvCell("ada@example.com")).toBe("ada@example.com");
  });

  it("quotes commas, quotes and line breaks, doubling quotes (RFC 4180)", () => {
    expect(csvCell("Lovelace, Ada")).toBe('"Lovelace, Ada"');
    expect(csvCell('Ada "Countess"')).toBe('"Ada ""Countess"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
  });

  it.each(['=HYPERLINK("http://evil")', "+1+1", "-2+3", "@SUM(A1)", "\tTab", "\rCR"])(
    "neutralises the formula %j",
    (value) => {
      const cell = csvCell(value);
      expect(cell.replace(/^"/, "").startsWith("'")).toBe(true);
    },
  );

  it("neutralises a formula and still quotes it when needed", () => {
    expect(csvCell('=cmd|" /C calc"!A0')).toBe(`"'=cmd|"" /C calc""!A0"`);
  });
});

describe("waitlistToCsv", () => {
  it("writes a header and one CRLF-terminated line per entry", () => {
    const csv = waitlistToCsv([
      {
        email: "ada@example.com",
        firstName: "Ada",
        createdAt: new Date("2026-01-02T03:04:05.678Z"),
        confirmedAt: new Date("2026-01-02T04:00:00Z"),
      },
      { email: "=1+1@example.com", firstName: null, createdAt: new Date("2026-01-03T00:00:00Z"), confirmedAt: null },
    ]);
    expect(csv).toBe(
      "email,first_name,created_at,confirmed_at\r\n" +
        "ada@example.com,Ada,2026-01-02T03:04:05.678Z,2026-01-02T04:00:00.000Z\r\n" +
        "'=1+1@example.com,,2026-01-03T00:00:00.000Z,\r\n",
    );
  });

  it("writes only the header for an empty list", () => {
    expect(waitlistToCsv([])).toBe("email,first_name,created_at,confirmed_at\r\n");
  });
});
