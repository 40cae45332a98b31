import type { BenchOptions } from "./options";
import type { RunningApp } from "./server";

/** What every measurement section gets: the settings and the two running apps. */
export type BenchContext = {
  options: BenchOptions;
  /** The main app (`next start`), e.g. main.baseUrl = "http://localhost:3100". */
  main: RunningApp;
  /** The bare one-page Next.js app built alongside. */
  baseline: RunningApp;
  /** Progress line on stderr. */
  log(message: string): void;
};

export type Table = { head: string[]; rows: string[][] };

export type SectionOutput = {
  table: Table;
  /** Printed under the table (e.g. the audits that cost Lighthouse points). */
  notes?: string[];
  /** Goals this run missed; reported, never asserted. */
  belowGoal?: string[];
  /** Written to bench/results/latest.json under the section's name. */
  data: unknown;
};

/** What a section that starts its own servers gets (the two Next.js apps are not started for it alone). */
export type StandaloneContext = Omit<BenchContext, "main" | "baseline">;

/** A named measurement; bench/run.ts runs the registered ones in order. */
export type Section =
  | { name: string; title: string; standalone?: false; run(ctx: BenchContext): Promise<SectionOutput> }
  | { name: string; title: string; standalone: true; run(ctx: StandaloneContext): Promise<SectionOutput> };
