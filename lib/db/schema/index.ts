// One file per domain; this index is what drizzle and the app see.
export * from "./site";
export * from "./identity";
export * from "./billing";
export * from "./profile";
export * from "./invitations";
export * from "./settings";
export * from "./circles";
export * from "./calendar";
export * from "./habits";
export * from "./jobs";
export * from "./live";
export * from "./uploads";
export * from "./cam";
export * from "./vision-board";
export * from "./lounge";
