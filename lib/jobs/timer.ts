import { runDueJobs, type JobHandler } from ".";
import { deliverPending } from "../mail";
import { logError } from "../log";

/**
 * Runs the due jobs of every kind in `handlers` (lib/features.ts: one map for all features) every
 * minute in the running app, then delivers what they queued. Safe with several instances: runDueJobs
 * claims each job. Returns a function that stops the timer.
 */
export function startJobTimer(handlers: Record<string, JobHandler>, everyMs = 60_000) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runDueJobs(handlers)
      .then(({ ran }) => (ran > 0 ? deliverPending() : undefined))
      .catch((error) => logError("[jobs] scheduled work failed", error))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref?.();
  return () => clearInterval(timer);
}
