export * from "./join";
export * from "./schema";
export * from "./forget";
export * from "./confirm";
