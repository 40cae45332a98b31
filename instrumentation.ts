// Runs once when a server process starts: open the database and apply pending migrations before the
// first request, so a bad DATABASE_URL or configuration stops start-up with a clear message.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { getConfig } = await import("./lib/config");
  getConfig();
  const { getDb } = await import("./lib/db/client");
  await getDb();
  // The sandbox billing engine's clock: renewals, scheduled cancellations and queued plans happen
  // on a timer in the running app (each instance may run it: the work claims its rows).
  if (getConfig().billing.kind === "sandbox") {
    const { getBillingProvider } = await import("./lib/billing/provider");
    const { isSandboxProvider } = await import("./lib/billing/sandbox/sandbox-provider");
    const { startSandboxClockTimer } = await import("./lib/billing/sandbox/clock-timer");
    const provider = await getBillingProvider();
    if (isSandboxProvider(provider)) startSandboxClockTimer(provider);
  }
}
