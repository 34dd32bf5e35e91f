// Reputation as ModMe shows it: the score in its tier colour and the tier label (spec §4, §9).
import { reputationTier } from "@unbiased/worker-shared/contracts/comments";

export function ReputationScore({ score }: { score: number }) {
  const tier = reputationTier(score);
  return (
    <span className={`modme-score modme-score--${tier.color}`} data-tier={tier.key}>
      <strong>{score}</strong> <span className="modme-score__tier">{tier.label}</span>
    </span>
  );
}

/** The author's panel on a comment card (spec §2 "/modme/comments"). */
export function ReputationPanel({
  score,
  upvotes,
  downvotes,
  approved,
}: {
  score: number;
  upvotes: number;
  downvotes: number;
  approved: number;
}) {
  return (
    <dl className="modme-rep-panel" aria-label="Author reputation">
      <div>
        <dt>Reputation</dt>
        <dd>
          <ReputationScore score={score} />
        </dd>
      </div>
      <div>
        <dt>Upvotes</dt>
        <dd>{upvotes}</dd>
      </div>
      <div>
        <dt>Downvotes</dt>
        <dd>{downvotes}</dd>
      </div>
      <div>
        <dt>Approved comments</dt>
        <dd>{approved}</dd>
      </div>
    </dl>
  );
}

/** Spec §4: approved shown green, anything else Pending (yellow). */
export function StatusBadge({ status }: { status: string }) {
  const approved = status === "approved";
  return (
    <span className={`modme-badge modme-badge--${approved ? "green" : "yellow"}`}>
      {approved ? "Approved" : "Pending"}
    </span>
  );
}
