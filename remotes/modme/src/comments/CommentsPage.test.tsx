import { fireEvent, render, screen, within } from "@testing-library/react";
import { AppToaster } from "@unbiased/web-shared";
import { storeAdminSession } from "@unbiased/web-shared/admin";
import { ok, stubApi } from "@unbiased/web-shared/test/fakeApi.ts";
import type { ModerationComment } from "@unbiased/worker-shared/contracts/moderation";
import { MemoryRouter } from "react-router-dom";
import { SWRConfig } from "swr";
import { beforeEach, describe, expect, it } from "vitest";
import { CommentsPage } from "./CommentsPage.tsx";

const comment = (id: string, userId: string, overrides: Partial<ModerationComment> = {}): ModerationComment => ({
  id,
  user_id: userId,
  user_name: `Name of ${userId}`,
  user_email: `${userId}@example.com`,
  content: `Content of ${id}`,
  article_id: "a1",
  parent_id: null,
  status: "pending",
  status_reason: null,
  created_at: "2026-11-24T10:00:00.000Z",
  approved_at: null,
  reputation_score: 3,
  total_upvotes: 1,
  total_downvotes: 0,
  approved_comments: 2,
  report_count: 0,
  report_reasons: [],
  ...overrides,
});

function renderPage(path = "/modme/comments") {
  const requests = stubApi({
    "GET /api/comments/admin/pending": ok({
      pendingComments: [
        comment("c1", "u1", { report_count: 2, report_reasons: ["Spam or misleading content", "Other: rude"] }),
        comment("c2", "u2"),
      ],
      total: 2,
    }),
    "GET /api/comments/admin/approved": ok({
      approvedComments: [comment("c3", "u1", { status: "approved" })],
      pagination: { page: 1, limit: 20, total: 1, totalPages: 1 },
    }),
    "PUT /api/comments/c2/reject": ok({ id: "c2", status: "rejected" }),
  });
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter initialEntries={[path]}>
        <CommentsPage />
        <AppToaster />
      </MemoryRouter>
    </SWRConfig>,
  );
  return requests;
}

beforeEach(() => storeAdminSession("admin-1"));

describe("/modme/comments", () => {
  it("shows both tabs with counts, the report count and reasons, and the author's reputation panel", async () => {
    renderPage();
    await screen.findByRole("tab", { name: "Pending Comments (2)" });
    await screen.findByRole("tab", { name: "Approved Comments (1)" });
    const card = screen.getByRole("article", { name: "Comment by Name of u1" });
    expect(within(card).getByText("Reported 2 times")).toBeTruthy();
    expect(within(card).getByText("Other: rude")).toBeTruthy();
    expect(within(card).getByText("New User")).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: "Approved Comments (1)" }));
    expect(screen.getByRole("button", { name: "Deactivate" })).toBeTruthy();
  });

  it("shows only one author's comments with ?user=", async () => {
    renderPage("/modme/comments?user=u2");
    await screen.findByText("Content of c2");
    expect(screen.queryByText("Content of c1")).toBeNull();
  });

  it("rejects with a temporary ban after checking the hours (1 to 8760)", async () => {
    const requests = renderPage();
    const card = await screen.findByRole("article", { name: "Comment by Name of u2" });
    fireEvent.click(within(card).getByRole("button", { name: "Reject" }));
    const dialog = screen.getByRole("dialog", { name: "Reject Comment" });
    fireEvent.change(within(dialog).getByLabelText("Ban type"), { target: { value: "temporary" } });
    expect((within(dialog).getByLabelText("Ban hours") as HTMLInputElement).value).toBe("24");
    fireEvent.change(within(dialog).getByLabelText("Ban hours"), { target: { value: "8761" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Ban hours must be between 1 and 8760");
    fireEvent.change(within(dialog).getByLabelText("Ban hours"), { target: { value: "8760" } });
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Spam" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    await screen.findByText("Comment rejected successfully");
    const sent = requests.find((r) => r.method === "PUT");
    expect(sent).toMatchObject({ path: "/api/comments/c2/reject", token: "admin-1" });
    expect(sent?.body).toEqual({ banType: "temporary", hours: 8760, reason: "Spam" });
  });
});
