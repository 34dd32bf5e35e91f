// /modme/comments (spec §2): the Pending and Approved tabs with their counts; Approve, Reject (with
// an optional ban), Deactivate; ?highlight={commentId} scrolls to and marks a comment, ?user={id}
// shows only that author's comments.

import { Button, ErrorPanel, Link, toast, useSearchParams } from "@unbiased/web-shared";
import { COMMENT_MESSAGES } from "@unbiased/worker-shared/contracts/comments";
import {
  APPROVED_PAGE_SIZE,
  MODERATION_MESSAGES,
  type ModerationComment,
} from "@unbiased/worker-shared/contracts/moderation";
import { type ReactNode, useEffect, useState } from "react";
import { modmeApi } from "../data/modmeApi.ts";
import { useStaffData } from "../data/useStaffData.ts";
import { PAGE_FRAMES } from "../frame/pageFrames.ts";
import { errorText } from "../ui/format.ts";
import { EmptyState, Loading, ModmePage } from "../ui/ModmePage.tsx";
import { Pagination } from "../ui/Pagination.tsx";
import { CommentCard } from "./CommentCard.tsx";
import { DeactivateDialog } from "./DeactivateDialog.tsx";
import { type RejectChoice, RejectDialog } from "./RejectDialog.tsx";
import { useHighlight } from "./useHighlight.ts";

type Tab = "pending" | "approved";

export function CommentsPage() {
  const [params, setParams] = useSearchParams();
  const highlight = params.get("highlight");
  const userFilter = params.get("user");
  const [tab, setTab] = useState<Tab>("pending");
  const [page, setPage] = useState(1);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<ModerationComment | null>(null);
  const [deactivating, setDeactivating] = useState<ModerationComment | null>(null);

  const pending = useStaffData("modme:pending", modmeApi.pending);
  const approved = useStaffData(`modme:approved:${page}`, () => modmeApi.approved(page, APPROVED_PAGE_SIZE));

  // A highlighted comment that is not pending is looked for on the Approved tab.
  useEffect(() => {
    if (!highlight || !pending.data) return;
    if (!pending.data.pendingComments.some((c) => c.id === highlight)) setTab("approved");
  }, [highlight, pending.data]);
  const highlighted = useHighlight(highlight, [tab, pending.data, approved.data]);

  const reload = () => Promise.all([pending.mutate(), approved.mutate()]);

  async function act(comment: ModerationComment, run: () => Promise<unknown>, success: string, failure: string) {
    setBusyId(comment.id);
    try {
      await run();
      toast.success(success);
      setRejecting(null);
      setDeactivating(null);
      await reload();
    } catch (error) {
      toast.error(errorText(error, failure));
    } finally {
      setBusyId(null);
    }
  }

  const current = tab === "pending" ? pending : approved;
  const all = tab === "pending" ? pending.data?.pendingComments : approved.data?.approvedComments;
  const list = userFilter ? all?.filter((c) => c.user_id === userFilter) : all;
  const failure = tab === "pending" ? MODERATION_MESSAGES.fetchPendingFailed : MODERATION_MESSAGES.fetchApprovedFailed;

  return (
    <ModmePage title={PAGE_FRAMES.comments.title} note={PAGE_FRAMES.comments.note}>
      <div className="modme-tabs" role="tablist" aria-label="Comment lists">
        <TabButton selected={tab === "pending"} onSelect={() => setTab("pending")}>
          Pending Comments ({pending.data?.total ?? 0})
        </TabButton>
        <TabButton selected={tab === "approved"} onSelect={() => setTab("approved")}>
          Approved Comments ({approved.data?.pagination.total ?? 0})
        </TabButton>
      </div>
      {userFilter && (
        <p className="modme-filter">
          Showing comments by user {userFilter}.{" "}
          <Button
            variant="ghost"
            onClick={() => {
              params.delete("user");
              setParams(params);
            }}
          >
            Show all
          </Button>
        </p>
      )}
      <div role="tabpanel">
        {current.error && !current.data ? (
          <ErrorPanel message={failure} detail={errorText(current.error, "")} onRetry={() => void current.mutate()} />
        ) : !list ? (
          <Loading />
        ) : list.length === 0 ? (
          <EmptyState title={tab === "pending" ? "No pending comments" : "No approved comments"} />
        ) : (
          <div className="modme-list">
            {list.map((comment) => (
              <CommentCard
                key={comment.id}
                comment={comment}
                tab={tab}
                highlighted={highlighted === comment.id}
                busy={busyId === comment.id}
                onApprove={() =>
                  void act(
                    comment,
                    () => modmeApi.approve(comment.id),
                    COMMENT_MESSAGES.approved,
                    MODERATION_MESSAGES.approveFailed,
                  )
                }
                onReject={() => setRejecting(comment)}
                onDeactivate={() => setDeactivating(comment)}
              />
            ))}
          </div>
        )}
        {tab === "approved" && approved.data && (
          <Pagination page={page} totalPages={approved.data.pagination.totalPages} onPage={setPage} />
        )}
      </div>
      <p>
        <Link to="/modme/reports">View Reports</Link>
      </p>
      <RejectDialog
        open={rejecting !== null}
        busy={busyId !== null}
        onCancel={() => setRejecting(null)}
        onConfirm={(choice: RejectChoice) => {
          if (rejecting)
            void act(
              rejecting,
              () => modmeApi.reject(rejecting.id, { ...choice, reason: choice.reason || undefined }),
              COMMENT_MESSAGES.rejected,
              MODERATION_MESSAGES.rejectFailed,
            );
        }}
      />
      <DeactivateDialog
        open={deactivating !== null}
        busy={busyId !== null}
        onCancel={() => setDeactivating(null)}
        onConfirm={(reason) => {
          if (deactivating)
            void act(
              deactivating,
              () => modmeApi.deactivate(deactivating.id, reason),
              COMMENT_MESSAGES.deactivated,
              COMMENT_MESSAGES.failedToDeactivate,
            );
        }}
      />
    </ModmePage>
  );
}

function TabButton({ selected, onSelect, children }: { selected: boolean; onSelect: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      role="tab"
      aria-selected={selected}
      className={`modme-tab${selected ? " modme-tab--selected" : ""}`}
      onClick={onSelect}
    >
      {children}
    </button>
  );
}
