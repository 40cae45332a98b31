import { getCountries } from "libphonenumber-js/min";
import { describe, expect, it } from "vitest";
import { COUNTRY_NAMES } from "./country-names";

describe("COUNTRY_NAMES", () => {
  it("names every country libphonenumber knows, once", () => {
    const codes = COUNTRY_NAMES.map(([code]) => code);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual([...getCountries()].sort());
  });

  it("is in English alphabetical order, so no render sorts it (sorting depends on the ICU data too)", () => {
    const names = COUNTRY_NAMES.map(([, name]) => name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(names.every((name) => name.trim().length > 0)).toBe(true);
  });
});
