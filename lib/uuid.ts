const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `value` is written as a UUID, so it may be compared with a uuid column: PostgreSQL answers
 * any other string there with an error rather than with no row. Ids from URLs and API arguments are
 * checked with this before they reach a query.
 */
export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);
