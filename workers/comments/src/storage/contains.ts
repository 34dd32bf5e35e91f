// Case-insensitive substring filters for the ModMe searches. The search text is matched literally:
// LIKE's own wildcards (% and _) and the escape character in it are escaped.
import { type AnyColumn, type SQL, sql } from "drizzle-orm";

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** `column` contains `text`, ignoring case (ASCII, as SQLite's lower()). */
export const containsText = (column: AnyColumn, text: string): SQL =>
  sql`lower(${column}) LIKE ${`%${escapeLike(text.toLowerCase())}%`} ESCAPE '\\'`;
