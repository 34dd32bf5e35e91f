// Synthetic, clearly marked data for load and search testing: articles on synthetic-N.example
// domains whose bodies say they are synthetic, users on synthetic.example, and their comments.
// Pure: the same counts, seed and clock give the same rows.
import { ARTICLE_CATEGORIES, type ArticleCategory } from "@unbiased/worker-shared/contracts/articles";
import { approvedTabSince } from "@unbiased/worker-shared/contracts/moderation";
import type {
  articleCategories,
  articles,
  comments,
  sources,
  userArticleVotes,
  userReputation,
  users,
} from "@unbiased/worker-shared/db/schema/index";
import { formatDay } from "@unbiased/worker-shared/summarizer/calendar";
import { SUMMARIZER_VERSION } from "@unbiased/worker-shared/summarizer/version";
import type { Random } from "./random.ts";
import {
  ACTIONS,
  ACTORS,
  COMMENT_OPENERS,
  COMMENT_SENTENCES,
  DETAILS,
  FIRST_NAMES,
  LAST_NAMES,
  MEANS,
  PAST_ACTIONS,
  PLACES,
  REASONS,
  TOPICS,
} from "./seed-vocabulary.ts";

export interface SeedCounts {
  articles: number;
  users: number;
  comments: number;
  /**
   * Article votes, as the users' voting histories in D1's pre-ADR-022 table (the votes worker's move
   * call takes them to each user's UserVotes object) with the articles' counts made from them; 0 keeps
   * the counts random, as they were before votes were seeded.
   */
  votes?: number;
}

export interface SeedRows {
  sources: (typeof sources.$inferInsert)[];
  articles: (typeof articles.$inferInsert)[];
  articleCategories: (typeof articleCategories.$inferInsert)[];
  users: (typeof users.$inferInsert)[];
  userReputation: (typeof userReputation.$inferInsert)[];
  comments: (typeof comments.$inferInsert)[];
  userArticleVotes: (typeof userArticleVotes.$inferInsert)[];
}

export interface SeedContext {
  random: Random;
  /** Epoch milliseconds the data is dated against. */
  now: number;
  /** Makes this run's ids, URLs and e-mails unique, so seeding twice without --reset adds rows. */
  runTag: string;
}

export const SYNTHETIC_SOURCES = 20;
export const SYNTHETIC_MARKER =
  "This article is synthetic test data generated for Unbiased 24/7; the events did not happen.";
const MODERATOR_SHARE = 0.02;
const NEGATIVE_REPUTATION_SHARE = 0.03;
const REPLY_SHARE = 0.4;
/** How strongly comments crowd onto a few articles (see Random.pickSkewed). */
const DISCUSSION_SKEW = 5;
const PENDING_SHARE = 0.12;
/** Votes crowd onto a few stories less than comments do. */
const VOTE_SKEW = 2.2;
const DAY_MS = 86_400_000;

export function generateSeed(counts: SeedCounts, context: SeedContext): SeedRows {
  const generatedSources = syntheticSources(context.now);
  const generatedArticles = Array.from({ length: counts.articles }, (_, i) => syntheticArticle(i, context));
  const generatedUsers = Array.from({ length: counts.users }, (_, i) => syntheticUser(i, counts.users, context));
  const restricted = new Set(
    generatedUsers.filter(() => context.random.chance(NEGATIVE_REPUTATION_SHARE)).map((user) => user.id),
  );
  const generatedComments = syntheticComments(counts.comments, generatedArticles, generatedUsers, restricted, context);
  const generatedVotes = syntheticVotes(counts.votes ?? 0, generatedArticles, generatedUsers, context);
  return {
    sources: generatedSources,
    articles: withVoteCounts(generatedArticles, generatedVotes, context),
    articleCategories: generatedArticles.flatMap((article) =>
      article.categories.map((category) => ({
        articleId: article.row.id,
        category,
        sourcedTime: article.row.sourcedTime,
      })),
    ),
    users: generatedUsers,
    userReputation: reputationFor(generatedUsers, generatedComments, restricted, context),
    comments: generatedComments,
    userArticleVotes: generatedVotes,
  };
}

