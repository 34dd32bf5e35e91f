import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { AppToaster, AuthProvider } from "@unbiased/web-shared";
import { sampleUser } from "@unbiased/web-shared/test/fakeApi.ts";
import type { FeedResponse } from "@unbiased/worker-shared/contracts/articles";
import type { Role } from "@unbiased/worker-shared/contracts/auth";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { SWRConfig } from "swr";
import { beforeEach, describe, expect, it } from "vitest";
import { recordLoadedArticles, resetLoadedArticles } from "../../cache/loadedArticles.ts";
import { LocationDisplay } from "../../test/LocationDisplay.tsx";
import { type ArticleApiStub, type StubReply, stubArticleApi } from "../../test/stubArticleApi.ts";
import { testArticle } from "../../test/testArticle.ts";
import { ArticleRoute } from "../ArticleRoute.tsx";

const article = testArticle({ id: "a1", tldr: "The first TLDR." });
const FEED_KEY = "pages:/api/articles?page=1&limit=20&sort=date&period=7d";

let api: ArticleApiStub;
let cache: Map<string, unknown>;

/** Serves article a1 (each GET counted) to a reader signed in as `role`, or to no one. */
function serve(role: Role | null) {
  api = stubArticleApi();
  api.routes["/api/articles/a1"] = [200, { success: true, data: article }];
  if (role) {
    localStorage.setItem("token", `t-${role}`);
    api.routes["/api/auth/verify"] = [200, { success: true, data: { user: sampleUser(role) } }];
  }
}

/** Answers `path` for POST/PUT with `reply`, recording each body. */
function answer(path: string, reply: StubReply): unknown[] {
  const bodies: unknown[] = [];
  api.routes[path] = (_url, init) => {
    bodies.push(init.body === undefined ? undefined : JSON.parse(String(init.body)));
    return reply;
  };
  return bodies;
}

async function renderArticle() {
  // A feed the reader saw before opening the article, cached the way useFeedPages stores it.
  const feed: FeedResponse[] = [
    { success: true, data: [article, testArticle({ id: "a2" })], pagination: { page: 1, limit: 20, hasNext: false } },
  ];
  cache = new Map<string, unknown>([[FEED_KEY, { data: feed, _k: FEED_KEY }]]);
  render(
    <SWRConfig value={{ provider: () => cache as never }}>
      <MemoryRouter initialEntries={["/article/seville/a1"]}>
        <AuthProvider>
          <AppToaster />
          <LocationDisplay />
          <Routes>
            <Route path="/" element={<h1>Home</h1>} />
            <Route path="/article/:slug/:id" element={<ArticleRoute />} />
          </Routes>
        </AuthProvider>
      </MemoryRouter>
    </SWRConfig>,
  );
  await screen.findByRole("heading", { level: 1, name: article.title });
  // Staff tools wait for the stored token to be verified.
  await act(async () => {});
}

const tools = () => screen.queryByRole("region", { name: "Staff tools" });
const articleGets = () => api.requests.filter((url) => url.pathname === "/api/articles/a1").length;

beforeEach(() => resetLoadedArticles());

