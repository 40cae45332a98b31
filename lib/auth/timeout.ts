export const SIGN_OUT_TIMEOUT_MS = 3_000;

/**
 * Waits for `work` at most `ms`; on timeout calls `onTimeout` and resolves anyway (the work goes on
 * in the background, its failure ignored). Failures within the time are rethrown.
 */
export async function withTimeout(
  work: Promise<unknown>,
  onTimeout: () => void,
  ms = SIGN_OUT_TIMEOUT_MS,
): Promise<"done" | "timeout"> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), ms);
  });
  work.catch(() => undefined);
  try {
    const outcome = await Promise.race([work.then(() => "done" as const), timeout]);
    if (outcome === "timeout") onTimeout();
    return outcome;
  } finally {
    clearTimeout(timer);
  }
}
