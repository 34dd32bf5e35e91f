import { NotFoundPage, useParams } from "@unbiased/web-shared";
import { ArticlePage } from "./ArticlePage.tsx";

/**
 * /article/{slug}/{id}, /news/article/{slug}/{id} and /article/{id}. Keyed on the id: moving from
 * one article to another (an event link, a comment link) remounts the page (spec §2), so no state
 * of the previous article (an open modal, a half-written report) carries over.
 */
export function ArticleRoute() {
  const { id } = useParams();
  return id ? <ArticlePage key={id} id={id} /> : <NotFoundPage />;
}
