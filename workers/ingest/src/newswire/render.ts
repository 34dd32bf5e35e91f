// The sample newswire's documents: an RSS 2.0 feed of every sample article (dated relative to `now`,
// with its category) and one HTML page per article shaped like a publisher's page (Open Graph and
// article meta tags, a canonical link, the story in <article> between navigation and footer
// boilerplate), so the pipeline's extraction does real work.
import { escapeUTF8 } from "entities";
import type { NewswireArticle } from "./corpus.ts";

export const articlePath = (key: string) => `/newswire/articles/${encodeURIComponent(key)}`;

const publishedAt = (article: NewswireArticle, nowMs: number) => new Date(nowMs - article.hoursAgo * 3600_000);

const paragraphs = (body: string) =>
  body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

export function renderFeed(articles: readonly NewswireArticle[], origin: string, nowMs: number): string {
  const items = [...articles]
    .sort((a, b) => a.hoursAgo - b.hoursAgo)
    .map((article) =>
      [
        "    <item>",
        `      <title>${escapeUTF8(article.title)}</title>`,
        `      <link>${escapeUTF8(new URL(articlePath(article.key), origin).href)}</link>`,
        `      <guid isPermaLink="false">${escapeUTF8(article.key)}</guid>`,
        `      <pubDate>${publishedAt(article, nowMs).toUTCString()}</pubDate>`,
        `      <category>${escapeUTF8(article.category)}</category>`,
        `      <source url="${escapeUTF8(new URL(article.url).origin)}">${escapeUTF8(article.source)}</source>`,
        `      <description>${escapeUTF8(paragraphs(article.body)[0] ?? "")}</description>`,
        "    </item>",
      ].join("\n"),
    );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0">',
    "  <channel>",
    "    <title>Unbiased 24/7 sample newswire</title>",
    `    <link>${escapeUTF8(new URL("/newswire/", origin).href)}</link>`,
    "    <description>Fictional sample articles for local development. Not real news.</description>",
    `    <lastBuildDate>${new Date(nowMs).toUTCString()}</lastBuildDate>`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

export function renderArticlePage(article: NewswireArticle, nowMs: number): string {
  const published = publishedAt(article, nowMs).toISOString();
  const title = escapeUTF8(article.title);
  const source = escapeUTF8(article.source);
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>${title} | ${source}</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta property="og:type" content="article">
  <meta property="og:title" content="${title}">
  <meta property="og:site_name" content="${source}">
  <meta property="og:url" content="${escapeUTF8(article.url)}">
  <meta property="article:published_time" content="${published}">
  <meta property="article:section" content="${escapeUTF8(article.category)}">
  <meta name="author" content="${escapeUTF8(article.author)}">
  <link rel="canonical" href="${escapeUTF8(article.url)}">
</head>
<body>
  <header class="masthead">
    <p>${source}: independent reporting since 1998. Subscribe to our morning briefing for the day's top stories.</p>
    <nav><a href="/">Home</a> <a href="/world">World</a> <a href="/business">Business</a> <a href="/tech">Tech</a></nav>
  </header>
  <main>
    <article>
      <h1>${title}</h1>
      <div class="byline">By ${escapeUTF8(article.author || article.source)}, <time datetime="${published}">${published.slice(0, 10)}</time></div>
${paragraphs(article.body)
  .map((p) => `      <p>${escapeUTF8(p)}</p>`)
  .join("\n")}
    </article>
    <aside><p>Most read: five things to know before the markets open this morning.</p></aside>
  </main>
  <footer>
    <p>Sample data written for Unbiased 24/7. The sources, people and events are fictional; place names are real. Not real news.</p>
    <p>© ${source}. All rights reserved. Terms of use and privacy policy apply to this website.</p>
  </footer>
</body>
</html>
`;
}