function syntheticSources(now: number): (typeof sources.$inferInsert)[] {
  return Array.from({ length: SYNTHETIC_SOURCES }, (_, i) => ({
    id: `synthetic-${i + 1}`,
    name: `Synthetic Wire ${i + 1}`,
    domain: `synthetic-${i + 1}.example`,
    feedUrl: `https://synthetic-${i + 1}.example/feed.xml`,
    feedKind: "rss" as const,
    defaultCategory: null,
    // Never polled: their `.example` hosts exist nowhere (RFC 2606), so a poll could only wait on DNS.
    active: false,
    createdAt: now,
  }));
}

interface GeneratedArticle {
  row: typeof articles.$inferInsert;
  categories: ArticleCategory[];
}

function syntheticArticle(index: number, { random, now, runTag }: SeedContext): GeneratedArticle {
  const category = random.pick(ARTICLE_CATEGORIES);
  const categories: ArticleCategory[] = random.chance(0.15)
    ? [...new Set([category, random.pick(ARTICLE_CATEGORIES)])]
    : [category];
  const place = random.pickSkewed(PLACES);
  const actor = random.pickSkewed(ACTORS);
  const action = random.pickSkewed(ACTIONS);
  const topic = random.pickSkewed(TOPICS[category]);
  const reason = random.pick(REASONS);
  const means = random.pick(MEANS);
  const [detail, otherDetail] = [random.pickSkewed(DETAILS), random.pickSkewed(DETAILS)];
  const sourcedTime = Math.floor((now - articleAge(random)) / 1000);
  const day = formatDay(new Date(sourcedTime * 1000));
  const source = random.int(1, SYNTHETIC_SOURCES);
  const lead = `The ${actor} in ${place} ${PAST_ACTIONS[action]} the ${topic} on ${day}, ${reason}.`;
  const sentences = [
    lead,
    `Officials said the work would be carried out ${means}.`,
    `The ${topic} is expected to cost about ${random.int(2, 900)} million and to affect some ${random.int(3, 90) * 100} ${detail}.`,
    `Critics said the plan did not go far enough for ${otherDetail} and asked for a second review.`,
    `A decision on the next phase is due within ${random.int(2, 18)} months.`,
    ...Array.from(
      { length: random.int(0, 3) },
      () => `Local ${random.pickSkewed(DETAILS)} said they would follow the ${topic} closely.`,
    ),
  ];
  const id = `syn-${runTag}-a${index}`;
  return {
    categories,
    row: {
      id,
      url: `https://synthetic-${source}.example/${runTag}/${index}-${slug(`${place} ${topic}`)}`,
      title: random.chance(0.5)
        ? `${place} ${actor} ${action} ${topic}`
        : `${capitalise(actor)} ${action} ${topic} in ${place}`,
      domain: `synthetic-${source}.example`,
      sourceId: `synthetic-${source}`,
      sourceName: `Synthetic Wire ${source}`,
      author: "Synthetic Seed",
      thumbnailUrl: null,
      sourcedTime,
      location: place,
      locationCity: place,
      locationCountry: null,
      // A template summary from the parts the article was built from: the NLP summarizer is far too slow for 10,000 rows.
      // Marked as the current summarizer's, so the catch-up job (summaries.refresh) leaves them as they are.
      summarizerVersion: SUMMARIZER_VERSION,
      tldr: lead,
      shortSummary: sentences.slice(0, 3).join(" "),
      summary: JSON.stringify({
        who: `The ${actor} in ${place}`,
        what: `The ${actor} ${PAST_ACTIONS[action]} the ${topic}`,
        when: day,
        where: place,
        why: capitalise(reason),
        how: capitalise(means),
      }),
      detailedSummary: sentences.slice(0, 6).join(" "),
      body: [...sentences, SYNTHETIC_MARKER].join("\n\n"),
      createdAt: now,
      updatedAt: now,
    },
  };
}

