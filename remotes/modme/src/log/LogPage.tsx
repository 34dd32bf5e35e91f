// /modme/log (beyond the spec, as Lobsters shows its moderation log): every moderation action,
// filterable by moderator (name or id), action and target; and the e-mail outbox, where the local
// sender leaves notices visible instead of delivering them. A deleted account reads '[deleted]'
// (the server names it so: the log itself keeps the id, append-only).

import { Button, toast } from "@unbiased/web-shared";
import { DELETED_USER } from "@unbiased/worker-shared/contracts/account";
import { MODERATION_LOG_PAGE_SIZE } from "@unbiased/worker-shared/contracts/moderation";
import { type FormEvent, useState } from "react";
import { modmeApi } from "../data/modmeApi.ts";
import { useStaffData } from "../data/useStaffData.ts";
import { PAGE_FRAMES } from "../frame/pageFrames.ts";
import { dateTime, errorText } from "../ui/format.ts";
import { LoadState } from "../ui/LoadState.tsx";
import { EmptyState, ModmePage } from "../ui/ModmePage.tsx";
import { Pagination } from "../ui/Pagination.tsx";
import { StaffTable } from "../ui/StaffTable.tsx";

interface Filter {
  actor: string;
  action: string;
  target: string;
}

const EMPTY: Filter = { actor: "", action: "", target: "" };

export function LogPage() {
  const [draft, setDraft] = useState<Filter>(EMPTY);
  const [filter, setFilter] = useState<Filter>(EMPTY);
  const [page, setPage] = useState(1);
  const query = new URLSearchParams({ page: String(page), limit: String(MODERATION_LOG_PAGE_SIZE) });
  for (const [key, value] of Object.entries(filter)) if (value.trim()) query.set(key, value.trim());
  const log = useStaffData(`modme:log:${query}`, () => modmeApi.log(query.toString()));
  const outbox = useStaffData("modme:outbox", modmeApi.outbox);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter(draft);
    setPage(1);
  };

  return (
    <ModmePage title={PAGE_FRAMES.log.title} note={PAGE_FRAMES.log.note}>
      <form className="modme-search" onSubmit={apply}>
        <label>
          Moderator
          <input
            className="ui-control"
            value={draft.actor}
            onChange={(e) => setDraft({ ...draft, actor: e.target.value })}
          />
        </label>
        <label>
          Action
          <select
            className="ui-control"
            value={draft.action}
            onChange={(e) => setDraft({ ...draft, action: e.target.value })}
          >
            <option value="">All actions</option>
            {(log.data?.actions ?? []).map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        <label>
          Target
          <input
            className="ui-control"
            value={draft.target}
            onChange={(e) => setDraft({ ...draft, target: e.target.value })}
          />
        </label>
        <Button type="submit" variant="primary">
          Filter
        </Button>
        <Button
          onClick={() => {
            setDraft(EMPTY);
            setFilter(EMPTY);
            setPage(1);
          }}
        >
          Clear
        </Button>
      </form>
      <LoadState
        result={log}
        failed="Failed to fetch the moderation log"
        isEmpty={(data) => data.entries.length === 0}
        empty={<EmptyState title="No moderation actions found" />}
      >
        {(data) => (
          <StaffTable headings={["When", "Moderator", "Action", "Target", "Reason"]}>
            {data.entries.map((e) => (
              <tr key={e.id}>
                <td>{dateTime(e.createdAt)}</td>
                <td>{e.actorName ?? e.actorId ?? "System"}</td>
                <td>
                  <code>{e.action}</code>
                </td>
                <td>
                  {e.targetType} {e.targetDeleted ? DELETED_USER.name : <span className="modme-id">{e.targetId}</span>}
                </td>
                <td>{e.reason ?? "—"}</td>
              </tr>
            ))}
          </StaffTable>
        )}
      </LoadState>
      {log.data && <Pagination page={page} totalPages={log.data.pagination.totalPages} onPage={setPage} />}

      <section className="modme-outbox" aria-labelledby="outbox-title">
        <header className="modme-page__header">
          <h2 id="outbox-title">E-mail Outbox</h2>
          <Button
            onClick={async () => {
              try {
                await modmeApi.sendOutbox();
                await outbox.mutate();
              } catch (error) {
                toast.error(errorText(error, "Failed to send the outbox"));
              }
            }}
          >
            Send now
          </Button>
        </header>
        {outbox.data?.sender === "local" && (
          <p className="modme-muted">
            No e-mail service is configured: notices are kept here instead of being delivered.
          </p>
        )}
        <LoadState
          result={outbox}
          failed="Failed to fetch the outbox"
          isEmpty={(data) => data.items.length === 0}
          empty={<EmptyState title="No e-mail notices" />}
        >
          {(data) => (
            <ul className="modme-list">
              {data.items.map((m) => (
                <li key={m.id} className="modme-comment">
                  <header className="modme-comment__header">
                    <strong>{m.subject}</strong>
                    <span
                      className={`modme-badge modme-badge--${m.status === "sent" ? "green" : m.status === "failed" ? "red" : "yellow"}`}
                    >
                      {m.status}
                    </span>
                  </header>
                  <p className="modme-muted">
                    To {m.toEmail} · {dateTime(m.createdAt)} · {m.attempts} attempt(s)
                    {m.lastError && <> · {m.lastError}</>}
                  </p>
                  <pre className="modme-mail">{m.body}</pre>
                </li>
              ))}
            </ul>
          )}
        </LoadState>
      </section>
    </ModmePage>
  );
}
