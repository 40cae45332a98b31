import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { IdentityError } from "./errors";
import { messages } from "../messages";
import { passwordStrengthFailure } from "./password-strength";

/**
 * Passwords: Cognito's default policy, and scrypt (memory-hard) hashes that carry their own salt and
 * parameters, so the cost can be raised later without invalidating stored hashes.
 */

// Cognito's default policy and wording. A space counts as a symbol (not at either end), as in Cognito.
const SYMBOLS = "^$*.[]{}()?\"!@#%&/\\,><':;|_~`=+- ";
const MIN_LENGTH = 8;
const MAX_LENGTH = 256;

/** Every rule the password breaks, in the order a form shows them; empty when it is acceptable. */
export function passwordPolicyFailures(password: string): string[] {
  const failures: string[] = [];
  if (password.length < MIN_LENGTH) failures.push(`Password must have at least ${MIN_LENGTH} characters`);
  if (password.length > MAX_LENGTH) failures.push(`Password must have at most ${MAX_LENGTH} characters`);
  if (!/[A-Z]/.test(password)) failures.push("Password must have uppercase characters");
  if (!/[a-z]/.test(password)) failures.push("Password must have lowercase characters");
  if (!/[0-9]/.test(password)) failures.push("Password must have numeric characters");
  if (![...password].some((char) => SYMBOLS.includes(char))) failures.push("Password must have symbol characters");
  if (/^\s|\s$/.test(password)) failures.push("Password must not begin or end with a space");
  return failures;
}

/**
 * The one rule for a password a member chooses (sign-up, reset, change, replacing a temporary one),
 * for both identity adapters: Cognito's policy, then the strength estimate (lib/identity/password-strength),
 * which knows the member's email and names (`userInputs`). Throws InvalidPasswordException saying why.
 */
export function assertPasswordPolicy(password: string, userInputs: readonly string[] = []): void {
  if (password === "") throw new IdentityError("InvalidParameterException", messages.passwordEmpty);
  const [first] = passwordPolicyFailures(password);
  if (first) throw new IdentityError("InvalidPasswordException", `Password did not conform with policy: ${first}`);
  const weak = passwordStrengthFailure(password, userInputs);
  if (weak) throw new IdentityError("InvalidPasswordException", weak);
}

export type ScryptParams = { logN: number; r: number; p: number };

// OWASP's scrypt setting with 32 MiB per hash (N=2^15, r=8, p=3): memory-hard, yet several sign-ins
// at once fit in a small instance's memory.
export const PRODUCTION_PARAMS: ScryptParams = { logN: 15, r: 8, p: 3 };
let activeParams: ScryptParams = PRODUCTION_PARAMS;

/**
 * Tests hash many passwords: they may lower the cost for new hashes. Stored hashes keep their own
 * parameters, so verification is unaffected.
 */
export function setPasswordHashParamsForTests(params: ScryptParams | undefined) {
  activeParams = params ?? PRODUCTION_PARAMS;
  dummyHash = undefined;
}

const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, params: ScryptParams, keyLength: number): Promise<Buffer> {
  const N = 2 ** params.logN;
  const options: ScryptOptions = { N, r: params.r, p: params.p, maxmem: 128 * N * params.r * 2 + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize("NFC"), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** "$scrypt$ln=15,r=8,p=3$<salt>$<hash>" (base64, no padding). */
export async function hashPassword(password: string): Promise<string> {
  const params = activeParams;
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, params, KEY_LENGTH);
  return `$scrypt$ln=${params.logN},r=${params.r},p=${params.p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

const FORMAT = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([\w-]+)\$([\w-]+)$/;

function parseHash(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | undefined {
  const match = FORMAT.exec(stored);
  if (!match) return undefined;
  const params = { logN: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
  if (params.logN < 10 || params.logN > 20 || params.r < 1 || params.p < 1) return undefined;
  return { params, salt: Buffer.from(match[4]!, "base64url"), key: Buffer.from(match[5]!, "base64url") };
}

/** Compares in constant time; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed || parsed.key.length < 16) return false;
  const candidate = await scrypt(password, parsed.salt, parsed.params, parsed.key.length);
  return timingSafeEqual(candidate, parsed.key);
}

/** True when the hash was made with other parameters than today's: rehash after a good sign-in. */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return true;
  const { logN, r, p } = parsed.params;
  return logN !== activeParams.logN || r !== activeParams.r || p !== activeParams.p;
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as checking a real password, for an email with no account: the answer and its
 * timing must not tell whether the account exists.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(12).toString("base64"));
  await verifyPassword(password, await dummyHash);
  return false;
}
