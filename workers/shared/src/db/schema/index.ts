export * from "./users.ts";
export * from "./articles.ts";
export * from "./comments.ts";
export * from "./votes.ts";
export * from "./operations.ts";
