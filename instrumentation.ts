// Runs once when a server process starts: open the database and apply pending migrations before the
// first request, so a bad DATABASE_URL or configuration stops start-up with a clear message.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { getConfig } = await import("./lib/config");
  getConfig();
  const { getDb } = await import("./lib/db/client");
  await getDb();
}
