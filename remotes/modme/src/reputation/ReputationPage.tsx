// /modme/reputation (spec §2, §5): stats tiles (counted on the server over every user), lookup by
// user id or by e-mail (case-insensitive substring, searched on the server), results with View
// Details / View Comments, the Adjust Reputation form; ?user={id} looks that user up at once.

import { ApiRequestError, Button, ErrorPanel, Link, useSearchParams } from "@unbiased/web-shared";
import { REPUTATION_TIERS } from "@unbiased/worker-shared/contracts/comments";
import {
  EMAIL_LOOKUP_MAX,
  MODERATION_MESSAGES,
  type UserReputationRecord,
} from "@unbiased/worker-shared/contracts/moderation";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { modmeApi } from "../data/modmeApi.ts";
import { useRevalidateStaffData, useStaffData } from "../data/useStaffData.ts";
import { PAGE_FRAMES } from "../frame/pageFrames.ts";
import { ModmePage, StatTiles } from "../ui/ModmePage.tsx";
import { ReputationScore } from "../ui/Reputation.tsx";
import { AdjustReputationForm } from "./AdjustReputationForm.tsx";

export function ReputationPage() {
  const [params] = useSearchParams();
  const summary = useStaffData("modme:users:summary", modmeApi.usersSummary);
  const revalidateUsers = useRevalidateStaffData("modme:users");
  const [idQuery, setIdQuery] = useState(params.get("user") ?? "");
  const [emailQuery, setEmailQuery] = useState("");
  const [results, setResults] = useState<UserReputationRecord[]>([]);
  const [selected, setSelected] = useState<UserReputationRecord | null>(null);
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const [searchingEmail, setSearchingEmail] = useState(false);
  /** How many users matched the last e-mail lookup, when more than the list shows. */
  const [moreMatches, setMoreMatches] = useState<number | null>(null);
  // Lookups can overlap (an id lookup while an e-mail one is out, two View Details): only the newest
  // may set the results, and an adjustment makes every earlier one stale.
  const newestLookup = useRef(0);

  const lookUpId = async (id: string) => {
    if (!id.trim()) return;
    const lookup = ++newestLookup.current;
    setSearching(true);
    setLookupError(null);
    setMoreMatches(null);
    try {
      const record = await modmeApi.reputation(id.trim());
      if (lookup !== newestLookup.current) return;
      setResults([record]);
      setSelected(record);
    } catch (error) {
      if (lookup !== newestLookup.current) return;
      setResults([]);
      setSelected(null);
      setLookupError(
        error instanceof ApiRequestError && error.status === 404
          ? MODERATION_MESSAGES.userNotFound
          : MODERATION_MESSAGES.searchUserFailed,
      );
    } finally {
      setSearching(false);
    }
  };

  const userParam = params.get("user");
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the query parameter changes
  useEffect(() => {
    if (userParam) {
      setIdQuery(userParam);
      void lookUpId(userParam);
    }
  }, [userParam]);

  const lookUpEmail = async (event: FormEvent) => {
    event.preventDefault();
    const needle = emailQuery.trim();
    if (!needle) return;
    const lookup = ++newestLookup.current;
    setSearchingEmail(true);
    setSelected(null);
    setMoreMatches(null);
    try {
      const found = await modmeApi.users(new URLSearchParams({ email: needle, limit: String(EMAIL_LOOKUP_MAX) }));
      if (lookup !== newestLookup.current) return;
      if (found.users.length === 0) {
        setResults([]);
        setLookupError(MODERATION_MESSAGES.noUsersWithEmail);
        return;
      }
      setLookupError(null);
      if (found.pagination.total > found.users.length) setMoreMatches(found.pagination.total);
      setResults(
        found.users.map((u) => ({
          userId: u.userId,
          email: u.email,
          name: u.name,
          reputationScore: u.reputationScore,
          totalUpvotes: 0,
          totalDownvotes: 0,
          approvedComments: u.approvedComments,
          tier: u.tier,
        })),
      );
    } catch {
      if (lookup !== newestLookup.current) return;
      setResults([]);
      setLookupError(MODERATION_MESSAGES.searchUserFailed);
    } finally {
      setSearchingEmail(false);
    }
  };

  const counts = summary.data;

  return (
    <ModmePage title={PAGE_FRAMES.reputation.title} note={PAGE_FRAMES.reputation.note}>
      {summary.error && !counts ? (
        <ErrorPanel message={MODERATION_MESSAGES.fetchReputationStatsFailed} onRetry={() => void summary.mutate()} />
      ) : (
        <StatTiles
          tiles={[
            ["Total Users", counts?.total ?? "-"],
            ...REPUTATION_TIERS.map((tier) => [tier.label, counts?.tiers[tier.key] ?? "-"] as const),
          ]}
        />
      )}
      <div className="modme-lookup">
        <form
          className="ui-form"
          onSubmit={(event) => {
            event.preventDefault();
            void lookUpId(idQuery);
          }}
        >
          <label htmlFor="lookup-id">Look up by user ID</label>
          <div className="modme-inline">
            <input id="lookup-id" value={idQuery} onChange={(e) => setIdQuery(e.target.value)} />
            <Button type="submit" variant="primary" disabled={searching || !idQuery.trim()}>
              {searching ? "Searching..." : "Look Up"}
            </Button>
          </div>
        </form>
        <form className="ui-form" onSubmit={(event) => void lookUpEmail(event)}>
          <label htmlFor="lookup-email">Look up by email</label>
          <div className="modme-inline">
            <input id="lookup-email" type="search" value={emailQuery} onChange={(e) => setEmailQuery(e.target.value)} />
            <Button type="submit" disabled={searchingEmail || !emailQuery.trim()}>
              Search Email
            </Button>
          </div>
        </form>
        <p>
          <Link to="/modme/users">Browse All Users</Link>
        </p>
      </div>
      {lookupError && (
        <p className="modme-error" role="alert">
          {lookupError}
        </p>
      )}
      {moreMatches !== null && (
        <p className="modme-muted">
          Showing the first {results.length} of {moreMatches} matching users: type more of the address to narrow it.
        </p>
      )}
      {results.length > 0 && (
        <ul className="modme-results" aria-label="Results">
          {results.map((r) => (
            <li key={r.userId} className="modme-result">
              <div>
                <strong>{r.name}</strong> <span className="modme-muted">{r.email}</span>
                <div className="modme-muted modme-id">{r.userId}</div>
              </div>
              <ReputationScore score={r.reputationScore} />
              <div className="modme-actions">
                <Button onClick={() => void lookUpId(r.userId)}>View Details</Button>
                <Link
                  to={`/modme/comments?user=${encodeURIComponent(r.userId)}`}
                  className="ui-button ui-button--secondary"
                >
                  View Comments
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      {selected && (
        <section className="modme-details" aria-label="User details">
          <h2>{selected.name}</h2>
          <StatTiles
            tiles={[
              ["Reputation", <ReputationScore key="score" score={selected.reputationScore} />],
              ["Upvotes received", selected.totalUpvotes],
              ["Downvotes received", selected.totalDownvotes],
              ["Approved comments", selected.approvedComments],
            ]}
          />
          <AdjustReputationForm
            userId={selected.userId}
            onAdjusted={(record) => {
              newestLookup.current++;
              setSelected(record);
              setResults([record]);
              setMoreMatches(null);
              void revalidateUsers();
            }}
          />
        </section>
      )}
    </ModmePage>
  );
}