/** A tenth of the articles from the last day, about half from the last week, the rest up to 90 days old. */
function articleAge(random: Random): number {
  const roll = random.next();
  if (roll < 0.1) return random.next() * DAY_MS;
  if (roll < 0.5) return random.next() * 7 * DAY_MS;
  return random.next() * 90 * DAY_MS;
}

function syntheticUser(index: number, total: number, { random, now, runTag }: SeedContext): typeof users.$inferInsert {
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  const createdAt = now - random.int(1, 365) * DAY_MS;
  return {
    id: `syn-${runTag}-u${index}`,
    googleSub: null,
    email: `${slug(`${first}.${last}`)}.${index}.${runTag}@synthetic.example`,
    name: `${first} ${last}`,
    picture: null,
    role: index < Math.max(1, Math.round(total * MODERATOR_SHARE)) ? "moderator" : "user",
    createdAt,
    lastLoginAt: random.chance(0.8) ? now - random.int(0, 30 * 24) * 3_600_000 : null,
  };
}

function syntheticComments(
  count: number,
  generatedArticles: readonly GeneratedArticle[],
  generatedUsers: readonly (typeof users.$inferInsert)[],
  restricted: ReadonlySet<string>,
  { random, now, runTag }: SeedContext,
): (typeof comments.$inferInsert)[] {
  if (count > 0 && (generatedArticles.length === 0 || generatedUsers.length === 0))
    throw new Error("Comments need at least one article and one user");
  const byArticle = new Map<string, (typeof comments.$inferInsert)[]>();
  const all: (typeof comments.$inferInsert)[] = [];
  for (let i = 0; i < count; i++) {
    // Skewed picks: a few articles draw most of the discussion, a few users write most comments.
    const article = random.pickSkewed(generatedArticles, DISCUSSION_SKEW).row;
    const user = random.pickSkewed(generatedUsers);
    const thread = byArticle.get(article.id) ?? [];
    const parent = thread.length > 0 && random.chance(REPLY_SHARE) ? random.pick(thread) : undefined;
    const after = parent?.createdAt ?? article.sourcedTime * 1000;
    const createdAt = Math.min(now, after + random.int(1, 48 * 60) * 60_000);
    const approved = !restricted.has(user.id) && !random.chance(PENDING_SHARE);
    const comment: typeof comments.$inferInsert = {
      id: `syn-${runTag}-c${i}`,
      articleId: article.id,
      userId: user.id,
      parentId: parent?.id ?? null,
      content: commentText(random),
      status: approved ? "approved" : "pending",
      statusReason: null,
      upvotes: approved ? Math.floor(random.next() ** 3 * 60) : 0,
      downvotes: approved ? Math.floor(random.next() ** 4 * 20) : 0,
      createdAt,
      updatedAt: createdAt,
      approvedAt: approved ? createdAt : null,
      // ModMe's Approved tab lists the last days' approvals (the comments worker's cron ends the others).
      inApprovedTab: approved && createdAt >= approvedTabSince(now),
    };
    thread.push(comment);
    byArticle.set(article.id, thread);
    all.push(comment);
  }
  return all;
}

/** 3 to 8000 characters: mostly a few sentences, now and then a one-word reply or a long essay. */
function commentText(random: Random): string {
  const roll = random.next();
  if (roll < 0.03) return random.pick(["Yes.", "No.", "+1!", "Agreed.", "Why?"]);
  const sentences = roll < 0.88 ? random.int(1, 4) : roll < 0.98 ? random.int(5, 25) : random.int(60, 200);
  const text = [
    random.pick(COMMENT_OPENERS),
    ...Array.from({ length: sentences }, () => random.pick(COMMENT_SENTENCES)),
  ].join(" ");
  return text.length <= 8000 ? text : text.slice(0, 8000).replace(/\s+\S*$/u, "");
}

/**
 * `count` votes, each user's on distinct articles: the users in turn (so every user has about the same
 * number), the articles skewed like the discussion (a few stories draw most votes), three in four up,
 * cast in the last 30 days but never before the article.
 */
