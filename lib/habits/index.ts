// My Habits: the pure core (model, score and streaks); the store and service are in ./store.
export * from "./errors";
export * from "./model";
export * from "./score";
