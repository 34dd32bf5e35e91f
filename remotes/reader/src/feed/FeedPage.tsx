import "./feed.css";
import {
  ApiRequestError,
  findCategory,
  handleEarlyTaps,
  NotFoundPage,
  toast,
  useDocumentTitle,
  useParams,
} from "@unbiased/web-shared";
import { isFeedPeriod, isFeedSort } from "@unbiased/worker-shared/contracts/articles";
import { type ReactNode, useEffect, useState } from "react";
import type { FeedName, FeedSelection } from "../cache/feedQuery.ts";
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
  if (slug === undefined) return <Feed key="latest" feed="latest" title="Latest News" tabTitle="Latest News" />;
  const category = findCategory(slug);
  if (!category) return <NotFoundPage />;
  return (
    <Feed
      key={category.slug}
      feed={category.slug}
      title={`${category.emoji} ${category.label}`}
      tabTitle={category.label}
    />
  );
}

interface FeedProps {
  feed: FeedName;
  title: string;
  tabTitle: string;
  /** A line under the title (an outlet's page says whose articles these are). */
  subtitle?: ReactNode;
  /** Whether the events strip shows beside the list (the home and category feeds). */
  withEvents?: boolean;
  /** Shown instead when the feed's API answers 404 (an outlet with no story). */
  missing?: ReactNode;
}

/** A feed's page: its title, sort and period, and its cards, loaded page by page. */
export function Feed({ feed: name, title, tabTitle, subtitle, withEvents = true, missing }: FeedProps) {
  useDocumentTitle(tabTitle);
  const [settings, setSettings] = useFeedSettings(name);
  const selection: FeedSelection = { feed: name, sort: settings.sort, period: settings.period };
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

  if (missing && feed.loadError instanceof ApiRequestError && feed.loadError.status === 404) return missing;

  return (
    <section className="feed" aria-labelledby="feed-title">
      <header className="feed__header">
        {subtitle ? (
          <hgroup>
            <h1 id="feed-title">{title}</h1>
            {subtitle}
          </hgroup>
        ) : (
          <h1 id="feed-title">{title}</h1>
        )}
        <FeedControls
          sort={settings.sort}
          period={settings.period}
          onSortChange={(sort) => setSettings((current) => ({ ...current, sort, page: 1 }))}
          onPeriodChange={(period) => setSettings((current) => ({ ...current, period, page: 1 }))}
          refreshing={feed.activity === "refreshing"}
          onRefresh={() => void refresh()}
          autoRefresh={
            name === "latest"
              ? { on: autoRefreshOn, applies: autoRefreshApplies(selection), onToggle: setAutoRefreshOn }
              : undefined
          }
        />
      </header>
      <div className="feed__layout">
        {/* Events wait for the feed: they are secondary to it, and on a phone they sit below it, where
            stories arriving after them would push them down the screen (a layout shift). */}
        {withEvents && (feed.loadedPages > 0 || feed.loadError) ? <EventsSection /> : null}
        <div className="feed__articles">
          <ArticleList feed={feed} onLoadMore={() => void loadMore()} />
        </div>
      </div>
    </section>
  );
}
