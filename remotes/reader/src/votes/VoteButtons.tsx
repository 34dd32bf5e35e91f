// Up and down buttons with their counts. Purely presentational: the caller owns the state and what a
// click does, so the same buttons serve articles and comments.
import "./votes.css";
import { earlyAction } from "@unbiased/web-shared";
import type { VoteType } from "@unbiased/worker-shared/contracts/votes";
import { CardIcon } from "../ui/cardIcons.tsx";
import type { VoteState } from "./voteState.ts";

export interface VoteButtonsProps {
  state: VoteState;
  onVote(choice: VoteType): void;
  /** What is being voted on, for screen readers ("Vote on: {label}"). */
  label: string;
  /** A vote is on its way: the buttons say so (clicks are ignored by the caller's rules). */
  busy?: boolean;
  size?: "small" | "normal";
  /** The article id, when a tap before the page is ready should be kept (an article's votes: EarlyVotes). */
  earlyKey?: string;
}

export function VoteButtons({ state, onVote, label, busy = false, size = "normal", earlyKey }: VoteButtonsProps) {
  const iconSize = size === "small" ? 14 : 18;
  const early = (choice: VoteType) => (earlyKey ? earlyAction("vote", earlyKey, choice) : {});
  return (
    <fieldset className={`vote-buttons vote-buttons--${size}`} aria-busy={busy} data-testid="vote-buttons">
      <legend className="visually-hidden">Vote on: {label}</legend>
      <button
        type="button"
        className="vote-buttons__button vote-buttons__button--up"
        aria-pressed={state.userVote === "upvote"}
        aria-label={`Upvote (${state.upvotes})`}
        onClick={() => onVote("upvote")}
        {...early("upvote")}
      >
        <CardIcon name="thumbs-up" size={iconSize} />
        <span className="vote-buttons__count" data-testid="upvotes">
          {state.upvotes}
        </span>
      </button>
      <button
        type="button"
        className="vote-buttons__button vote-buttons__button--down"
        aria-pressed={state.userVote === "downvote"}
        aria-label={`Downvote (${state.downvotes})`}
        onClick={() => onVote("downvote")}
        {...early("downvote")}
      >
        <CardIcon name="thumbs-down" size={iconSize} />
        <span className="vote-buttons__count" data-testid="downvotes">
          {state.downvotes}
        </span>
      </button>
    </fieldset>
  );
}
