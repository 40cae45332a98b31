/**
 * The plan catalogue: what Happr sells, by the payment provider's lookup keys. It maps each lookup key
 * to a plan and its features, never to an amount: amounts and currencies are the provider's (Stripe's
 * prices, or the sandbox's price rows), read through lib/billing/catalogue.ts, so a repricing at the
 * provider shows on the site without a deploy.
 */
export type PlanTier = "individual" | "family";
export type PlanInterval = "month" | "year";

export type PlanDefinition = {
  lookupKey: string;
  tier: PlanTier;
  interval: PlanInterval;
  name: string;
  description: string;
};

export const planTiers: Record<PlanTier, { name: string; description: string; includes: string[]; seats: number }> = {
  individual: {
    name: "Happr Individual",
    description: "Everything you need to set goals, build habits and keep your days in order.",
    includes: [
      "My Vision Board, My Calendar and My Habits",
      "Happr Cam for private progress moments",
      "Happr Lounge Mini, moderated and ad-free",
      "The Responsibility Framework guides",
    ],
    seats: 1,
  },
  family: {
    name: "Happr Family",
    description: "One plan for up to six people: shared goals, a private Safe Circle and calm oversight.",
    includes: [
      "Everything in Individual, for up to 6 people",
      "My Safe Circle with invitations for your family",
      "Shared family calendar and goals",
      "Parent and guardian controls",
    ],
    seats: 6,
  },
};

export const plans: PlanDefinition[] = [
  { lookupKey: "happr_individual_monthly", tier: "individual", interval: "month" },
  { lookupKey: "happr_individual_yearly", tier: "individual", interval: "year" },
  { lookupKey: "happr_family_monthly", tier: "family", interval: "month" },
  { lookupKey: "happr_family_yearly", tier: "family", interval: "year" },
].map((plan) => ({
  ...plan,
  tier: plan.tier as PlanTier,
  interval: plan.interval as PlanInterval,
  name: planTiers[plan.tier as PlanTier].name,
  description: planTiers[plan.tier as PlanTier].description,
}));

export function findPlanByLookupKey(lookupKey: string): PlanDefinition | undefined {
  return plans.find((plan) => plan.lookupKey === lookupKey);
}
