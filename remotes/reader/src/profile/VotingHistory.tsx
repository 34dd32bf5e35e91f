// Profile's Voting History (spec §2): the reader's 10 most recent votes on articles and comments,
// newest first; an article vote opens the article, a comment vote opens it at #comment-{id}.
import "../votes/votes.css";
import { articlePath, ErrorPanel, Link, readTimezone, Spinner, useSWR } from "@unbiased/web-shared";
import { VOTE_HISTORY_LIMIT, VOTE_MESSAGES } from "@unbiased/worker-shared/contracts/votes";
import ThumbsDown from "lucide-react/icons/thumbs-down";
import ThumbsUp from "lucide-react/icons/thumbs-up";
import { fetchCommentVoteHistory } from "../comments/commentsApi.ts";
import { dateTimeFormat } from "../time/formatters.ts";
import { fetchVotingHistory } from "../votes/articleVotesApi.ts";
import { type HistoryEntry, mergeVotingHistory } from "./votingHistoryMerge.ts";

export const VOTING_HISTORY_KEY = "votes:history";

export function VotingHistory() {
  const { data, error, isLoading, mutate } = useSWR(VOTING_HISTORY_KEY, async () =>
    // Comment votes are a bonus: if the comments service fails, the article votes still show.
    mergeVotingHistory(await fetchVotingHistory(), await fetchCommentVoteHistory().catch(() => [])),
  );
  return (
    <section className="profile-page__history voting-history" aria-labelledby="voting-history">
      <h2 id="voting-history">Voting History</h2>
      <p className="ui-page__note">{VOTE_MESSAGES.historyHeading}</p>
      {isLoading && <Spinner label="Loading your votes…" />}
      {error && <ErrorPanel message={VOTE_MESSAGES.historyFailed} onRetry={() => void mutate()} />}
      {data && data.length === 0 && <p className="ui-page__note">You have not voted on any article yet.</p>}
      {data && data.length > 0 && (
        <ol className="voting-history__list">
          {data.slice(0, VOTE_HISTORY_LIMIT).map((item) => (
            <HistoryRow key={item.commentId ?? item.articleId} item={item} />
          ))}
        </ol>
      )}
    </section>
  );
}

function HistoryRow({ item }: { item: HistoryEntry }) {
  const articleTitle = item.title ?? "Article no longer available";
  const title = item.commentId ? `Comment on: ${articleTitle}` : articleTitle;
  const to =
    articlePath({ id: item.articleId, title: item.title ?? "" }) + (item.commentId ? `#comment-${item.commentId}` : "");
  const when = dateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: readTimezone() });
  return (
    <li className="voting-history__item">
      <Link to={to}>
        <span>
          {item.voteType === "upvote" ? (
            <ThumbsUp aria-label="Upvoted" size={14} />
          ) : (
            <ThumbsDown aria-label="Downvoted" size={14} />
          )}{" "}
          {title}
        </span>
        <time className="voting-history__meta" dateTime={item.timestamp}>
          {when.format(new Date(item.timestamp))}
        </time>
      </Link>
    </li>
  );
}
