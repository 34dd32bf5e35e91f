// /modme/queues (spec §2): the Voting Queue and Comments Queue cards from the real status endpoints,
// Refresh ('Refreshing...'), Last updated, an error text, auto-refresh every 30 s, a static system
// status block, quick actions, and Logout (clears the admin token and time, to /modme/login).

import { Button, Link, useNavigate } from "@unbiased/web-shared";
import { clearAdminSession } from "@unbiased/web-shared/admin";
import { MODERATION_MESSAGES, QUEUE_REFRESH_MS, type QueueCounts } from "@unbiased/worker-shared/contracts/moderation";
import LogOut from "lucide-react/icons/log-out";
import RefreshCw from "lucide-react/icons/refresh-cw";
import { useCallback, useEffect, useState } from "react";
import { modmeApi } from "../data/modmeApi.ts";
import { PAGE_FRAMES } from "../frame/pageFrames.ts";
import { ModmePage } from "../ui/ModmePage.tsx";

interface Snapshot {
  voting: QueueCounts | null;
  comments: QueueCounts | null;
}

const ROWS: ReadonlyArray<readonly [keyof QueueCounts, string]> = [
  ["pending", "Pending"],
  ["processing", "Processing"],
  ["completed", "Completed"],
  ["failed", "Failed"],
  ["total", "Total Queue Items"],
];

export function QueuesPage() {
  const navigate = useNavigate();
  const [snapshot, setSnapshot] = useState<Snapshot | null>(null);
  const [loading, setLoading] = useState(true);
  const [refreshing, setRefreshing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);

  // Always a live read (the point of the page); each card fails on its own.
  const load = useCallback(async () => {
    setRefreshing(true);
    const [voting, comments] = await Promise.allSettled([modmeApi.votingQueue(), modmeApi.commentJobs()]);
    setSnapshot({
      voting: voting.status === "fulfilled" ? voting.value : null,
      comments: comments.status === "fulfilled" ? comments.value.queue : null,
    });
    setError(
      voting.status === "rejected" || comments.status === "rejected" ? MODERATION_MESSAGES.fetchQueueFailed : null,
    );
    setUpdatedAt(new Date());
    setRefreshing(false);
    setLoading(false);
  }, []);

  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), QUEUE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  return (
    <ModmePage
      title={PAGE_FRAMES.queues.title}
      actions={
        <>
          <Button onClick={() => void load()} disabled={refreshing}>
            <RefreshCw aria-hidden="true" size={16} /> {refreshing ? "Refreshing..." : "Refresh"}
          </Button>
          <Button
            onClick={() => {
              clearAdminSession();
              navigate("/modme/login");
            }}
          >
            <LogOut aria-hidden="true" size={16} /> Logout
          </Button>
        </>
      }
    >
      <p className="modme-muted" aria-live="polite">
        {updatedAt ? `Last updated: ${updatedAt.toLocaleTimeString()}` : "Last updated: never"}
      </p>
      {error && (
        <p className="modme-error" role="alert">
          {error}
        </p>
      )}
      <div className="modme-queue-cards">
        <QueueCard
          title="Voting Queue"
          counts={snapshot?.voting}
          loading={loading}
          note="Counts vote events. Each batch is written and counted in one step, so none shows as processing."
        />
        <QueueCard
          title="Comments Queue"
          counts={snapshot?.comments}
          loading={loading}
          note="Counts new comments' automatic checks. A batch is counted once it is done, so none shows as processing; a check that failed waits as pending for its retry or a replay."
        />
      </div>
      <section className="modme-system" aria-label="System status">
        <h2>System Status</h2>
        <ul>
          <li>Voting Service: Online</li>
          <li>Comments Service: Online</li>
          <li>Auto-refresh: Every 30s</li>
        </ul>
      </section>
      <section aria-label="Quick actions" className="modme-quick">
        <h2>Quick Actions</h2>
        <div className="modme-actions">
          <Link to="/modme/comments" className="ui-button ui-button--secondary">
            Manage Comments
          </Link>
          <Link to="/modme/reports" className="ui-button ui-button--secondary">
            View Reports
          </Link>
          <Link to="/modme/bans" className="ui-button ui-button--secondary">
            Manage Bans
          </Link>
        </div>
      </section>
    </ModmePage>
  );
}

function QueueCard({
  title,
  counts,
  loading,
  note,
}: {
  title: string;
  counts: QueueCounts | null | undefined;
  loading: boolean;
  /** What the counts count, when it is not plain from the title. */
  note?: string;
}) {
  return (
    <section className="modme-queue-card" aria-label={title}>
      <h2>{title}</h2>
      {loading && !counts ? (
        <p className="modme-muted">Loading...</p>
      ) : !counts ? (
        <p className="modme-muted">No data available</p>
      ) : (
        <dl>
          {ROWS.map(([key, label]) => (
            <div key={key} className={`modme-queue-row modme-queue-row--${key}`}>
              <dt>{label}</dt>
              <dd>{counts[key]}</dd>
            </div>
          ))}
        </dl>
      )}
      {note && <p className="modme-muted">{note}</p>}
    </section>
  );
}
