/**
 * Whether the sign-in and account-recovery answers time an account's existence: the median time of a
 * wrong password for an existing account against an unknown email (both checked against a scrypt hash
 * at the production cost), and of forgot-password and confirm for an existing account against an
 * unknown email, and of sign-up with a taken email against a new one. In process, on an in-memory database; attempts alternate so drift hits both alike,
 * and each one has its own clock and address so no delay or lock is in force.
 *
 *   NODE_ENV=test npx tsx --conditions=react-server bench/sign-in-timing.ts [attempts per case]
 */
import { performance } from "node:perf_hooks";
import { installDatabase } from "../lib/db/client";
import { openDatabase } from "../lib/db/open";
import { confirmSignUp, forgotPassword, signUp } from "../lib/identity/builtin/accounts";
import { signIn } from "../lib/identity/builtin/sign-in";
import { lastCodeSentTo } from "../lib/identity/builtin/test-helpers";

const attempts = Number(process.argv[2] ?? 25);
const MINUTE = 60_000;
const start = Date.UTC(2026, 0, 1);
let step = 0;
// Each attempt 20 minutes after the last (past every lockout window), from its own address.
const context = () => {
  step += 1;
  return {
    now: new Date(start + step * 20 * MINUTE),
    mfa: "optional" as const,
    clientAddress: `10.${(step >> 16) & 255}.${(step >> 8) & 255}.${step & 255}`,
  };
};

async function timed(call: () => Promise<unknown>): Promise<number> {
  const began = performance.now();
  await call().catch(() => undefined);
  return performance.now() - began;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function compare(label: string, existing: () => Promise<unknown>, unknown: () => Promise<unknown>) {
  // Warm-up: the dummy hash is made on first use, and the JIT settles.
  for (let index = 0; index < 3; index += 1)
    await Promise.all([timed(existing), timed(unknown)]).catch(() => undefined);
  const times = { existing: [] as number[], unknown: [] as number[] };
  for (let index = 0; index < attempts; index += 1) {
    const first = index % 2 === 0 ? "existing" : "unknown";
    const second = first === "existing" ? "unknown" : "existing";
    times[first].push(await timed(first === "existing" ? existing : unknown));
    times[second].push(await timed(second === "existing" ? existing : unknown));
  }
  const a = median(times.existing);
  const b = median(times.unknown);
  console.log(
    `${label.padEnd(34)} existing ${a.toFixed(1).padStart(7)} ms   unknown ${b.toFixed(1).padStart(7)} ms   difference ${(a - b).toFixed(1).padStart(6)} ms (${((100 * (a - b)) / b).toFixed(1)}%)`,
  );
}

async function main() {
  const database = await openDatabase({ kind: "pglite-memory" });
  installDatabase(database);
  const email = "timing@example.com";
  await signUp({ email, password: "Moonlit-Harbour-77?", givenName: "Tim", familyName: "Ing" }, context());
  await confirmSignUp({ email, code: await lastCodeSentTo(database.db, email) }, context());

  console.log(`Median of ${attempts} attempts per case (production scrypt cost):`);
  await compare(
    "sign-in, wrong password",
    () => signIn({ email, password: "Wrong-Guess-1!" }, context()),
    () => signIn({ email: "nobody@example.com", password: "Wrong-Guess-1!" }, context()),
  );
  await compare(
    "forgot password",
    () => forgotPassword({ email }, context()),
    () => forgotPassword({ email: "nobody@example.com" }, context()),
  );
  await compare(
    "confirm, wrong code",
    () => confirmSignUp({ email, code: "000000" }, context()),
    () => confirmSignUp({ email: "nobody@example.com", code: "000000" }, context()),
  );
  let newcomer = 0;
  await compare(
    "sign-up",
    () => signUp({ email, password: "Sunrise-Garden-42!", givenName: "Tim", familyName: "Ing" }, context()),
    () =>
      signUp(
        {
          email: `newcomer${(newcomer += 1)}@example.com`,
          password: "Sunrise-Garden-42!",
          givenName: "Tim",
          familyName: "Ing",
        },
        context(),
      ),
  );
  await database.close();
}

await main();
