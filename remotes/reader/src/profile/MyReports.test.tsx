import { render, screen, within } from "@testing-library/react";
import { ok, stubApi } from "@unbiased/web-shared/test/fakeApi.ts";
import type { MyReport } from "@unbiased/worker-shared/contracts/reports";
import { MemoryRouter } from "react-router-dom";
import { SWRConfig } from "swr";
import { describe, expect, it } from "vitest";
import { MyReports } from "./MyReports.tsx";

const report = (overrides: Partial<MyReport>): MyReport => ({
  id: "r1",
  kind: "article",
  reason: "False information",
  status: "pending",
  reportedAt: "2026-05-01T12:00:00.000Z",
  changedAt: "2026-05-01T12:00:00.000Z",
  article: { id: "a1", title: "Harbour ferries return", path: "/article/harbour-ferries-return/a1" },
  commentId: null,
  ...overrides,
});

function renderReports() {
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter>
        <MyReports userId="u1" />
      </MemoryRouter>
    </SWRConfig>,
  );
}

describe("My reports", () => {
  it("lists each report with its status and when it last changed, a comment report linking to the comment", async () => {
    const requests = stubApi({
      "GET /api/auth/me/reports": ok([
        report({
          id: "r2",
          kind: "comment",
          reason: "Harassment or hate speech",
          status: "actioned",
          changedAt: "2026-05-02T15:30:00.000Z",
          commentId: "c9",
        }),
        report({ id: "r1", status: "dismissed", changedAt: "2026-05-01T18:00:00.000Z" }),
        report({
          id: "r0",
          article: { id: "a2", title: "A story since hidden", path: null },
        }),
      ]),
    });
    renderReports();
    const list = await screen.findByRole("list");
    const [comment, article, hidden] = within(list).getAllByRole("listitem");
    expect(
      within(comment!).getByRole("link", { name: "Comment on: Harbour ferries return" }).getAttribute("href"),
    ).toBe("/article/harbour-ferries-return/a1#comment-c9");
    expect(comment!.textContent).toContain("Action taken · Updated May 2, 2026, 11:30 AM");
    expect(article!.textContent).toContain("Dismissed · Updated May 1, 2026, 2:00 PM");
    // A hidden article has no page to open: its title alone.
    expect(within(hidden!).queryByRole("link")).toBeNull();
    expect(hidden!.textContent).toContain("Pending · Reported May 1, 2026, 8:00 AM");
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /api/auth/me/reports"]);
  });

  it("says so when there is nothing", async () => {
    stubApi({ "GET /api/auth/me/reports": ok([]) });
    renderReports();
    expect(await screen.findByText("You have not reported anything.")).toBeTruthy();
  });
});
