import type { RefObject } from "react";

/** Answers that are good news (announced politely): done, a notice sent, or on the way elsewhere. */
const GOOD = new Set(["ok", "sent", "redirect"]);

/**
 * A form's answer under it: announced politely when it is good news, as an alert when it is not, and
 * focusable so the form can move focus to it after submitting. `good` overrides what the status says.
 */
export function FormMessage({
  state,
  good = GOOD.has(state.status),
  messageRef,
}: {
  state: { status: string; message?: string };
  good?: boolean;
  messageRef: RefObject<HTMLParagraphElement | null>;
}) {
  if (!state.message) return null;
  return (
    <p
      ref={messageRef}
      tabIndex={-1}
      role={good ? "status" : "alert"}
      className={`rounded-xl px-4 py-3 text-sm font-medium ${good ? "bg-brand-50 text-ink" : "bg-red-50 text-red-800"}`}
    >
      {state.message}
    </p>
  );
}
