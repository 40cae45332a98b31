import { afterEach, describe, expect, it } from "vitest";
import { STANDING_TTL_MS, forgetStandingSessions, rememberStanding } from "./session-checks";

describe("rememberStanding", () => {
  afterEach(() => forgetStandingSessions());

  const counting = (answers: boolean[]) => {
    const calls = { count: 0 };
    const check = async () => answers[Math.min(calls.count++, answers.length - 1)]!;
    return { calls, check };
  };

  it("asks the database once while a 'stands' is fresh, and again once it is not", async () => {
    let now = 1_000;
    const { calls, check } = counting([true]);
    expect(await rememberStanding("k", check, () => now)).toBe(true);
    expect(await rememberStanding("k", check, () => now + STANDING_TTL_MS - 1)).toBe(true);
    expect(calls.count).toBe(1);
    now += STANDING_TTL_MS;
    expect(await rememberStanding("k", check, () => now)).toBe(true);
    expect(calls.count).toBe(2);
  });

  it("never remembers a refusal", async () => {
    const { calls, check } = counting([false, false]);
    expect(await rememberStanding("k", check)).toBe(false);
    expect(await rememberStanding("k", check)).toBe(false);
    expect(calls.count).toBe(2);
  });

  it("asks again right after a revocation written on this instance", async () => {
    const { calls, check } = counting([true, false]);
    expect(await rememberStanding("k", check)).toBe(true);
    forgetStandingSessions();
    expect(await rememberStanding("k", check)).toBe(false);
    expect(calls.count).toBe(2);
  });

  it("does not keep the answer of a check that was running when a revocation was written", async () => {
    let release!: () => void;
    const slow = () => new Promise<boolean>((resolve) => (release = () => resolve(true)));
    const pending = rememberStanding("k", slow);
    forgetStandingSessions();
    release();
    expect(await pending).toBe(true);
    const { calls, check } = counting([false]);
    expect(await rememberStanding("k", check)).toBe(false);
    expect(calls.count).toBe(1);
  });
});
