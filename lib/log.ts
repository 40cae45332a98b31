/**
 * The app's one way to write to the server log. In production a log line never carries a query
 * string (codes, tokens and invitation links travel in them), a failed query's parameters, or an
 * error's own fields (a provider's raw response, a message body): an error is its name, code,
 * message and stack, with those parts redacted. Elsewhere the whole error is printed for debugging.
 */
const isProduction = () => process.env.NODE_ENV === "production";

/** Strips what must not reach a production log from one piece of text. */
function redact(text: string): string {
  return (
    text
      // A URL's (or a path's) query string: "...?code=123456&x=y" keeps its "?" only.
      .replace(/\?[^\s"'`<>)\]]+/g, "?[redacted]")
      // Drizzle's failed-query errors end with the statement's parameters (emails, hashes, bodies).
      .replace(/^params: .*$/gm, "params: [redacted]")
  );
}

/** An error as a production log shows it: never its own fields, causes summarised the same way. */
function describeError(error: unknown, depth = 0): string {
  if (!(error instanceof Error)) {
    if (typeof error === "string") return redact(error);
    return redact(summarise(error));
  }
  const code = (error as { code?: unknown }).code;
  const head = `${error.name}${typeof code === "string" || typeof code === "number" ? ` (${code})` : ""}: ${error.message}`;
  const frames = (error.stack ?? "").split("\n").filter((line) => line.trimStart().startsWith("at "));
  const cause = error.cause !== undefined && depth < 3 ? `\n  caused by ${describeError(error.cause, depth + 1)}` : "";
  return redact([head, ...frames].join("\n") + cause);
}

// Objects are summarised, not dumped: a request or a provider's response may be among their fields.
function summarise(value: unknown): string {
  if (value === null || typeof value !== "object") return String(value);
  return `[${value.constructor?.name ?? "Object"} with ${Object.keys(value).join(", ") || "no fields"}]`;
}

function write(level: "error" | "warn" | "info", message: string, detail?: unknown) {
  const args = detail === undefined ? [message] : [message, detail];
  if (isProduction())
    console[level](redact(args.map((arg) => (typeof arg === "string" ? arg : describeError(arg))).join(" ")));
  else console[level](...args);
}

export const logError = (message: string, error?: unknown) => write("error", message, error);
export const logWarn = (message: string, detail?: unknown) => write("warn", message, detail);
export const logInfo = (message: string) => write("info", message);

const installed = Symbol.for("happr.console-redaction");

/**
 * In production, what other code prints (Next.js's own error logs, the issuer's Koa app) goes through
 * the same redaction: strings lose query strings, errors are described as above, objects are
 * summarised to their field names. Called once at start-up (instrumentation.ts).
 */
export function installConsoleRedaction(target: Console = console): void {
  if (!isProduction()) return;
  const marked = target as Console & { [installed]?: true };
  if (marked[installed]) return;
  marked[installed] = true;
  for (const level of ["error", "warn", "info", "log", "debug"] as const) {
    const original = target[level].bind(target);
    target[level] = (...args: unknown[]) =>
      original(...args.map((arg) => (typeof arg === "string" ? redact(arg) : describeError(arg))));
  }
}