function syntheticVotes(
  count: number,
  generatedArticles: readonly GeneratedArticle[],
  generatedUsers: readonly (typeof users.$inferInsert)[],
  { random, now }: SeedContext,
): (typeof userArticleVotes.$inferInsert)[] {
  if (count === 0) return [];
  // Distinct pairs are drawn at random, so leave them room: past half of every pair, the draws would
  // mostly hit pairs already taken.
  if (count > (generatedArticles.length * generatedUsers.length) / 2)
    throw new Error(
      `${count} votes need more articles or users: at most half of ${generatedArticles.length} articles × ${generatedUsers.length} users`,
    );
  const cast = new Set<string>();
  const votes: (typeof userArticleVotes.$inferInsert)[] = [];
  for (let i = 0; votes.length < count; i++) {
    const user = generatedUsers[i % generatedUsers.length] as typeof users.$inferInsert;
    const article = random.pickSkewed(generatedArticles, VOTE_SKEW).row;
    const key = `${user.id} ${article.id}`;
    if (cast.has(key)) continue;
    cast.add(key);
    const earliest = Math.max(article.sourcedTime * 1000, now - 30 * DAY_MS);
    votes.push({
      userId: user.id,
      articleId: article.id,
      voteType: random.chance(0.75) ? "upvote" : "downvote",
      updatedAt: earliest + Math.floor(random.next() * (now - earliest)),
    });
  }
  return votes;
}

/** The articles' rows with their D1 copy of the vote counts (migration 0021). */
function withVoteCounts(
  generatedArticles: readonly GeneratedArticle[],
  generatedVotes: readonly (typeof userArticleVotes.$inferInsert)[],
  { random, now }: SeedContext,
): (typeof articles.$inferInsert)[] {
  const votesPerArticle = new Map<string, { upvotes: number; downvotes: number }>();
  for (const vote of generatedVotes) {
    const counts = votesPerArticle.get(vote.articleId) ?? { upvotes: 0, downvotes: 0 };
    if (vote.voteType === "upvote") counts.upvotes += 1;
    else counts.downvotes += 1;
    votesPerArticle.set(vote.articleId, counts);
  }
  return generatedArticles.map(({ row }) => {
    // With seeded votes the counts are theirs; without, made up as before votes were seeded.
    const upvotes = Math.floor(random.next() ** 3 * 500);
    const counts =
      generatedVotes.length > 0
        ? (votesPerArticle.get(row.id) ?? { upvotes: 0, downvotes: 0 })
        : { upvotes, downvotes: Math.floor(random.next() * (upvotes / 3 + 5)) };
    return { ...row, ...counts, netVotes: counts.upvotes - counts.downvotes, votesUpdatedAt: now };
  });
}

/** Counters that agree with the generated comments; restricted users get a negative score. */
function reputationFor(
  generatedUsers: readonly (typeof users.$inferInsert)[],
  generatedComments: readonly (typeof comments.$inferInsert)[],
  restricted: ReadonlySet<string>,
  { random, now }: SeedContext,
): (typeof userReputation.$inferInsert)[] {
  const totals = new Map<string, { up: number; down: number; approved: number }>();
  for (const comment of generatedComments) {
    const total = totals.get(comment.userId) ?? { up: 0, down: 0, approved: 0 };
    total.up += comment.upvotes ?? 0;
    total.down += comment.downvotes ?? 0;
    if (comment.status === "approved") total.approved += 1;
    totals.set(comment.userId, total);
  }
  return generatedUsers.map((user) => {
    const total = totals.get(user.id) ?? { up: 0, down: 0, approved: 0 };
    const earned = total.approved + Math.floor((total.up - total.down) / 10);
    return {
      userId: user.id,
      score: restricted.has(user.id) ? -random.int(1, 5) : Math.max(0, earned),
      totalUpvotes: total.up,
      totalDownvotes: total.down,
      approvedComments: total.approved,
      updatedAt: now,
    };
  });
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const slug = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, "-")
    .replace(/^-|-$/g, "");
