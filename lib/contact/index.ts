export * from "./send";
export * from "./schema";
export * from "./forget";
