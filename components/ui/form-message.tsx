import type { RefObject } from "react";

/**
 * A form's answer under it: announced politely when it is good news, as an alert when it is not, and
 * focusable so the form can move focus to it after submitting.
 */
export function FormMessage({
  message,
  good,
  messageRef,
}: {
  message: string | undefined;
  good: boolean;
  messageRef: RefObject<HTMLParagraphElement | null>;
}) {
  if (!message) return null;
  return (
    <p
      ref={messageRef}
      tabIndex={-1}
      role={good ? "status" : "alert"}
      className={`rounded-xl px-4 py-3 text-sm font-medium ${good ? "bg-brand-50 text-ink" : "bg-red-50 text-red-800"}`}
    >
      {message}
    </p>
  );
}
