// A feed the ingest worker polls, as the production list and the local newswire describe it.
import type { ArticleCategory } from "@unbiased/worker-shared/contracts/articles";
import type { FeedKind } from "../feeds/feed-item.ts";

export interface ConfiguredFeed {
  id: string;
  name: string;
  feedUrl: string;
  kind: FeedKind;
  /** Used when the feed labels its items with no category of its own. */
  defaultCategory: ArticleCategory | null;
}
