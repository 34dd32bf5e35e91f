export * from "./articles.ts";
export * from "./comments.ts";
export * from "./operations.ts";
export * from "./users.ts";
export * from "./votes.ts";
