/**
 * The plan catalogue: what Happr sells. The public plans page shows it; the billing engine uses the
 * lookup keys to find the payment provider's prices and the embedded sandbox charges these amounts.
 */
export type PlanTier = "individual" | "family";
export type PlanInterval = "month" | "year";

export type PlanDefinition = {
  lookupKey: string;
  tier: PlanTier;
  interval: PlanInterval;
  name: string;
  description: string;
  /** The embedded default's price, in cents. */
  unitAmount: number;
  currency: "usd";
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
  { lookupKey: "happr_individual_monthly", tier: "individual", interval: "month", unitAmount: 499 },
  { lookupKey: "happr_individual_yearly", tier: "individual", interval: "year", unitAmount: 4999 },
  { lookupKey: "happr_family_monthly", tier: "family", interval: "month", unitAmount: 999 },
  { lookupKey: "happr_family_yearly", tier: "family", interval: "year", unitAmount: 9999 },
].map((plan) => ({
  ...plan,
  tier: plan.tier as PlanTier,
  interval: plan.interval as PlanInterval,
  name: planTiers[plan.tier as PlanTier].name,
  description: planTiers[plan.tier as PlanTier].description,
  currency: "usd" as const,
}));

export function findPlanByLookupKey(lookupKey: string): PlanDefinition | undefined {
  return plans.find((plan) => plan.lookupKey === lookupKey);
}
