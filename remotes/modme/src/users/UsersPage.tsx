// /modme/users (spec §2, §5): every user, searched in the browser by name or id and by e-mail
// (case-insensitive; any change goes back to page 1), 10 a page, with Comments, Reputation and Adjust.
import { useMemo, useState } from "react";
import { MODERATION_MESSAGES, USERS_PAGE_SIZE, type StaffUserItem } from "@unbiased/worker-shared/contracts/moderation";
import { Button, Link, useNavigate } from "@unbiased/web-shared";
import { modmeApi } from "../data/modmeApi.ts";
import { useStaffData } from "../data/useStaffData.ts";
import { LoadState } from "../ui/LoadState.tsx";
import { EmptyState, ModmePage } from "../ui/ModmePage.tsx";
import { Pagination } from "../ui/Pagination.tsx";
import { ReputationScore } from "../ui/Reputation.tsx";
import { StaffTable } from "../ui/StaffTable.tsx";
import { dateOnly } from "../ui/format.ts";
import { AdjustDialog } from "./AdjustDialog.tsx";

export function UsersPage() {
  const navigate = useNavigate();
  const users = useStaffData("modme:users", modmeApi.users);
  const [nameQuery, setNameQuery] = useState("");
  const [emailQuery, setEmailQuery] = useState("");
  const [page, setPage] = useState(1);
  const [adjusting, setAdjusting] = useState<StaffUserItem | null>(null);

  const searching = nameQuery.trim() !== "" || emailQuery.trim() !== "";
  const filtered = useMemo(() => {
    const name = nameQuery.trim().toLowerCase();
    const email = emailQuery.trim().toLowerCase();
    return (users.data?.users ?? []).filter(
      (u) =>
        (!name || u.name.toLowerCase().includes(name) || u.userId.toLowerCase().includes(name)) &&
        (!email || u.email.toLowerCase().includes(email)),
    );
  }, [users.data, nameQuery, emailQuery]);
  const totalPages = Math.max(1, Math.ceil(filtered.length / USERS_PAGE_SIZE));
  const shown = filtered.slice((page - 1) * USERS_PAGE_SIZE, page * USERS_PAGE_SIZE);

  return (
    <ModmePage title="User Management" actions={<Button onClick={() => navigate("/modme")}>Back to ModMe</Button>}>
      <div className="modme-search">
        <label>
          Search by name or user ID
          <input
            type="search"
            value={nameQuery}
            onChange={(e) => {
              setNameQuery(e.target.value);
              setPage(1);
            }}
          />
        </label>
        <label>
          Search by email
          <input
            type="search"
            value={emailQuery}
            onChange={(e) => {
              setEmailQuery(e.target.value);
              setPage(1);
            }}
          />
        </label>
        <Button
          disabled={!searching}
          onClick={() => {
            setNameQuery("");
            setEmailQuery("");
            setPage(1);
          }}
        >
          Clear Search
        </Button>
      </div>
      <h2>Users ({filtered.length} total)</h2>
      <LoadState
        result={users}
        failed={MODERATION_MESSAGES.fetchUsersFailed}
        isEmpty={() => shown.length === 0}
        empty={
          <EmptyState
            title="No users found"
            detail={searching ? "Try adjusting your search criteria" : "No users in the system"}
          />
        }
      >
        {() => (
          <StaffTable headings={["User", "Reputation", "Comments", "Last Activity", "Actions"]}>
            {shown.map((u) => (
              <tr key={u.userId}>
                <td>
                  <strong>{u.name || "Unknown User"}</strong>
                  <div className="modme-muted">{u.email || "N/A"}</div>
                  <div className="modme-muted modme-id">{u.userId}</div>
                </td>
                <td>
                  <ReputationScore score={u.reputationScore} />
                </td>
                <td>
                  <div>{u.totalComments} total</div>
                  <div className="modme-muted">
                    {u.approvedComments} approved · {u.pendingComments} pending
                  </div>
                  {u.totalComments > 0 && <div className="modme-muted">{u.approvalRate}% approval rate</div>}
                </td>
                <td>{dateOnly(u.last_login)}</td>
                <td>
                  <div className="modme-actions">
                    <Link
                      to={`/modme/user/${encodeURIComponent(u.userId)}/comments`}
                      className="ui-button ui-button--secondary"
                    >
                      Comments
                    </Link>
                    <Link
                      to={`/modme/reputation?user=${encodeURIComponent(u.userId)}`}
                      className="ui-button ui-button--secondary"
                    >
                      Reputation
                    </Link>
                    <Button onClick={() => setAdjusting(u)}>Adjust</Button>
                  </div>
                </td>
              </tr>
            ))}
          </StaffTable>
        )}
      </LoadState>
      <Pagination page={page} totalPages={totalPages} onPage={setPage} />
      <AdjustDialog
        user={adjusting}
        onClose={() => setAdjusting(null)}
        onAdjusted={() => {
          setAdjusting(null);
          void users.mutate();
        }}
      />
    </ModmePage>
  );
}