describe("staff tools: who sees them", () => {
  it.each([[null], ["user" as const]])("are absent for %s", async (role) => {
    serve(role);
    await renderArticle();
    expect(tools()).toBeNull();
    expect(screen.queryByRole("button", { name: "Regenerate summary" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Hide article" })).toBeNull();
    expect(screen.queryByText(/articles? loaded/)).toBeNull();
  });

  it("a moderator gets the counter and the three regenerate buttons, not Hide article", async () => {
    serve("moderator");
    await renderArticle();
    const region = await screen.findByRole("region", { name: "Staff tools" });
    expect(within(region).getByText(/article loaded$/).textContent).toBe("1 article loaded");
    expect(
      within(region)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Regenerate summary", "Regenerate location", "Regenerate image"]);
  });

  it("an admin also gets Hide article", async () => {
    serve("admin");
    await renderArticle();
    const region = await screen.findByRole("region", { name: "Staff tools" });
    expect(within(region).getByRole("button", { name: "Hide article" })).toBeTruthy();
  });
});

describe("the articles-loaded counter", () => {
  it("counts each distinct article the reader app has fetched, and follows new ones", async () => {
    serve("moderator");
    recordLoadedArticles([{ id: "a1" }, { id: "a2" }, { id: "a3" }]);
    await renderArticle();
    const region = await screen.findByRole("region", { name: "Staff tools" });
    expect(within(region).getByText(/loaded$/).textContent).toBe("3 articles loaded"); // a1 once
    act(() => recordLoadedArticles([{ id: "a3" }, { id: "a4" }]));
    expect(within(region).getByText(/loaded$/).textContent).toBe("4 articles loaded");
  });
});

describe("regenerating", () => {
  it("shows a busy button, says 'Summary regenerated successfully' and refetches the article", async () => {
    serve("moderator");
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    const bodies: unknown[] = [];
    api.routes["/api/articles/a1/regenerate-summary"] = (_url, init) => {
      bodies.push(init.body);
      return [200, { success: true, data: { id: "a1" }, message: "Summary regenerated successfully" }];
    };
    const stubbedFetch = globalThis.fetch;
    globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
      if (String(args[0]).endsWith("/regenerate-summary")) await done;
      return stubbedFetch(...args);
    }) as typeof fetch;
    await renderArticle();
    const before = articleGets();

    fireEvent.click(await screen.findByRole("button", { name: "Regenerate summary" }));
    const busy = await screen.findByRole("button", { name: "Regenerating summary…" });
    expect(busy.getAttribute("aria-busy")).toBe("true");
    expect(
      within(tools()!)
        .getAllByRole("button")
        .every((button) => (button as HTMLButtonElement).disabled),
    ).toBe(true);

    api.routes["/api/articles/a1"] = [200, { success: true, data: { ...article, tldr: "A fresh TLDR." } }];
    await act(async () => release());
    await screen.findByText("Summary regenerated successfully");
    await screen.findByText("A fresh TLDR.");
    expect(articleGets()).toBe(before + 1);
    expect(bodies).toEqual([undefined]); // an empty body
    expect((screen.getByRole("button", { name: "Regenerate summary" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it.each([
    ["summary", "Regenerate summary", "Failed to regenerate summary"],
    ["image", "Regenerate image", "Failed to regenerate image"],
    ["location", "Regenerate location", "Failed to regenerate location data"],
  ])("says the spec's failure for %s and does not refetch", async (target, button, message) => {
    serve("moderator");
    answer(`/api/articles/a1/regenerate-${target}`, [502, { success: false, error: message }]);
    await renderArticle();
    const before = articleGets();
    fireEvent.click(await screen.findByRole("button", { name: button }));
    await screen.findByText(message);
    expect(articleGets()).toBe(before);
  });

  it("says 'Image regenerated successfully'", async () => {
    serve("moderator");
    answer("/api/articles/a1/regenerate-image", [200, { success: true, data: { id: "a1" } }]);
    await renderArticle();
    fireEvent.click(await screen.findByRole("button", { name: "Regenerate image" }));
    await screen.findByText("Image regenerated successfully");
  });

  it("shows the server's message for a location found, and 'No location information found' otherwise", async () => {
    serve("moderator");
    const location = { location: "Lyon, France", locationCity: "Lyon", locationCountry: "France" };
    answer("/api/articles/a1/regenerate-location", [
      200,
      { success: true, location, message: "Location regenerated successfully" },
    ]);
    await renderArticle();
    fireEvent.click(await screen.findByRole("button", { name: "Regenerate location" }));
    await screen.findByText("Location regenerated successfully");

    answer("/api/articles/a1/regenerate-location", [200, { success: true, location: null, message: "" }]);
    fireEvent.click(await screen.findByRole("button", { name: "Regenerate location" }));
    await screen.findByText("No location information found");
  });

  it("asks to log in when the session has ended (401 and a refused refresh)", async () => {
    serve("moderator");
    answer("/api/articles/a1/regenerate-summary", [401, { success: false, error: "Invalid or expired token" }]);
    api.routes["/api/auth/refresh"] = [401, { success: false, error: "Session expired" }];
    await renderArticle();
    fireEvent.click(await screen.findByRole("button", { name: "Regenerate summary" }));
    await screen.findByText("Please log in to regenerate summaries");
    await waitFor(() => expect(tools()).toBeNull()); // logged out: the tools go with the role
  });
});

describe("hiding an article", () => {
  async function openHideDialog() {
    serve("admin");
    const bodies = answer("/api/articles/admin/a1/hide", [200, { success: true, data: { id: "a1", hidden: true } }]);
    await renderArticle();
    fireEvent.click(await screen.findByRole("button", { name: "Hide article" }));
    const dialog = screen.getByRole("dialog", { name: "Hide article" });
    return { bodies, dialog, reason: within(dialog).getByLabelText("Reason for hiding") as HTMLTextAreaElement };
  }

  it("does nothing when cancelled", async () => {
    const { bodies, dialog, reason } = await openHideDialog();
    fireEvent.change(reason, { target: { value: "Duplicate story" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(bodies).toEqual([]);
    expect(screen.getByTestId("location").textContent).toBe("/article/seville/a1");
  });

  it("does nothing with an empty or blank reason", async () => {
    const { bodies, dialog, reason } = await openHideDialog();
    const confirm = within(dialog).getByRole("button", { name: "Hide article" }) as HTMLButtonElement;
    expect(reason.required).toBe(true);
    expect(confirm.disabled).toBe(true);
    fireEvent.change(reason, { target: { value: "   " } });
    expect(confirm.disabled).toBe(true);
    fireEvent.submit(reason.form!);
    await act(async () => {});
    expect(bodies).toEqual([]);
    expect(screen.getByRole("dialog", { name: "Hide article" })).toBe(dialog);
  });

  it("hides with the trimmed reason, says 'Article hidden successfully', drops it from cached feeds and goes home", async () => {
    const { bodies, dialog, reason } = await openHideDialog();
    fireEvent.change(reason, { target: { value: "  Fabricated quotes  " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Hide article" }));
    await screen.findByText("Article hidden successfully");
    expect(bodies).toEqual([{ reason: "Fabricated quotes" }]);
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/"));
    const feed = (cache.get(FEED_KEY) as { data: FeedResponse[] }).data;
    expect(feed[0]!.data.map((item) => item.id)).toEqual(["a2"]);
  });

  it.each([
    ["the server's reason", [404, { success: false, error: "Article not found" }] as const, "Article not found"],
    [
      "'Failed to hide article' when the server failed",
      [500, { success: false, error: "Internal error" }] as const,
      "Failed to hide article",
    ],
  ])("says %s and stays on the article", async (_case, reply, message) => {
    const { dialog, reason } = await openHideDialog();
    answer("/api/articles/admin/a1/hide", reply);
    fireEvent.change(reason, { target: { value: "Spam" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Hide article" }));
    await screen.findByText(message);
    expect(screen.getByTestId("location").textContent).toBe("/article/seville/a1");
    expect(reason.value).toBe("Spam"); // kept for another try
  });
});
