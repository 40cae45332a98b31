import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

type ShellProps = {
  id: string;
  label: string;
  /** Shown after the label: "(optional)" for optional fields. */
  optional?: boolean;
  hint?: string;
  error?: string;
  children: (control: { "aria-invalid"?: true; "aria-describedby"?: string; className: string }) => ReactNode;
};

const controlClass =
  "block w-full rounded-xl border bg-white px-3.5 py-2.5 text-base text-ink placeholder:text-muted/70 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/40";

/** Label, control, hint and error wired together: the error is announced with the field. */
function FieldShell({ id, label, optional, hint, error, children }: ShellProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
        {optional ? <span className="font-normal text-muted"> (optional)</span> : null}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {children({
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy,
        className: `${controlClass} ${error ? "border-red-700" : "border-slate-300"}`,
      })}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type Common = { id: string; label: string; optional?: boolean; hint?: string; error?: string };

export function TextField({
  id,
  label,
  optional,
  hint,
  error,
  ...input
}: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldShell id={id} label={label} optional={optional} hint={hint} error={error}>
      {(control) => <input id={id} {...input} {...control} />}
    </FieldShell>
  );
}

/** A required email address field: the browser's email keyboard and autofill, RFC 5321's 254-character cap. */
export function EmailField({
  label = "Email",
  ...rest
}: Omit<Common, "label"> & { label?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <TextField
      name="email"
      type="email"
      label={label}
      required
      aria-required="true"
      autoComplete="email"
      inputMode="email"
      maxLength={254}
      placeholder="name@example.com"
      {...rest}
    />
  );
}

export function TextAreaField({
  id,
  label,
  optional,
  hint,
  error,
  ...textarea
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldShell id={id} label={label} optional={optional} hint={hint} error={error}>
      {(control) => <textarea id={id} {...textarea} {...control} />}
    </FieldShell>
  );
}

export function SelectField({
  id,
  label,
  optional,
  hint,
  error,
  children,
  ...select
}: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldShell id={id} label={label} optional={optional} hint={hint} error={error}>
      {(control) => (
        <select id={id} {...select} {...control}>
          {children}
        </select>
      )}
    </FieldShell>
  );
}

/** A checkbox with its label beside it and its error under it, announced with the box. */
export function CheckboxField({
  id,
  name,
  label,
  error,
  checked,
  onChange,
}: {
  id: string;
  name: string;
  label: ReactNode;
  error?: string;
  /** Controlled, for forms that keep what was chosen after a refusal (React empties a form after its action). */
  checked?: boolean;
  onChange?: (checked: boolean) => void;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-1">
      <label className="inline-flex min-h-11 items-start gap-2 text-base text-ink">
        <input
          id={id}
          type="checkbox"
          name={name}
          className="mt-1 size-5 shrink-0"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          checked={checked}
          onChange={onChange ? (event) => onChange(event.target.checked) : undefined}
        />
        {label}
      </label>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
