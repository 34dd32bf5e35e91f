import "./feed.css";
import { findCategory, handleEarlyTaps, NotFoundPage, toast, useDocumentTitle, useParams } from "@unbiased/web-shared";
import { type CategorySlug, isFeedPeriod, isFeedSort } from "@unbiased/worker-shared/contracts/articles";
import { useEffect, useState } from "react";
import type { FeedSelection } from "../cache/feedQuery.ts";
import { EventsSection } from "../events/EventsSection.tsx";
import { useInterval } from "../hooks/useInterval.ts";
import { ArticleList } from "./ArticleList.tsx";
import { FeedControls } from "./FeedControls.tsx";
import { AUTO_REFRESH_INTERVAL_MS, autoRefreshApplies, newArticlesMessage } from "./feedRules.ts";
import { useFeedSettings } from "./feedSettings.ts";
import { useFeedPages } from "./useFeedPages.ts";

/** The home feed (/ and /news, "Latest News") and the category feeds (/category/:category). */
export function FeedPage() {
  const { category: slug } = useParams();
  // Keyed by feed: each one starts from its own saved settings.
  if (slug === undefined) return <Feed key="latest" category="latest" title="Latest News" tabTitle="Latest News" />;
  const category = findCategory(slug);
  if (!category) return <NotFoundPage />;
  return (
    <Feed
      key={category.slug}
      category={category.slug}
      title={`${category.emoji} ${category.label}`}
      tabTitle={category.label}
    />
  );
}

interface FeedProps {
  category: CategorySlug;
  title: string;
  tabTitle: string;
}

function Feed({ category, title, tabTitle }: FeedProps) {
  useDocumentTitle(tabTitle);
  const [settings, setSettings] = useFeedSettings(category);
  const selection: FeedSelection = { category, sort: settings.sort, period: settings.period };
  const feed = useFeedPages(selection, settings.page, (loaded, page) =>
    setSettings((current) =>
      current.sort === loaded.sort && current.period === loaded.period ? { ...current, page } : current,
    ),
  );

  // A sort or period chosen before the page was ready (the select showed it at once) takes effect now.
  useEffect(() => {
    const offSort = handleEarlyTaps("feed-sort", ({ value: sort }) => {
      if (isFeedSort(sort)) setSettings((current) => ({ ...current, sort, page: 1 }));
    });
    const offPeriod = handleEarlyTaps("feed-period", ({ value: period }) => {
      if (isFeedPeriod(period)) setSettings((current) => ({ ...current, period, page: 1 }));
    });
    return () => {
      offSort();
      offPeriod();
    };
  }, [setSettings]);

  // On by default; not saved (spec §3 lists no such setting).
  const [autoRefreshOn, setAutoRefreshOn] = useState(true);
  const autoRefreshRuns = autoRefreshOn && autoRefreshApplies(selection);
  useInterval(
    async () => {
      if (document.hidden) return; // nobody is looking: the next visible tick catches up
      try {
        const added = await feed.replaceWithNewest();
        if (added > 0) toast.success(newArticlesMessage(added));
      } catch {
        // Quiet: the next tick tries again, and the list on screen is still good.
      }
    },
    autoRefreshRuns ? AUTO_REFRESH_INTERVAL_MS : null,
  );

  const refresh = async () => {
    try {
      const added = await feed.refresh();
      if (added > 0) toast.success(newArticlesMessage(added));
    } catch {
      toast.error("Failed to refresh articles");
    }
  };

  const loadMore = async () => {
    try {
      await feed.loadMore();
    } catch {
      toast.error("Failed to load articles");
    }
  };

  return (
    <section className="feed" aria-labelledby="feed-title">
      <header className="feed__header">
        <h1 id="feed-title">{title}</h1>
        <FeedControls
          sort={settings.sort}
          period={settings.period}
          onSortChange={(sort) => setSettings((current) => ({ ...current, sort, page: 1 }))}
          onPeriodChange={(period) => setSettings((current) => ({ ...current, period, page: 1 }))}
          refreshing={feed.activity === "refreshing"}
          onRefresh={() => void refresh()}
          autoRefresh={
            category === "latest"
              ? { on: autoRefreshOn, applies: autoRefreshApplies(selection), onToggle: setAutoRefreshOn }
              : undefined
          }
        />
      </header>
      <div className="feed__layout">
        {/* Events wait for the feed: they are secondary to it, and on a phone they sit below it, where
            stories arriving after them would push them down the screen (a layout shift). */}
        {feed.loadedPages > 0 || feed.loadError ? <EventsSection /> : null}
        <div className="feed__articles">
          <ArticleList feed={feed} onLoadMore={() => void loadMore()} />
        </div>
      </div>
    </section>
  );
}
