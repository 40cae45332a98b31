import { encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { decodeRemembered } from "./decoded-sessions";

const SECRET = "decoded-sessions-test-secret-0123456789abcdef";
const SALT = "authjs.session-token";

describe("decodeRemembered", () => {
  it("answers a remembered cookie until its expiry, then refuses it", async () => {
    const token = await encode({ salt: SALT, secret: SECRET, maxAge: 60, token: { sub: "member-1" } });
    const first = await decodeRemembered({ token, secret: SECRET, salt: SALT });
    expect(first).toMatchObject({ sub: "member-1" });
    // The same bytes again: the same (shared, frozen) answer.
    expect(await decodeRemembered({ token, secret: SECRET, salt: SALT })).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    const past = () => (first!.exp! + 16) * 1000;
    await expect(decodeRemembered({ token, secret: SECRET, salt: SALT }, past)).rejects.toThrow(/expired/);
  });

  it("refuses the same bytes under another secret or cookie name, though they were remembered", async () => {
    const token = await encode({ salt: SALT, secret: SECRET, token: { sub: "member-2" } });
    expect(await decodeRemembered({ token, secret: SECRET, salt: SALT })).toMatchObject({ sub: "member-2" });
    await expect(
      decodeRemembered({ token, secret: "another-secret-0123456789abcdef0123456789", salt: SALT }),
    ).rejects.toThrow();
    await expect(decodeRemembered({ token, secret: SECRET, salt: "__Secure-authjs.session-token" })).rejects.toThrow();
  });
});
