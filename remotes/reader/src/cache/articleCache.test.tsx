import { act, render, screen } from "@testing-library/react";
import useSWR, { type Cache, SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ARTICLE_CACHE, ARTICLE_FRESH_MS, ARTICLE_KEEP_MS } from "./articleCache.ts";

const KEY = "/api/articles/a1";

function Reader({ fetcher }: { fetcher: () => Promise<string> }) {
  const { data } = useSWR(KEY, fetcher, ARTICLE_CACHE);
  return <p>{data ?? "loading"}</p>;
}

describe("the article cache (spec §9: fresh 30 s, kept 60 s)", () => {
  let cache: Cache;
  const fetcher = vi.fn(async () => "Article one");

  /** One page-wide SWR cache, as in the app; `shown` mounts or unmounts the article. */
  function renderPage() {
    const page = (shown: boolean) => (
      <SWRConfig value={{ provider: () => cache }}>{shown && <Reader fetcher={fetcher} />}</SWRConfig>
    );
    const view = render(page(true));
    return { hide: () => view.rerender(page(false)), show: () => view.rerender(page(true)) };
  }
  const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    cache = new Map() as unknown as Cache;
    fetcher.mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it("shows an article fetched under 30 s ago at once, without asking again", async () => {
    const page = renderPage();
    await screen.findByText("Article one");
    page.hide();
    await wait(ARTICLE_FRESH_MS - 10_000);
    page.show();
    expect(screen.getByText("Article one")).toBeTruthy();
    await wait(1000);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it("shows an older one at once too, and fetches it again behind the scenes", async () => {
    const page = renderPage();
    await screen.findByText("Article one");
    page.hide();
    await wait(ARTICLE_FRESH_MS + 5000);
    page.show();
    expect(screen.getByText("Article one")).toBeTruthy();
    await wait(1000);
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it("drops an article nobody has shown for 60 s", async () => {
    const page = renderPage();
    await screen.findByText("Article one");
    page.hide();
    await wait(ARTICLE_KEEP_MS - 1000);
    expect(cache.get(KEY)?.data).toBe("Article one");
    await wait(1000);
    expect(cache.get(KEY)).toBeUndefined();
  });

  it("keeps an article shown again within the 60 s", async () => {
    const page = renderPage();
    await screen.findByText("Article one");
    page.hide();
    await wait(ARTICLE_KEEP_MS / 2);
    page.show();
    await wait(ARTICLE_KEEP_MS);
    expect(cache.get(KEY)?.data).toBe("Article one");
  });
});
