/** Types of ./content-security-policy.mjs (next.config.ts loads the JavaScript file as it is). */
export function contentSecurityPolicy(options?: { nonce?: string; stripe?: boolean; studio?: boolean }): string;
export function newNonce(): string;
export function objectStoreOrigin(env?: Record<string, string | undefined>): string | null;
