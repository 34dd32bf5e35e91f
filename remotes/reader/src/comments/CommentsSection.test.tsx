import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { AuthProvider } from "@unbiased/web-shared";
import { sampleUser } from "@unbiased/web-shared/test/fakeApi.ts";
import type { PublicComment } from "@unbiased/worker-shared/contracts/comments";
import { MemoryRouter } from "react-router-dom";
import { SWRConfig } from "swr";
import { describe, expect, it } from "vitest";
import { type ArticleApiStub, stubArticleApi } from "../test/stubArticleApi.ts";
import { CommentsSection } from "./CommentsSection.tsx";

function comment(id: string, overrides: Partial<PublicComment> = {}): PublicComment {
  return {
    id,
    userId: `author-${id}`,
    userName: `Author ${id}`,
    content: `Comment ${id}`,
    timestamp: "2026-11-24T06:00:00.000Z",
    upvotes: 0,
    downvotes: 0,
    userReputation: 0,
    replies: [],
    ...overrides,
  };
}

function serveThread(comments: PublicComment[], status = 200): ArticleApiStub {
  const api = stubArticleApi();
  api.routes["/api/comments/article/a1"] =
    status === 200
      ? [200, { success: true, data: { comments, total: comments.length } }]
      : [status, { success: false, error: "boom" }];
  return api;
}

function renderThread() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
      <MemoryRouter>
        <AuthProvider>
          <CommentsSection articleId="a1" />
        </AuthProvider>
      </MemoryRouter>
    </SWRConfig>,
  );
}

describe("the comment thread", () => {
  it("shows comments as text, never as HTML", async () => {
    const payloads = [
      "<script>window.__pwned = 1</script>",
      '<img src=x onerror="window.__pwned = 2">',
      '<a href="javascript:window.__pwned=3">click</a>',
    ];
    serveThread(payloads.map((content, i) => comment(`x${i}`, { content })));
    const { container } = renderThread();
    for (const payload of payloads) expect(await screen.findByText(payload)).toBeTruthy();
    expect(container.querySelector("script, img, a[href^='javascript']")).toBeNull();
  });

  it("nests replies 16 px per depth, capping the indent, and keeps removed comments as placeholders", async () => {
    let deepest = comment("d9");
    for (let depth = 8; depth >= 1; depth--) deepest = comment(`d${depth}`, { replies: [deepest] });
    serveThread([comment("gone", { removed: true, userName: "", content: "", replies: [deepest] })]);
    const { container } = renderThread();
    await screen.findByText("Comment d9");
    expect(screen.getByText("This comment was removed.")).toBeTruthy();
    const indents = [...container.querySelectorAll<HTMLLIElement>("li.comment")].map(
      (li) => Number.parseInt(li.style.marginInlineStart, 10) || 0,
    );
    // The placeholder at depth 0, then depths 1–9: 16 px more per depth up to depth 6, then no more.
    expect(indents).toEqual([0, 16, 16, 16, 16, 16, 16, 0, 0, 0]);
    expect(container.querySelector("#comment-d9")).not.toBeNull();
  });

  it("dims a comment whose score is below -3 and shows the Verified badge at 10", async () => {
    serveThread([
      comment("low", { upvotes: 1, downvotes: 5 }),
      comment("ok", { upvotes: 0, downvotes: 3, userReputation: 10 }),
    ]);
    const { container } = renderThread();
    await screen.findByText("Comment low");
    expect(container.querySelector("#comment-low")?.className).toContain("comment__body--dimmed");
    expect(container.querySelector("#comment-ok")?.className).not.toContain("dimmed");
    expect(within(container.querySelector("#comment-ok") as HTMLElement).getByText("Verified")).toBeTruthy();
  });

  it("says 'Failed to load comments' in place of the list", async () => {
    serveThread([], 500);
    renderThread();
    expect(await screen.findByText("Failed to load comments")).toBeTruthy();
  });

  it("counts characters and enables posting from 3 trimmed characters", async () => {
    const api = serveThread([]);
    localStorage.setItem("token", "t1");
    api.routes["/api/auth/verify"] = [200, { success: true, data: { user: sampleUser("user") } }];
    renderThread();
    const box = await screen.findByLabelText("Add a comment");
    const submit = screen.getByRole("button", { name: "Post comment" }) as HTMLButtonElement;
    fireEvent.change(box, { target: { value: "  ab  " } });
    expect(screen.getByText("6/8000")).toBeTruthy();
    expect(submit.disabled).toBe(true);
    fireEvent.change(box, { target: { value: "abc" } });
    await waitFor(() => expect(submit.disabled).toBe(false));
  });

  it("shows the post button at the bottom only above 10 comments", async () => {
    serveThread(Array.from({ length: 11 }, (_, i) => comment(`n${i}`)));
    renderThread();
    await screen.findByText("Comment n10");
    expect(screen.getByRole("button", { name: "Post a comment" })).toBeTruthy();
  });
});
