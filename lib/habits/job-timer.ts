import { runDueJobs } from "../jobs";
import { deliverPending } from "../mail";
import { logError } from "../log";
import { habitJobHandlers } from "./reminders";

/**
 * Runs the due habit jobs every minute in the running app, then delivers what they queued. Safe with
 * several instances: runDueJobs claims each job. Returns a function that stops the timer.
 */
export function startJobTimer(everyMs = 60_000) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runDueJobs(habitJobHandlers)
      .then(({ ran }) => (ran > 0 ? deliverPending() : undefined))
      .catch((error) => logError("[jobs] scheduled work failed", error))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref?.();
  return () => clearInterval(timer);
}
