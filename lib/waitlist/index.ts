export * from "./join";
export * from "./schema";
