import type { ComponentPropsWithoutRef } from "react";

type PanelProps = ComponentPropsWithoutRef<"section"> & {
  /** A div when the panel is not a section of its own (e.g. inside a page's only form). */
  as?: "section" | "div";
  /** Less padding on small screens (the billing sections, which hold tables and lists). */
  compact?: boolean;
};

/** The white, rounded, bordered panel that groups a page's sections (account, billing, sign-in). */
export function Panel({ as: Tag = "section", compact = false, className, ...props }: PanelProps) {
  const padding = compact ? "p-4 sm:p-6" : "p-6";
  return (
    <Tag
      className={`rounded-3xl border border-slate-200 bg-white shadow-sm ${padding}${className ? ` ${className}` : ""}`}
      {...props}
    />
  );
}
