import type { ButtonHTMLAttributes } from "react";
import { Spinner } from "./spinner";

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: "primary" | "secondary";
  /** Shows a spinner and `pendingLabel`, and disables the button while an action runs. */
  pending?: boolean;
  pendingLabel?: string;
};

/** The button look, for links that act as buttons (Log Out, See plans) and plain form buttons (app/globals.css `.btn`). */
export function buttonClass(variant: "primary" | "secondary" = "primary", className = ""): string {
  return `btn btn-${variant} ${className}`.trim();
}

export function Button({
  variant = "primary",
  pending = false,
  pendingLabel,
  className = "",
  children,
  disabled,
  type = "button",
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || pending}
      aria-disabled={disabled || pending || undefined}
      className={buttonClass(variant, className)}
      {...rest}
    >
      {pending ? (
        <>
          <Spinner className={`h-4 w-4 ${variant === "primary" ? "text-white!" : ""}`} />
          {pendingLabel ?? children}
        </>
      ) : (
        children
      )}
    </button>
  );
}
