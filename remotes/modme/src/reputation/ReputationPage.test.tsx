import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { SWRConfig } from "swr";
import { beforeEach, describe, expect, it } from "vitest";
import { AppToaster, storeAdminSession } from "@unbiased/web-shared";
import { fail, ok, stubApi } from "@unbiased/web-shared/test/fakeApi.ts";
import { ReputationPage } from "./ReputationPage.tsx";

const record = (score: number) => ({
  userId: "u1",
  email: "Ada@Example.com",
  name: "Ada",
  reputationScore: score,
  totalUpvotes: 0,
  totalDownvotes: 0,
  approvedComments: 0,
  tier: "",
});

function renderPage(path: string) {
  let score = 4;
  const requests = stubApi({
    "GET /api/comments/admin/users": ok({
      users: [
        {
          ...record(4),
          tier: "New User",
          totalComments: 0,
          pendingComments: 0,
          approvalRate: 0,
          last_login: null,
          role: "user",
        },
      ],
    }),
    "GET /api/comments/admin/user/u1/reputation": () => ok(record(score)),
    "GET /api/comments/admin/user/nobody/reputation": fail(404, "User not found"),
    "PUT /api/comments/admin/user/u1/reputation": (req) => {
      score += (req.body as { adjustment: number }).adjustment;
      return ok(record(score));
    },
  });
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter initialEntries={[path]}>
        <ReputationPage />
        <AppToaster />
      </MemoryRouter>
    </SWRConfig>,
  );
  return requests;
}

beforeEach(() => storeAdminSession("admin-1"));

describe("/modme/reputation", () => {
  it("looks up ?user= at once and adjusts: 'abc' refused, then the tier changes", async () => {
    renderPage("/modme/reputation?user=u1");
    const details = await screen.findByRole("region", { name: "User details" });
    expect(details.textContent).toContain("New User");
    const field = screen.getByLabelText(/Adjustment/);
    fireEvent.change(field, { target: { value: "abc" } });
    fireEvent.click(screen.getByRole("button", { name: "Adjust Reputation" }));
    await screen.findByText("Adjustment must be a valid number");
    fireEvent.change(field, { target: { value: "1" } });
    fireEvent.click(screen.getByRole("button", { name: "Adjust Reputation" }));
    await screen.findByText("Reputation adjusted by 1 points");
    expect(screen.getByRole("region", { name: "User details" }).textContent).toContain("Established User");
  });

  it("finds users by e-mail substring, case-insensitive, and says when none match", async () => {
    renderPage("/modme/reputation");
    await screen.findByText("Total Users");
    const email = screen.getByLabelText("Look up by email");
    fireEvent.change(email, { target: { value: "ada@EXAMPLE" } });
    await screen.findByRole("button", { name: "Search Email" });
    fireEvent.click(screen.getByRole("button", { name: "Search Email" }));
    await screen.findByRole("button", { name: "View Details" });
    fireEvent.change(email, { target: { value: "nobody@" } });
    fireEvent.click(screen.getByRole("button", { name: "Search Email" }));
    await screen.findByText("No users found with that email");
  });

  it("says 'User not found' for an unknown id", async () => {
    renderPage("/modme/reputation?user=nobody");
    await screen.findByText("User not found");
  });
});
