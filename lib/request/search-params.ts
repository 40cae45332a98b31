/** A search parameter's single value (Next gives arrays for repeated keys). */
export function param(value: string | string[] | undefined): string | undefined {
  const single = Array.isArray(value) ? value[0] : value;
  return single && single.length <= 2048 ? single : undefined;
}

export type SearchParams = Promise<Record<string, string | string[] | undefined>>;
