import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { SWRConfig } from "swr";
import { beforeEach, describe, expect, it } from "vitest";
import type { StaffUserItem } from "@unbiased/worker-shared/contracts/moderation";
import { AppToaster, storeAdminSession } from "@unbiased/web-shared";
import { ok, stubApi } from "@unbiased/web-shared/test/fakeApi.ts";
import { UsersPage } from "./UsersPage.tsx";

const user = (n: number, overrides: Partial<StaffUserItem> = {}): StaffUserItem => ({
  userId: `user-${n}`,
  name: `Person ${n}`,
  email: `person${n}@example.com`,
  reputationScore: 0,
  tier: "New User",
  totalComments: 0,
  approvedComments: 0,
  pendingComments: 0,
  approvalRate: 0,
  last_login: null,
  role: "user",
  ...overrides,
});

function renderPage(users: StaffUserItem[]) {
  const requests = stubApi({
    "GET /api/comments/admin/users": ok({ users }),
    "PUT /api/comments/admin/user/user-3/reputation": ok(user(3, { reputationScore: 5 })),
  });
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter>
        <UsersPage />
        <AppToaster />
      </MemoryRouter>
    </SWRConfig>,
  );
  return requests;
}

beforeEach(() => storeAdminSession("admin-1"));

describe("/modme/users", () => {
  it("pages users by 10, searches name or id and e-mail in the browser, and says when none match", async () => {
    renderPage(Array.from({ length: 12 }, (_, i) => user(i + 1, i === 2 ? { email: "Special@Mail.test" } : {})));
    await screen.findByRole("heading", { name: "Users (12 total)" });
    expect(within(screen.getByRole("table")).getAllByRole("row")).toHaveLength(11);
    fireEvent.change(screen.getByLabelText("Search by email"), { target: { value: "special@" } });
    expect(screen.getByRole("heading", { name: "Users (1 total)" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Search by name or user ID"), { target: { value: "nobody" } });
    expect(screen.getByText("No users found")).toBeTruthy();
    expect(screen.getByText("Try adjusting your search criteria")).toBeTruthy();
  });

  it("shows 'Unknown User', 'N/A', 'Never' and the approval rate only with comments", async () => {
    renderPage([user(1, { name: "", email: "", totalComments: 4, approvedComments: 3, approvalRate: 75 }), user(2)]);
    await screen.findByText("Unknown User");
    expect(screen.getByText("N/A")).toBeTruthy();
    expect(screen.getAllByText("Never")).toHaveLength(2);
    expect(screen.getAllByText(/approval rate/)).toHaveLength(1);
  });

  it("says 'No users in the system' without users", async () => {
    renderPage([]);
    await screen.findByText("No users in the system");
  });

  it("adjusts with the dialog: refuses '1.5', then 'Reputation adjusted by 5 points'", async () => {
    const requests = renderPage([user(3)]);
    fireEvent.click(await screen.findByRole("button", { name: "Adjust" }));
    const dialog = screen.getByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Adjustment"), { target: { value: "1.5" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Adjust Reputation" }));
    await screen.findByText("Please enter a valid adjustment value");
    fireEvent.change(within(dialog).getByLabelText("Adjustment"), { target: { value: "5" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Adjust Reputation" }));
    await screen.findByText("Reputation adjusted by 5 points");
    const sent = requests.find((r) => r.method === "PUT");
    expect(sent?.body).toEqual({ adjustment: 5 });
    expect(sent?.token).toBe("admin-1");
  });
});
