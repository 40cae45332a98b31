import { runSandboxTick } from "./deliver-events";
import type { SandboxBillingProvider } from "./sandbox-provider";
import { logError } from "../../log";

/**
 * Runs the sandbox's clock work on a timer in the running app (renewals, scheduled cancellations,
 * queued plans, event delivery). Safe with several instances: the work claims its rows. Returns a
 * function that stops the timer.
 */
export function startSandboxClockTimer(
  provider: SandboxBillingProvider,
  everyMs = 30_000,
  onError: (error: unknown) => void = (error) => logError("[billing] sandbox clock work failed", error),
) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runSandboxTick(provider)
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref?.();
  return () => clearInterval(timer);
}
