import { dateTimeFormat } from "./intl";
const dateFormat = dateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** "Mon D, YYYY" (en-US, UTC) from an ISO 8601 string or Unix seconds. */
export function formatDate(value: string | number): string {
  const date = typeof value === "number" ? new Date(value * 1000) : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  return dateFormat.format(date);
}
