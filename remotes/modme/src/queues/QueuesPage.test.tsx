import { fireEvent, render, screen, within } from "@testing-library/react";
import { storeAdminSession } from "@unbiased/web-shared/admin";
import { fail, ok, stubApi } from "@unbiased/web-shared/test/fakeApi.ts";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { QueuesPage } from "./QueuesPage.tsx";

function renderPage(votes: ReturnType<typeof ok>) {
  storeAdminSession("admin-1");
  stubApi({
    "GET /api/votes/queue/status": votes,
    "GET /api/comments/admin/queue/jobs": ok({
      queue: { pending: 1, processing: 2, completed: 3, failed: 4, total: 10 },
      windowHours: 24,
    }),
  });
  render(
    <MemoryRouter initialEntries={["/modme/queues"]}>
      <Routes>
        <Route path="/modme/queues" element={<QueuesPage />} />
        <Route path="/modme/login" element={<p>gate</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("/modme/queues", () => {
  it("shows each queue's counts with 'Total Queue Items' and the static system status", async () => {
    renderPage(ok({ pending: 0, processing: 0, completed: 7, failed: 0, total: 7 }));
    const comments = await screen.findByRole("region", { name: "Comments Queue" });
    await within(comments).findByText("Total Queue Items");
    expect(within(comments).getByText("Failed").nextElementSibling?.textContent).toBe("4");
    const voting = screen.getByRole("region", { name: "Voting Queue" });
    expect(within(voting).getByText("Total Queue Items").nextElementSibling?.textContent).toBe("7");
    // The voting counts are vote events, written in batches: the card says so.
    expect(within(voting).getByText(/^Counts vote events\./)).toBeTruthy();
    // So are the comments' checks since they are counted per batch.
    expect(within(comments).getByText(/^Counts new comments' automatic checks\./)).toBeTruthy();
    expect(screen.getByText("Auto-refresh: Every 30s")).toBeTruthy();
    expect(screen.getByText(/^Last updated: \d/)).toBeTruthy();
  });

  it("says 'No data available' and 'Failed to fetch queue data' for a queue that cannot be read", async () => {
    renderPage(fail(500, "boom"));
    await screen.findByText("No data available");
    expect(screen.getByText("Failed to fetch queue data")).toBeTruthy();
  });

  it("Logout clears the admin token and time and goes to the gate", async () => {
    renderPage(ok({ pending: 0, processing: 0, completed: 0, failed: 0, total: 0 }));
    fireEvent.click(await screen.findByRole("button", { name: "Logout" }));
    expect(screen.getByText("gate")).toBeTruthy();
    expect(localStorage.getItem("adminToken")).toBeNull();
    expect(localStorage.getItem("adminLoginTime")).toBeNull();
  });
});
