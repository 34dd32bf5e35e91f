import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { AppToaster } from "@unbiased/web-shared";
import { storeAdminSession } from "@unbiased/web-shared/admin";
import { fail, ok, type RecordedRequest, type Reply, stubApi } from "@unbiased/web-shared/test/fakeApi.ts";
import type { StaffUserItem } from "@unbiased/worker-shared/contracts/moderation";
import { MemoryRouter } from "react-router-dom";
import { SWRConfig } from "swr";
import { beforeEach, describe, expect, it } from "vitest";
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

/** The comments worker's search and paging, over `users` (the worker's own tests check the real one). */
const usersRoute =
  (users: StaffUserItem[]) =>
  ({ query }: RecordedRequest): Reply => {
    const q = query.get("q")?.toLowerCase() ?? "";
    const email = query.get("email")?.toLowerCase() ?? "";
    const page = Number(query.get("page") ?? 1);
    const limit = Number(query.get("limit") ?? 5000);
    const matching = users.filter(
      (u) =>
        (u.name.toLowerCase().includes(q) || u.userId.toLowerCase().includes(q)) &&
        u.email.toLowerCase().includes(email),
    );
    return ok({
      users: matching.slice((page - 1) * limit, page * limit),
      pagination: { page, limit, total: matching.length, totalPages: Math.max(1, Math.ceil(matching.length / limit)) },
    });
  };

function renderPage(users: StaffUserItem[]) {
  const requests = stubApi({
    "GET /api/comments/admin/users": usersRoute(users),
    "PUT /api/comments/admin/user/user-3/reputation": ok(user(3, { reputationScore: 5 })),
  });
  renderWith();
  return requests;
}

function renderWith() {
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter>
        <UsersPage />
        <AppToaster />
      </MemoryRouter>
    </SWRConfig>,
  );
}

beforeEach(() => storeAdminSession("admin-1"));

describe("/modme/users", () => {
  it("asks the server for 10 users a page and for each search, and shows its total", async () => {
    const requests = renderPage(
      Array.from({ length: 12 }, (_, i) => user(i + 1, i === 2 ? { email: "Special@Mail.test" } : {})),
    );
    await screen.findByRole("heading", { name: "Users (12 total)" });
    expect(within(screen.getByRole("table")).getAllByRole("row")).toHaveLength(11);
    expect(String(requests.at(-1)?.query)).toBe("page=1&limit=10");
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText("Person 11");
    expect(within(screen.getByRole("table")).getAllByRole("row")).toHaveLength(3);
    expect(requests.at(-1)?.query.get("page")).toBe("2");

    const beforeSearch = requests.length;
    fireEvent.change(screen.getByLabelText("Search by email"), { target: { value: " special@ " } });
    await screen.findByRole("heading", { name: "Users (1 total)" });
    // A new search starts at page 1 by itself: page 2 is not asked for again on the way.
    expect(requests.slice(beforeSearch).map((r) => String(r.query))).toEqual(["page=1&limit=10&email=special%40"]);
    fireEvent.change(screen.getByLabelText("Search by name or user ID"), { target: { value: "nobody" } });
    await screen.findByText("No users found");
    expect(screen.getByText("Try adjusting your search criteria")).toBeTruthy();
    expect(requests.at(-1)?.query.get("q")).toBe("nobody");
  });

  it("sends one search per pause in typing, not one per key", async () => {
    const requests = renderPage([user(1), user(2)]);
    await screen.findByRole("heading", { name: "Users (2 total)" });
    const before = requests.length;
    const field = screen.getByLabelText("Search by name or user ID");
    for (const text of ["P", "Pe", "Per", "Person 2"]) fireEvent.change(field, { target: { value: text } });
    await screen.findByRole("heading", { name: "Users (1 total)" });
    expect(requests.slice(before).map((r) => r.query.get("q"))).toEqual(["Person 2"]);
  });

  it("shows a failed search's error, not the rows of the search before it", async () => {
    const users = [user(1), user(2)];
    stubApi({
      "GET /api/comments/admin/users": (request) =>
        request.query.get("q") === "boom" ? fail(503, "Service unavailable") : usersRoute(users)(request),
    });
    renderWith();
    await screen.findByRole("heading", { name: "Users (2 total)" });
    fireEvent.change(screen.getByLabelText("Search by name or user ID"), { target: { value: "boom" } });
    await screen.findByText("Failed to fetch users");
    expect(screen.queryByText("Person 1")).toBeNull();
    expect(screen.queryByRole("heading", { name: "Users (2 total)" })).toBeNull();
  });

  it("after an adjustment, shows the new score in the other searches' cached pages too", async () => {
    const users = [user(3), user(4)];
    stubApi({
      "GET /api/comments/admin/users": usersRoute(users),
      "PUT /api/comments/admin/user/user-3/reputation": (request) => {
        users[0] = user(3, { reputationScore: (request.body as { adjustment: number }).adjustment });
        return ok(users[0]);
      },
    });
    renderWith();
    await screen.findByRole("heading", { name: "Users (2 total)" });
    fireEvent.change(screen.getByLabelText("Search by name or user ID"), { target: { value: "Person 3" } });
    await screen.findByRole("heading", { name: "Users (1 total)" });
    fireEvent.click(screen.getByRole("button", { name: "Adjust" }));
    const dialog = screen.getByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Adjustment"), { target: { value: "7" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Adjust Reputation" }));
    await screen.findByText("Reputation adjusted by 7 points");
    fireEvent.click(screen.getByRole("button", { name: "Clear Search" }));
    await screen.findByRole("heading", { name: "Users (2 total)" });
    const row = (await screen.findByText("Person 3")).closest("tr");
    await waitFor(() => expect(row?.textContent).toContain("7"));
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
