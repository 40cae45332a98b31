"use client";

import { lazy, Suspense, useRef, useState } from "react";
import type { FormAction } from "@/lib/forms";
import type { WaitlistFormState } from "@/lib/waitlist/schema";

// The dialog (Radix, the form and its server action) is fetched when someone first reaches for the
// button, not with every page: it is most of the header's JavaScript and most visitors never open it.
const loadBody = () => import("./waitlist-dialog-body");
const WaitlistDialogBody = lazy(loadBody);

/** "Join the waitlist": the header's button and the dialog it opens; `action` joins (the layout hands it down). */
export function WaitlistDialog({ action }: { action: FormAction<WaitlistFormState> }) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadBody()}
        onFocus={() => void loadBody()}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
        className="inline-flex min-h-10 items-center rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold whitespace-nowrap text-white hover:bg-brand-700"
      >
        Join the waitlist
      </button>
      {requested ? (
        <Suspense fallback={null}>
          <WaitlistDialogBody
            action={action}
            open={open}
            onOpenChange={setOpen}
            returnFocus={() => buttonRef.current?.focus()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
