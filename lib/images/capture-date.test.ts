import { describe, expect, it } from "vitest";
import { parseExifDay } from "./capture-date";

describe("parseExifDay: the capture day kept from a photo", () => {
  const now = new Date("2026-11-27T12:00:00Z");

  it("reads EXIF's date as the camera wrote it, a local day", () => {
    expect(parseExifDay("2024:05:01 14:03:22", now)).toBe("2024-05-01");
    expect(parseExifDay("2024:12:31 23:59:59", now)).toBe("2024-12-31");
    expect(parseExifDay("2024-02-29T08:00:00", now)).toBe("2024-02-29");
  });

  it("keeps nothing that is not a real day, is before 1900 or after tomorrow", () => {
    for (const value of [
      "0000:00:00 00:00:00",
      "    :  :     :  :  ",
      "2023:02:29 10:00:00",
      "2024:13:01 10:00:00",
      "2024:04:31 10:00:00",
      "1899:12:31 10:00:00",
      "2026:11:29 00:00:00",
      "yesterday",
      "",
      42,
      undefined,
    ]) {
      expect(parseExifDay(value, now), String(value)).toBeNull();
    }
    expect(parseExifDay("2026:11:28 09:00:00", now)).toBe("2026-11-28");
  });
});
