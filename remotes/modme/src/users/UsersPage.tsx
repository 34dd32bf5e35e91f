// /modme/users (spec §2, §5): every user, searched by name or id and by e-mail (case-insensitive
// substrings; any change goes back to page 1), 10 a page, with Comments, Reputation and Adjust. The
// server searches and pages, so 'Users (n total)' counts every match however many users there are.

import { Button, Link, useNavigate } from "@unbiased/web-shared";
import { MODERATION_MESSAGES, type StaffUserItem, USERS_PAGE_SIZE } from "@unbiased/worker-shared/contracts/moderation";
import { useState } from "react";
import { modmeApi } from "../data/modmeApi.ts";
import { useDebounced } from "../data/useDebounced.ts";
import { useRevalidateStaffData, useStaffData } from "../data/useStaffData.ts";
import { PAGE_FRAMES } from "../frame/pageFrames.ts";
import { dateOnly } from "../ui/format.ts";
import { LoadState } from "../ui/LoadState.tsx";
import { EmptyState, ModmePage } from "../ui/ModmePage.tsx";
import { Pagination } from "../ui/Pagination.tsx";
import { ReputationScore } from "../ui/Reputation.tsx";
import { StaffTable } from "../ui/StaffTable.tsx";
import { AdjustDialog } from "./AdjustDialog.tsx";

/** Typing pauses this long before the search is sent. */
const SEARCH_DELAY_MS = 250;

export function UsersPage() {
  const navigate = useNavigate();
  const [nameQuery, setNameQuery] = useState("");
  const [emailQuery, setEmailQuery] = useState("");
  // The page belongs to the search it was chosen in: a new search starts at page 1 by itself, so
  // the old search's page is never asked for the new one.
  const [paging, setPaging] = useState({ search: "", page: 1 });
  const [adjusting, setAdjusting] = useState<StaffUserItem | null>(null);

  const nameSearch = useDebounced(nameQuery.trim(), SEARCH_DELAY_MS);
  const emailSearch = useDebounced(emailQuery.trim(), SEARCH_DELAY_MS);
  const searchKey = `${nameSearch}\n${emailSearch}`;
  const page = paging.search === searchKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ search: searchKey, page: next });
  const query = new URLSearchParams({ page: String(page), limit: String(USERS_PAGE_SIZE) });
  if (nameSearch) query.set("q", nameSearch);
  if (emailSearch) query.set("email", emailSearch);
  const asked = String(query);
  const users = useStaffData(`modme:users:${asked}`, async () => ({ asked, ...(await modmeApi.users(query)) }), {
    keepPrevious: true,
  });
  // An adjustment changes a score on every page and search, and the reputation page's tier counts.
  const revalidateUsers = useRevalidateStaffData("modme:users");
  // The last answer stays on screen while the next search loads; if that search fails, its error
  // shows instead of another search's rows.
  const failedNow = users.error !== undefined && users.data?.asked !== asked;
  // Only the fields LoadState reads: SWR re-renders for each field a component reads.
  const listed = { data: failedNow ? undefined : users.data, error: users.error, mutate: users.mutate };

  const searching = nameQuery.trim() !== "" || emailQuery.trim() !== "";
  const shown = listed.data?.users ?? [];
  const total = listed.data?.pagination.total;

  return (
    <ModmePage
      title={PAGE_FRAMES.users.title}
      actions={<Button onClick={() => navigate("/modme")}>Back to ModMe</Button>}
    >
      <div className="modme-search">
        <label>
          Search by name or user ID
          <input
            type="search"
            className="ui-control"
            value={nameQuery}
            onChange={(e) => setNameQuery(e.target.value)}
          />
        </label>
        <label>
          Search by email
          <input
            type="search"
            className="ui-control"
            value={emailQuery}
            onChange={(e) => setEmailQuery(e.target.value)}
          />
        </label>
        <Button
          disabled={!searching}
          onClick={() => {
            setNameQuery("");
            setEmailQuery("");
          }}
        >
          Clear Search
        </Button>
      </div>
      <h2>{total === undefined ? "Users" : `Users (${total} total)`}</h2>
      <LoadState
        result={listed}
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
      <Pagination page={page} totalPages={listed.data?.pagination.totalPages ?? 1} onPage={setPage} />
      <AdjustDialog
        user={adjusting}
        onClose={() => setAdjusting(null)}
        onAdjusted={() => {
          setAdjusting(null);
          void revalidateUsers();
        }}
      />
    </ModmePage>
  );
}
