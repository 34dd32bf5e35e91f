import { fireEvent, render, screen } from "@testing-library/react";
import { AppToaster } from "@unbiased/web-shared";
import { storeAdminSession } from "@unbiased/web-shared/admin";
import { fail, ok, type Reply, stubApi } from "@unbiased/web-shared/test/fakeApi.ts";
import { MemoryRouter } from "react-router-dom";
import { SWRConfig } from "swr";
import { beforeEach, describe, expect, it } from "vitest";
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
    "GET /api/comments/admin/users/summary": ok({
      total: 7,
      tiers: { trusted: 1, established: 2, new: 3, restricted: 1 },
    }),
    // The comments worker's e-mail search (its own tests check the real one), over one user.
    "GET /api/comments/admin/users": ({ query }) => {
      const found = "ada@example.com".includes(query.get("email")?.toLowerCase() ?? "")
        ? [
            {
              ...record(4),
              tier: "New User",
              totalComments: 0,
              pendingComments: 0,
              approvalRate: 0,
              last_login: null,
              role: "user",
            },
          ]
        : [];
      return ok({ users: found, pagination: { page: 1, limit: 50, total: found.length, totalPages: 1 } });
    },
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

  it("shows the server's counts of every user and of each tier", async () => {
    renderPage("/modme/reputation");
    const tile = async (label: string) => (await screen.findByText(label)).parentElement?.textContent;
    expect(await tile("Total Users")).toContain("7");
    expect(await tile("Trusted User")).toContain("1");
    expect(await tile("Established User")).toContain("2");
    expect(await tile("New User")).toContain("3");
    expect(await tile("Restricted User")).toContain("1");
  });

  it("finds users by e-mail substring on the server, and says when none match", async () => {
    const requests = renderPage("/modme/reputation");
    await screen.findByText("Total Users");
    const email = screen.getByLabelText("Look up by email");
    fireEvent.change(email, { target: { value: "ada@EXAMPLE" } });
    await screen.findByRole("button", { name: "Search Email" });
    fireEvent.click(screen.getByRole("button", { name: "Search Email" }));
    await screen.findByRole("button", { name: "View Details" });
    const sent = requests.find((r) => r.path === "/api/comments/admin/users");
    expect(String(sent?.query)).toBe("email=ada%40EXAMPLE&limit=50");
    fireEvent.change(email, { target: { value: "nobody@" } });
    fireEvent.click(screen.getByRole("button", { name: "Search Email" }));
    await screen.findByText("No users found with that email");
  });

  it("keeps the newest lookup's answer when an earlier e-mail lookup answers late", async () => {
    let answerEmail: (reply: Reply) => void = () => {};
    stubApi({
      "GET /api/comments/admin/users/summary": ok({
        total: 1,
        tiers: { trusted: 0, established: 0, new: 1, restricted: 0 },
      }),
      "GET /api/comments/admin/users": () => new Promise<Reply>((resolve) => (answerEmail = resolve)),
      "GET /api/comments/admin/user/u1/reputation": ok(record(4)),
    });
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <MemoryRouter initialEntries={["/modme/reputation"]}>
          <ReputationPage />
        </MemoryRouter>
      </SWRConfig>,
    );
    fireEvent.change(await screen.findByLabelText("Look up by email"), { target: { value: "someone@" } });
    fireEvent.click(screen.getByRole("button", { name: "Search Email" }));
    fireEvent.change(screen.getByLabelText("Look up by user ID"), { target: { value: "u1" } });
    fireEvent.click(screen.getByRole("button", { name: "Look Up" }));
    await screen.findByRole("region", { name: "User details" });
    answerEmail(ok({ users: [], pagination: { page: 1, limit: 50, total: 0, totalPages: 1 } }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText("No users found with that email")).toBeNull();
    expect(screen.getByRole("region", { name: "User details" }).textContent).toContain("Ada");
  });

  it("says 'User not found' for an unknown id", async () => {
    renderPage("/modme/reputation?user=nobody");
    await screen.findByText("User not found");
  });
});
