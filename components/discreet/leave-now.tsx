"use client";

import { useEffect } from "react";
import { LEAVE_NOW_URL, SHIFT_PRESSES_TO_LEAVE, SHIFT_WINDOW_MS } from "@/config/discreet";

/**
 * Replaces this page with an everyday site: location.replace, so Back does not come back here, after
 * clearing what this tab kept in session storage. Someone walking in should see nothing of Happr.
 */
function leaveNow() {
  try {
    sessionStorage.clear();
  } catch {
    // Storage can be blocked; leaving matters more.
  }
  window.location.replace(LEAVE_NOW_URL);
}

/** Shift pressed three times in quick succession, with no other key between: leave at once. */
function useShiftThreeTimes() {
  useEffect(() => {
    let presses = 0;
    let last = 0;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Shift" || event.repeat) {
        if (event.key !== "Shift") presses = 0;
        return;
      }
      presses = event.timeStamp - last <= SHIFT_WINDOW_MS ? presses + 1 : 1;
      last = event.timeStamp;
      if (presses >= SHIFT_PRESSES_TO_LEAVE) leaveNow();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}

/** The quick exit: a button that stays in view at the bottom of the screen, and Shift three times. */
export function LeaveNow() {
  useShiftThreeTimes();
  return (
    <div className="leave-now fixed bottom-5 left-5 z-40">
      <button
        type="button"
        onClick={leaveNow}
        aria-describedby="leave-now-hint"
        className="min-h-11 rounded-full bg-ink px-5 py-2 text-sm font-semibold text-white shadow-lg hover:bg-ink/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        Leave now
      </button>
      <span id="leave-now-hint" className="sr-only">
        Opens a weather site in place of this page. Shift pressed three times does the same.
      </span>
    </div>
  );
}
