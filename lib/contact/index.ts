export * from "./send";
export * from "./schema";
