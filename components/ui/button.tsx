import type { ButtonHTMLAttributes } from "react";
import { Spinner } from "./spinner";

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: "primary" | "secondary";
  /** Shows a spinner and `pendingLabel`, and disables the button while an action runs. */
  pending?: boolean;
  pendingLabel?: string;
};

const variants = {
  // brand-600 rather than brand-500 keeps white text above 4.5:1 contrast.
  primary: "bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-600/70",
  secondary: "border border-brand-200 bg-white text-ink hover:bg-brand-50 disabled:text-muted",
};

/** The button look, for links that act as buttons (Log Out, See plans) and plain form buttons. */
export function buttonClass(variant: keyof typeof variants = "primary", className = ""): string {
  return `inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed ${variants[variant]} ${className}`.trim();
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
