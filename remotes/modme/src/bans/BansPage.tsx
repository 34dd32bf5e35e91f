// /modme/bans (spec §2): active bans with counts (active, permanent, temporary), expiry as 'Never',
// 'Expired', hours under 24, else days; Unban. A 404 on unban says 'User not found or not banned'
// and reloads. Below them, the bans kept from deleted accounts (ADR 017), each with Lift.

import { ApiRequestError, Button, ErrorPanel, Link, toast, useAuth } from "@unbiased/web-shared";
import { type CarriedBanRecord, MODERATION_MESSAGES } from "@unbiased/worker-shared/contracts/moderation";
import { useState } from "react";
import { modmeApi } from "../data/modmeApi.ts";
import { useStaffData } from "../data/useStaffData.ts";
import { PAGE_FRAMES } from "../frame/pageFrames.ts";
import { banExpiry, dateTime, errorText } from "../ui/format.ts";
import { LoadState } from "../ui/LoadState.tsx";
import { EmptyState, ModmePage, StatTiles } from "../ui/ModmePage.tsx";
import { StaffTable } from "../ui/StaffTable.tsx";

export function BansPage() {
  const { user } = useAuth();
  const bans = useStaffData(user ? "modme:bans" : null, modmeApi.bans);
  const [busy, setBusy] = useState<string | null>(null);

  if (!user) {
    return (
      <ModmePage title={PAGE_FRAMES.bans.title}>
        <ErrorPanel message={MODERATION_MESSAGES.authRequired} />
      </ModmePage>
    );
  }

  const unban = async (userId: string) => {
    setBusy(userId);
    try {
      await modmeApi.unban(userId);
      toast.success(MODERATION_MESSAGES.unbanned);
    } catch (error) {
      toast.error(
        error instanceof ApiRequestError && error.status === 404
          ? MODERATION_MESSAGES.notBanned
          : errorText(error, MODERATION_MESSAGES.unbanFailed),
      );
    } finally {
      setBusy(null);
      await bans.mutate();
    }
  };

  const list = bans.data?.bans;
  const permanent = list?.filter((b) => b.ban_type === "permanent").length;
  const count = (n: number | undefined) => (n === undefined ? "-" : n);

  return (
    <ModmePage title={PAGE_FRAMES.bans.title} note={PAGE_FRAMES.bans.note}>
      <StatTiles
        tiles={[
          ["Active Bans", count(list?.length)],
          ["Permanent", count(permanent)],
          ["Temporary", count(list && permanent !== undefined ? list.length - permanent : undefined)],
        ]}
      />
      <LoadState
        result={bans}
        failed={MODERATION_MESSAGES.loadBansFailed}
        isEmpty={(data) => data.bans.length === 0}
        empty={<EmptyState title="No active bans" />}
      >
        {(data) => (
          <StaffTable headings={["User", "Type", "Banned", "Expires", "Reason", { label: "Actions", hidden: true }]}>
            {data.bans.map((ban) => (
              <tr key={ban.id}>
                <td>
                  <Link to={`/modme/reputation?user=${encodeURIComponent(ban.user_id)}`}>{ban.user_name}</Link>
                  <div className="modme-muted modme-id">{ban.user_id}</div>
                </td>
                <td>
                  <span className={`modme-badge modme-badge--${ban.ban_type === "permanent" ? "red" : "yellow"}`}>
                    {ban.ban_type === "permanent" ? "Permanent" : "Temporary"}
                  </span>
                </td>
                <td>{dateTime(ban.banned_at)}</td>
                <td>{banExpiry(ban.expires_at)}</td>
                <td>{ban.reason ?? "—"}</td>
                <td>
                  <Button disabled={busy === ban.user_id} onClick={() => void unban(ban.user_id)}>
                    Unban
                  </Button>
                </td>
              </tr>
            ))}
          </StaffTable>
        )}
      </LoadState>
      <CarriedBans />
    </ModmePage>
  );
}

const IDENTITY_LABELS: Record<CarriedBanRecord["identities"][number], string> = {
  google: "Google account",
  email: "E-mail address",
};

/** Bans kept from deleted accounts: who they were is not kept, only which identities would match. */
function CarriedBans() {
  const carried = useStaffData("modme:carried-bans", modmeApi.carriedBans);
  const [busy, setBusy] = useState<string | null>(null);
  const lift = async (id: string) => {
    setBusy(id);
    try {
      await modmeApi.liftCarriedBan(id);
      toast.success(MODERATION_MESSAGES.carriedBanLifted);
    } catch (error) {
      toast.error(errorText(error, MODERATION_MESSAGES.liftCarriedBanFailed));
    } finally {
      setBusy(null);
      await carried.mutate();
    }
  };
  return (
    <section className="modme-section" aria-labelledby="carried-bans-title">
      <h2 id="carried-bans-title">Bans kept from deleted accounts</h2>
      <p className="modme-muted">
        When a banned reader deletes their account, the ban is kept under keyed fingerprints of the identities they
        signed in with, until it ends (12 months at most). Signing in with a matching identity restores it. No name or
        e-mail is kept.
      </p>
      <LoadState
        result={carried}
        failed={MODERATION_MESSAGES.loadCarriedBansFailed}
        isEmpty={(data) => data.carriedBans.length === 0}
        empty={<EmptyState title="No bans kept from deleted accounts" />}
      >
        {(data) => (
          <StaffTable
            headings={[
              "Matches",
              "Type",
              "Banned",
              "Expires",
              "Kept until",
              "Reason",
              { label: "Actions", hidden: true },
            ]}
          >
            {data.carriedBans.map((ban) => (
              <tr key={ban.id}>
                <td>{ban.identities.map((kind) => IDENTITY_LABELS[kind]).join(", ")}</td>
                <td>
                  <span className={`modme-badge modme-badge--${ban.ban_type === "permanent" ? "red" : "yellow"}`}>
                    {ban.ban_type === "permanent" ? "Permanent" : "Temporary"}
                  </span>
                </td>
                <td>{dateTime(ban.banned_at)}</td>
                <td>{banExpiry(ban.expires_at)}</td>
                <td>{dateTime(ban.keep_until)}</td>
                <td>{ban.reason ?? "—"}</td>
                <td>
                  <Button disabled={busy === ban.id} onClick={() => void lift(ban.id)}>
                    Lift
                  </Button>
                </td>
              </tr>
            ))}
          </StaffTable>
        )}
      </LoadState>
    </section>
  );
}
