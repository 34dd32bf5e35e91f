// Column helpers used by every table, so time and id columns mean the same thing everywhere.
import { integer, text } from "drizzle-orm/sqlite-core";

/** Timestamps are integer epoch milliseconds (articles.sourced_time is the one exception: seconds, as the spec's sourcedTime). */
export const epochMs = (name: string) => integer(name, { mode: "number" });
export const createdAt = () => epochMs("created_at").notNull();
export const id = () => text("id").primaryKey();
