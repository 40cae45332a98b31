// Runs once when a server process starts: open the database and apply pending migrations before the
// first request, so a bad DATABASE_URL or configuration stops start-up with a clear message.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  try {
    await start();
  } catch (error) {
    // Next logs a failed hook and goes on serving pages: a refused configuration must stop the process
    // instead, so nothing runs on a default nobody chose (and the orchestrator sees it exit).
    const { ConfigError } = await import("./lib/config");
    if (!(error instanceof ConfigError)) throw error;
    const { logError } = await import("./lib/log");
    logError(`Happr did not start. ${error.message}`);
    process.exit(1);
  }
}

async function start() {
  // V8 lets a busy server's heap grow to several times what is live before it collects (1 GB resident
  // for ~180 MB live under the bench's load); growing by 35% at most held 600 MB at the same
  // throughput (bench/README.md, "How far the heap grows"). V8 reads the flag at each collection.
  const { setFlagsFromString } = await import("node:v8");
  setFlagsFromString("--heap-growing-percent=35");
  // First: from here on every request carries its socket's address (lib/request/socket-address.ts).
  const { recordSocketAddresses } = await import("./lib/request/socket-address");
  recordSocketAddresses();
  // Production logs never carry query strings, query parameters or error fields (lib/log.ts): also
  // what Next.js and the issuer print themselves.
  const { installConsoleRedaction, logInfo } = await import("./lib/log");
  installConsoleRedaction();
  const { getConfig } = await import("./lib/config");
  const { checkBuildMatches, servicesTable } = await import("./lib/startup");
  checkBuildMatches(getConfig(), process.env.HAPPR_BUILT_FOR_BILLING);
  logInfo(servicesTable(getConfig()));
  const { getDb } = await import("./lib/db/client");
  await getDb();
  // The sandbox billing engine's clock: renewals, scheduled cancellations and queued plans happen
  // on a timer in the running app (each instance may run it: the work claims its rows).
  if (getConfig().billing.kind === "sandbox") {
    const { asSandbox, getBillingProvider, uncounted } = await import("./lib/billing/provider");
    const { startSandboxClockTimer } = await import("./lib/billing/sandbox/clock-timer");
    // Not counted in BILLING_CALL_LOG: that counts the calls made while serving requests.
    const provider = asSandbox(uncounted(await getBillingProvider()));
    if (provider) startSandboxClockTimer(provider);
  }
  // Scheduled work (habit reminders and weekly summaries, calendar reminders): one timer for every kind;
  // each instance may run it, the jobs are claimed.
  const { startJobTimer } = await import("./lib/jobs/timer");
  const { jobHandlers } = await import("./lib/features");
  startJobTimer(jobHandlers);
}
