// Whether an article is visible, as a filter on articles found another way: by id, by a list of ids,
// by event. Written `+status` so that SQLite never reads it through an index: D1 keeps no table
// statistics (no ANALYZE), and without them the planner rates `status = 'visible'` on
// articles_feed_idx (status, sourced_time) as selective as an id list or an event id, so it walked
// every visible article to keep the 20 a page asked for (all of them read on each miss of a feed page,
// three times: its events, vote counts and comment counts). Feeds, which do want that index, keep
// eq(articles.status, "visible").
import { sql } from "drizzle-orm";
import { articles } from "./schema/index.ts";

export const visibleFilter = () => sql`+${articles.status} = 'visible'`;
