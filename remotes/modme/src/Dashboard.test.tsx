import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { AuthProvider } from "@unbiased/web-shared";
import { storeAdminSession } from "@unbiased/web-shared/admin";
import { ok, type Reply, sampleUser, stubApi, verifyRoute } from "@unbiased/web-shared/test/fakeApi.ts";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { Dashboard } from "./Dashboard.tsx";

function renderDashboard() {
  render(
    <MemoryRouter initialEntries={["/modme"]}>
      <AuthProvider>
        <Routes>
          <Route path="/modme" element={<Dashboard />} />
          <Route path="/" element={<p>home page</p>} />
        </Routes>
      </AuthProvider>
    </MemoryRouter>,
  );
}

describe("ModMe dashboard", () => {
  it("links the six moderation areas to their routes", () => {
    renderDashboard();
    const cards = within(screen.getAllByRole("list").at(-1)!).getAllByRole("link");
    expect(
      cards.map((card) => [card.querySelector(".modme-card__title")?.textContent, card.getAttribute("href")]),
    ).toEqual([
      ["Comment Moderation", "/modme/comments"],
      ["User Bans", "/modme/bans"],
      ["Comment Reports", "/modme/reports"],
      ["User Reputation", "/modme/reputation"],
      ["Queue Status", "/modme/queues"],
      ["User Management", "/modme/users"],
    ]);
  });

  it("shows '-' while the statistics load, then the real numbers from the moderation stats", async () => {
    storeAdminSession("admin-1");
    let answer: (reply: Reply) => void = () => {};
    const requests = stubApi({
      "GET /api/comments/admin/queue/status": () => new Promise<Reply>((resolve) => (answer = resolve)),
    });
    renderDashboard();
    const tile = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    for (const label of ["Total Comments", "Pending Reports", "Active Users"]) expect(tile(label)).toBe("-");
    answer(ok({ queue: { total: 12, pending: 3, pendingReports: 2, negativeReputationUsers: 1, activeUsers: 7 } }));
    await waitFor(() => expect(tile("Total Comments")).toBe("12"));
    expect(tile("Pending Reports")).toBe("2");
    expect(tile("Active Users")).toBe("7");
    // A ModMe API: sent with the admin token.
    expect(requests.find((r) => r.path === "/api/comments/admin/queue/status")?.token).toBe("admin-1");
  });

  it("Logout ends the ModMe session only and goes home; the reader stays signed in", () => {
    localStorage.setItem("token", "t1");
    stubApi({ "GET /api/auth/verify": verifyRoute("t1", sampleUser("moderator")) });
    storeAdminSession("admin-1");
    renderDashboard();
    fireEvent.click(screen.getByRole("button", { name: "Logout" }));
    expect(screen.getByText("home page")).toBeTruthy();
    expect(localStorage.getItem("adminToken")).toBeNull();
    expect(localStorage.getItem("adminLoginTime")).toBeNull();
    expect(localStorage.getItem("token")).toBe("t1");
  });
});
