// The staff tools' work (spec §7 regenerate-summary / -location / -image), called by the gateway over
// the service binding so the NLP code stays out of the gateway. Each regeneration rewrites its fields,
// logs the actor in the moderation log and bumps the content version, all in one batch.

import { isArticleCategory } from "@unbiased/worker-shared/contracts/articles";
import type { RegeneratedFields, RegenerateOutcome, RegenerateTarget } from "@unbiased/worker-shared/contracts/ingest";
import { MODERATION_ACTIONS } from "@unbiased/worker-shared/contracts/moderation";
import { createDb, type Database } from "@unbiased/worker-shared/db/client";
import { bumpContentVersion } from "@unbiased/worker-shared/db/content-version";
import { runBatch } from "@unbiased/worker-shared/db/raw-batch";
import { moderationLogInsert } from "@unbiased/worker-shared/moderation-log";
import { locate } from "@unbiased/worker-shared/nlp/locate";
import { type IngestConfig, ingestConfig } from "../config.ts";
import { chooseImage } from "../images/choose-image.ts";
import { readArticle } from "../pipeline/read-article.ts";
import { summarizeStored, summaryColumns } from "../pipeline/summary-fields.ts";
import { type ArticleUpdate, getArticleSource, updateArticle } from "../storage/articles.ts";

/** The log entry of each regeneration. */
const REGENERATED = {
  summary: MODERATION_ACTIONS.articleRegenerateSummary,
  location: MODERATION_ACTIONS.articleRegenerateLocation,
  image: MODERATION_ACTIONS.articleRegenerateImage,
} satisfies Record<RegenerateTarget, string>;

type ArticleSource = NonNullable<Awaited<ReturnType<typeof getArticleSource>>>;

const regenerators: {
  [T in RegenerateTarget]: (article: ArticleSource, config: IngestConfig) => Promise<RegeneratedFields[T]>;
} = {
  summary: (article, config) => summarizeStored(config.summarizer, article),
  async location(article) {
    return locate(article.body, { title: article.title });
  },
  /** The page's current og:image when it can be read again; else a stock photo or the category image. */
  async image(article, config) {
    const page = await readArticle(article.url, config).then(
      (read) => read.page,
      (err: unknown) => {
        console.warn(`regenerate image: ${article.url} could not be read again: ${String(err)}`);
        return null;
      },
    );
    const category = (article.categoryList ?? "").split(",").find(isArticleCategory) ?? "world";
    const credit = page?.siteName ?? article.sourceName ?? article.domain;
    const image = await chooseImage({
      pageImageUrl: page?.imageUrl ?? null,
      credit,
      category,
      query: article.title,
      stockApiKey: config.stockApiKey,
    });
    return { thumbnailUrl: image.url, imageAttribution: image.attribution };
  },
};

const toColumns = (fields: RegeneratedFields[RegenerateTarget]): ArticleUpdate =>
  "summary" in fields ? summaryColumns(fields) : fields;

export async function regenerate<T extends RegenerateTarget>(
  env: Env,
  articleId: string,
  target: T,
  actorId: string,
): Promise<RegenerateOutcome<T>> {
  const db: Database = createDb(env.DB);
  const article = await getArticleSource(db, articleId);
  if (!article) return { ok: false, status: 404, error: "Article not found" };
  const fields = await regenerators[target](article, ingestConfig(env));
  await runBatch(db, [
    updateArticle(db, articleId, toColumns(fields)),
    moderationLogInsert(db, {
      actorId,
      action: REGENERATED[target],
      targetType: "article",
      targetId: articleId,
    }),
    bumpContentVersion(db),
  ]);
  return { ok: true, data: fields };
}
