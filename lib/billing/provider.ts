import "server-only";
import { appendFileSync } from "node:fs";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import type { BillingProvider } from "./port";
import { SandboxBillingProvider } from "./sandbox/sandbox-provider";
import { createBillingService, type BillingService } from "./service";

/**
 * The process's billing provider, chosen once from the configuration: Stripe when its keys are set,
 * else the sandbox engine in the database. The Stripe adapter is loaded only when used.
 */
const holder = globalThis as unknown as { __happrBilling?: Promise<BillingProvider> };

export function getBillingProvider(): Promise<BillingProvider> {
  holder.__happrBilling ??= (async () => {
    const config = getConfig();
    if (config.billing.kind === "stripe") {
      const { StripeBillingProvider } = await import("./stripe/stripe-provider");
      return new StripeBillingProvider({
        secretKey: config.billing.secretKey,
        webhookSecret: config.billing.webhookSecret,
      });
    }
    return new SandboxBillingProvider({ getDb, siteUrl: config.siteUrl });
  })().then((provider) =>
    getConfig().billingCallLog ? countingCalls(provider, getConfig().billingCallLog!) : provider,
  );
  return holder.__happrBilling;
}

const UNCOUNTED = Symbol("uncounted provider");

/**
 * BILLING_CALL_LOG: every call to the provider appends its method's name to the file (the bench counts
 * the calls made while serving pages). Background work (the sandbox clock) uses `uncounted(provider)`.
 */
function countingCalls(provider: BillingProvider, file: string): BillingProvider {
  return new Proxy(provider, {
    get(target, property, receiver) {
      if (property === UNCOUNTED) return target;
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        appendFileSync(file, `${String(property)}\n`);
        return value.apply(target, args);
      };
    },
  });
}

/** The provider without BILLING_CALL_LOG's counting (itself when not counting). */
export function uncounted(provider: BillingProvider): BillingProvider {
  return (provider as unknown as Record<symbol, BillingProvider | undefined>)[UNCOUNTED] ?? provider;
}

export async function getBillingService(): Promise<BillingService> {
  return createBillingService(await getBillingProvider(), { siteUrl: getConfig().siteUrl });
}

/**
 * The sandbox engine when it is the provider. By `kind`, not `instanceof`: Next bundles route handlers
 * and pages separately, so the provider made by one has another copy of the class than the other's.
 */
export function asSandbox(provider: BillingProvider): SandboxBillingProvider | null {
  return provider.kind === "sandbox" ? (provider as SandboxBillingProvider) : null;
}
