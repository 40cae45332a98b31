import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address";

describe("clientAddress", () => {
  it("takes the entry the nearest hop appended, not what the client claimed", () => {
    expect(clientAddress(new Headers({ "x-forwarded-for": "203.0.113.7" }))).toBe("203.0.113.7");
    expect(clientAddress(new Headers({ "x-forwarded-for": " 1.2.3.4 (spoofed), 198.51.100.9 " }))).toBe("198.51.100.9");
  });

  it("falls back to X-Real-IP", () => {
    expect(clientAddress(new Headers({ "x-real-ip": "198.51.100.4" }))).toBe("198.51.100.4");
    expect(clientAddress(new Headers({ "x-forwarded-for": " , ", "x-real-ip": "198.51.100.4" }))).toBe("198.51.100.4");
  });

  it("answers unknown without either header", () => {
    expect(clientAddress(new Headers())).toBe("unknown");
  });
});
