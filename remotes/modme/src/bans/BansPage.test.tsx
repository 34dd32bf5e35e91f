import { fireEvent, render, screen } from "@testing-library/react";
import { AppToaster, AuthProvider } from "@unbiased/web-shared";
import { storeAdminSession } from "@unbiased/web-shared/admin";
import { fail, ok, sampleUser, stubApi, verifyRoute } from "@unbiased/web-shared/test/fakeApi.ts";
import { MemoryRouter } from "react-router-dom";
import { SWRConfig } from "swr";
import { describe, expect, it } from "vitest";
import { BansPage } from "./BansPage.tsx";

const ban = (id: string, type: "permanent" | "temporary", expiresInMs: number | null) => ({
  id,
  user_id: `u-${id}`,
  user_name: `Banned ${id}`,
  ban_type: type,
  banned_at: new Date().toISOString(),
  expires_at: expiresInMs === null ? null : new Date(Date.now() + expiresInMs).toISOString(),
  reason: "Spam",
});

const carried = {
  id: "ban-of-a-deleted-account",
  identities: ["google", "email"],
  ban_type: "temporary",
  reason: "Ban evasion test",
  banned_at: new Date().toISOString(),
  expires_at: new Date(Date.now() + 48 * 3600_000).toISOString(),
  keep_until: new Date(Date.now() + 48 * 3600_000).toISOString(),
  carried_at: new Date().toISOString(),
};

function renderBans(
  signedIn: boolean,
  unban: Parameters<typeof stubApi>[0][string],
  lift: Parameters<typeof stubApi>[0][string] = ok({}),
) {
  if (signedIn) localStorage.setItem("token", "t1");
  storeAdminSession("admin-1");
  let loads = 0;
  let carriedLoads = 0;
  stubApi({
    "GET /api/comments/admin/bans/carried": () => {
      carriedLoads++;
      return ok({ carriedBans: carriedLoads === 1 ? [carried] : [] });
    },
    "DELETE /api/comments/admin/bans/carried/ban-of-a-deleted-account": lift,
    "GET /api/auth/verify": verifyRoute("t1", sampleUser("moderator")),
    "GET /api/comments/admin/bans": () => {
      loads++;
      return ok({ bans: [ban("a", "permanent", null), ban("b", "temporary", 3 * 3600_000)] });
    },
    "PUT /comments/admin/unban/u-a": unban,
  });
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter>
        <AuthProvider>
          <BansPage />
          <AppToaster />
        </AuthProvider>
      </MemoryRouter>
    </SWRConfig>,
  );
  return () => loads;
}

describe("/modme/bans", () => {
  it("counts active, permanent and temporary bans and shows the expiry as 'Never' or hours", async () => {
    renderBans(true, ok({}));
    await screen.findByText("Never");
    expect(screen.getByText("3 hours")).toBeTruthy();
    const tile = (label: string) => screen.getByText(label, { selector: "dt" }).nextElementSibling?.textContent;
    expect([tile("Active Bans"), tile("Permanent"), tile("Temporary")]).toEqual(["2", "1", "1"]);
  });

  it("answers a 404 on unban with 'User not found or not banned' and reloads the list", async () => {
    const loads = renderBans(true, fail(404, "User not found or not banned"));
    await screen.findByText("Never");
    fireEvent.click(screen.getAllByRole("button", { name: "Unban" })[0] as HTMLElement);
    await screen.findByText("User not found or not banned");
    expect(loads()).toBe(2);
  });

  it("lists the bans kept from deleted accounts by what they match, and lifts one", async () => {
    renderBans(true, ok({}));
    await screen.findByText("Google account, E-mail address");
    expect(screen.getByText("Ban evasion test")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Lift" }));
    await screen.findByText("Carried-over ban lifted");
    await screen.findByText("No bans kept from deleted accounts");
  });

  it("says 'Authentication required' without a user", async () => {
    renderBans(false, ok({}));
    await screen.findByText("Authentication required");
  });
});
