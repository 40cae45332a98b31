import { afterEach, describe, expect, it, vi } from "vitest";
import { SIGN_OUT_TIMEOUT_MS, withTimeout } from "./timeout";

afterEach(() => vi.useRealTimers());

describe("withTimeout (sign-out's provider call)", () => {
  it("gives up after 3 seconds and reports it, so the local sign-out completes", async () => {
    vi.useFakeTimers();
    const onTimeout = vi.fn();
    const pending = withTimeout(new Promise(() => {}), onTimeout);
    await vi.advanceTimersByTimeAsync(SIGN_OUT_TIMEOUT_MS - 1);
    expect(onTimeout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toBe("timeout");
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it("answers as soon as the provider does", async () => {
    const onTimeout = vi.fn();
    expect(await withTimeout(Promise.resolve(), onTimeout)).toBe("done");
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it("rethrows a failure that comes in time", async () => {
    await expect(withTimeout(Promise.reject(new Error("down")), () => {})).rejects.toThrow("down");
  });
});
