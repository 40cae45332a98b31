"use client";

import * as RadixDialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";

const sizes = { medium: "max-w-md", large: "max-w-2xl", "extra-large": "max-w-4xl" } as const;

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** Extra-large unless told: room for previews and card forms; on a phone every size is full width. */
  size?: keyof typeof sizes;
  /** Closing is refused while an action runs, so its result is never lost. */
  busy?: boolean;
  /** The button that opens it (focus goes back to it on close). */
  trigger?: ReactNode;
  children: ReactNode;
};

/**
 * A modal dialog (Radix): focus moves in and is trapped, Esc and the close button close it, and focus
 * returns to `trigger`, the control that opened it.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  size = "extra-large",
  busy = false,
  trigger,
  children,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => (busy && !next ? undefined : onOpenChange(next))} modal>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-ink/60" />
        <RadixDialog.Content
          {...(description ? {} : { "aria-describedby": undefined })}
          className={`fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] ${sizes[size]} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl sm:p-8`}
        >
          <RadixDialog.Title className="pr-10 text-2xl font-bold text-ink">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-2 text-base text-muted">{description}</RadixDialog.Description>
          ) : null}
          <div className="mt-4">{children}</div>
          <RadixDialog.Close asChild>
            <button
              type="button"
              aria-label="Close"
              disabled={busy}
              className="absolute top-3 right-3 inline-flex h-11 w-11 items-center justify-center rounded-full text-muted hover:bg-brand-50 hover:text-ink"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-5 w-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              >
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Why a dialog's action failed, announced as an alert above the dialog's buttons. */
export function DialogError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="mt-4 rounded-xl border border-red-700 bg-red-50 p-3 font-medium text-red-800">
      {message}
    </p>
  );
}
