import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { AppToaster, AuthProvider } from "@unbiased/web-shared";
import { sampleUser } from "@unbiased/web-shared/test/fakeApi.ts";
import { MemoryRouter } from "react-router-dom";
import { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type ArticleApiStub, stubArticleApi } from "../test/stubArticleApi.ts";
import { ArticleVoteButtons } from "./ArticleVoteButtons.tsx";
import { loadArticleVotes } from "./articleVotesApi.ts";

let api: ArticleApiStub;
let now = 1_000_000;

beforeEach(() => {
  api = stubArticleApi();
  now = 1_000_000;
  vi.spyOn(Date, "now").mockImplementation(() => now);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function signIn() {
  localStorage.setItem("token", "t1");
  api.routes["/api/auth/verify"] = [200, { success: true, data: { user: sampleUser("user") } }];
}

function serveCounts(upvotes: number, downvotes: number, vote: "upvote" | "downvote" | null = null) {
  api.routes["/api/votes/counts/batch"] = (_url, init) => {
    const { articleIds } = JSON.parse(String(init.body)) as { articleIds: string[] };
    return [
      200,
      { success: true, results: articleIds.map((articleId) => ({ articleId, success: true, upvotes, downvotes })) },
    ];
  };
  api.routes["/api/votes/user/batch"] = (_url, init) => {
    const { articleIds } = JSON.parse(String(init.body)) as { articleIds: string[] };
    return [
      200,
      {
        success: true,
        results: articleIds.map((articleId) => ({ articleId, success: true, vote: vote && { type: vote } })),
      },
    ];
  };
}

function renderButtons(signedOut: "toast" | "prompt" = "prompt") {
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <AuthProvider>
        <MemoryRouter>
          <ArticleVoteButtons articleId="a1" title="Story one" signedOut={signedOut} />
          <AppToaster />
        </MemoryRouter>
      </AuthProvider>
    </SWRConfig>,
  );
}

/** Holds the session check (/api/auth/verify) until the returned function is called. */
function holdSessionCheck(): () => void {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const answer = globalThis.fetch;
  vi.stubGlobal("fetch", async (input: string, init?: RequestInit) => {
    if (new URL(input, "http://localhost").pathname === "/api/auth/verify") await gate;
    return answer(input, init);
  });
  return open;
}

/**
 * A signed-in reader (3 upvotes counted, `vote` theirs) whose session check is held: the buttons show
 * 3, and an upvote is answered with `upvotesAfter`. Resolves to the function that lets the check end.
 */
async function renderSignedInWhileChecking(vote: "upvote" | null, upvotesAfter: number): Promise<() => void> {
  signIn();
  serveCounts(3, 0, vote);
  api.routes["/api/votes/vote"] = [
    200,
    { success: true, articleId: "a1", upvotes: upvotesAfter, downvotes: 0, userVote: "upvote" },
  ];
  const release = holdSessionCheck();
  renderButtons();
  await waitFor(() => expect(button(/^Upvote \(3\)/)).toBeTruthy());
  return release;
}

const group = () => screen.getByRole("group", { name: "Vote on: Story one" });
const button = (name: RegExp) => within(group()).getByRole("button", { name });
const voteCalls = () =>
  api.requests.filter((url) => url.pathname.startsWith("/api/votes/vote")).map((url) => url.pathname);

describe("ArticleVoteButtons", () => {
  it("shows the server's counts and the reader's vote", async () => {
    signIn();
    serveCounts(7, 2, "downvote");
    renderButtons();
    await waitFor(() => expect(button(/^Upvote \(7\)/)).toBeTruthy());
    expect(button(/^Downvote \(2\)/).getAttribute("aria-pressed")).toBe("true");
  });

  it("votes, ignores a second click within 500 ms, and removes the vote when the same one is chosen again", async () => {
    signIn();
    serveCounts(0, 0);
    api.routes["/api/votes/vote"] = [
      200,
      { success: true, articleId: "a1", upvotes: 1, downvotes: 0, userVote: "upvote" },
    ];
    api.routes["/api/votes/vote/a1"] = [
      200,
      { success: true, articleId: "a1", upvotes: 0, downvotes: 0, userVote: "none" },
    ];
    renderButtons();
    await waitFor(() => expect(button(/^Upvote \(0\)/)).toBeTruthy());
    await waitFor(() => expect(api.requests.some((u) => u.pathname === "/api/auth/verify")).toBe(true));

    fireEvent.click(button(/^Upvote/));
    await waitFor(() => expect(button(/^Upvote \(1\)/).getAttribute("aria-pressed")).toBe("true"));
    now += 200;
    fireEvent.click(button(/^Downvote/));
    expect(voteCalls()).toEqual(["/api/votes/vote"]);

    now += 600;
    fireEvent.click(button(/^Upvote/));
    await waitFor(() => expect(button(/^Upvote \(0\)/).getAttribute("aria-pressed")).toBe("false"));
    expect(voteCalls()).toEqual(["/api/votes/vote", "/api/votes/vote/a1"]);
  });

  it("holds a click made while sign-in is being checked, then sets that vote once (one request)", async () => {
    const release = await renderSignedInWhileChecking(null, 4);
    fireEvent.click(button(/^Upvote/));
    fireEvent.click(button(/^Upvote/)); // a double tap is one action
    expect(group().closest("fieldset")?.getAttribute("aria-busy")).toBe("true");
    expect(voteCalls()).toEqual([]);

    release();
    await waitFor(() => expect(button(/^Upvote \(4\)/).getAttribute("aria-pressed")).toBe("true"));
    expect(voteCalls()).toEqual(["/api/votes/vote"]);
    expect(group().closest("fieldset")?.getAttribute("aria-busy")).toBe("false");
  });

  it("a click held for a reader who had already upvoted keeps their upvote (never a removal)", async () => {
    const release = await renderSignedInWhileChecking("upvote", 3);
    fireEvent.click(button(/^Upvote/));
    release();
    await waitFor(() => expect(button(/^Upvote \(3\)/).getAttribute("aria-pressed")).toBe("true"));
    now += 1000;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(voteCalls().filter((path) => path !== "/api/votes/vote")).toEqual([]);
    expect(button(/^Upvote/).getAttribute("aria-pressed")).toBe("true");
  });

  it("a click held for a reader who turns out signed out gets the log-in answer", async () => {
    localStorage.setItem("token", "expired");
    api.routes["/api/auth/verify"] = [401, { success: false, error: "Invalid or expired token" }];
    api.routes["/api/auth/refresh"] = [401, { success: false, error: "No session" }];
    serveCounts(0, 0);
    const release = holdSessionCheck();
    renderButtons("toast");
    await waitFor(() => expect(button(/^Upvote \(0\)/)).toBeTruthy());
    fireEvent.click(button(/^Upvote/));
    release();
    await screen.findByText("Please log in to vote");
    expect(voteCalls()).toEqual([]);
  });

  it("rolls back and says 'Failed to vote. Please try again.' when the server fails", async () => {
    signIn();
    serveCounts(3, 1);
    api.routes["/api/votes/vote"] = [500, { success: false, error: "Something went wrong. Please try again." }];
    renderButtons();
    await waitFor(() => expect(button(/^Upvote \(3\)/)).toBeTruthy());
    await waitFor(() => expect(api.requests.some((u) => u.pathname === "/api/auth/verify")).toBe(true));
    fireEvent.click(button(/^Upvote/));
    await screen.findByText("Failed to vote. Please try again.");
    expect(button(/^Upvote \(3\)/).getAttribute("aria-pressed")).toBe("false");
  });

  it("asks a signed-out reader to log in, with the toast on a card and the prompt on the article page", async () => {
    serveCounts(0, 0);
    renderButtons("toast");
    await waitFor(() => expect(button(/^Upvote \(0\)/)).toBeTruthy());
    fireEvent.click(button(/^Upvote/));
    await screen.findByText("Please log in to vote");
    expect(voteCalls()).toEqual([]);
  });

  it("prompts 'Please log in to vote on articles' on the article page", async () => {
    serveCounts(0, 0);
    renderButtons("prompt");
    await waitFor(() => expect(button(/^Downvote \(0\)/)).toBeTruthy());
    fireEvent.click(button(/^Downvote/));
    const dialog = await screen.findByRole("dialog", { name: "Login Required" });
    expect(within(dialog).getByText("Please log in to vote on articles")).toBeTruthy();
  });
});

describe("loadArticleVotes", () => {
  it("asks for the cards on screen in batch calls of at most 20 ids", async () => {
    serveCounts(1, 0);
    const ids = Array.from({ length: 45 }, (_, i) => `b${i}`);
    const states = await Promise.all(ids.map((id) => loadArticleVotes(id, null)));
    expect(states.every((s) => s.upvotes === 1)).toBe(true);
    const batches = api.requests.filter((u) => u.pathname === "/api/votes/counts/batch");
    expect(batches).toHaveLength(3);
  });

  it("falls back to per-article calls when a batch fails, and to 0 and no vote when those fail too", async () => {
    api.routes["/api/votes/counts/batch"] = [500, { success: false, error: "down" }];
    api.routes["/api/votes/counts/c1"] = [200, { success: true, articleId: "c1", upvotes: 5, downvotes: 1 }];
    api.routes["/api/votes/counts/c2"] = [500, { success: false, error: "down" }];
    const [c1, c2] = await Promise.all([loadArticleVotes("c1", null), loadArticleVotes("c2", null)]);
    expect(c1).toEqual({ upvotes: 5, downvotes: 1, userVote: "none" });
    expect(c2).toEqual({ upvotes: 0, downvotes: 0, userVote: "none" });
  });
});
