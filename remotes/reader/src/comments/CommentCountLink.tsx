import "./comments.css";
import { articlePath, Link } from "@unbiased/web-shared";
import type { Article } from "@unbiased/worker-shared/contracts/articles";
import { CardIcon } from "../ui/cardIcons.tsx";
import { useCommentCount } from "./commentCounts.ts";

/** "n comments", linking to the article's #comments-section. */
export function CommentCountLink({
  article,
  className,
}: {
  article: Pick<Article, "id" | "title">;
  className?: string;
}) {
  const count = useCommentCount(article.id);
  return (
    <Link
      className={`comment-count${className ? ` ${className}` : ""}`}
      to={`${articlePath(article)}#comments-section`}
    >
      <CardIcon name="message-square" size={14} />
      <span>
        {count} {count === 1 ? "comment" : "comments"}
      </span>
    </Link>
  );
}
