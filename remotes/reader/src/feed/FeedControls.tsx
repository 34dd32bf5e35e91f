import { Button, earlyAction } from "@unbiased/web-shared";
import { type FeedPeriod, type FeedSort, PERIODS, SORTS } from "@unbiased/worker-shared/contracts/articles";
import RefreshCw from "lucide-react/icons/refresh-cw";
import { useId } from "react";

const SORT_LABELS: Record<FeedSort, string> = { date: "Newest", popularity: "Most popular" };

const PERIOD_LABELS: Record<FeedPeriod, string> = {
  "1h": "Past hour",
  "6h": "Past 6 hours",
  "24h": "Past 24 hours",
  "7d": "Past 7 days",
  "30d": "Past 30 days",
  all: "All time",
};

export interface AutoRefreshControl {
  on: boolean;
  /** False when the sort or period rule it out (feedRules.autoRefreshApplies). */
  applies: boolean;
  onToggle(on: boolean): void;
}

interface FeedControlsProps {
  sort: FeedSort;
  period: FeedPeriod;
  onSortChange(sort: FeedSort): void;
  onPeriodChange(period: FeedPeriod): void;
  refreshing: boolean;
  onRefresh(): void;
  /** Only the home feed has it. */
  autoRefresh?: AutoRefreshControl;
}

/**
 * Sort and period selectors, Refresh and the Auto-refresh switch above a feed (spec §2 Feed page).
 * Each is marked for the early-input script: a choice made before the page is ready is carried out
 * once it is (the selects' through the feed's handlers, FeedPage).
 */
export function FeedControls({
  sort,
  period,
  onSortChange,
  onPeriodChange,
  refreshing,
  onRefresh,
  autoRefresh,
}: FeedControlsProps) {
  const id = useId();
  return (
    <div className="feed-controls">
      <div className="feed-controls__field">
        <label htmlFor={`${id}-sort`}>Sort</label>
        <select
          id={`${id}-sort`}
          className="ui-control"
          value={sort}
          onChange={(event) => onSortChange(event.target.value as FeedSort)}
          {...earlyAction("feed-sort")}
        >
          {SORTS.map((value) => (
            <option key={value} value={value}>
              {SORT_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <div className="feed-controls__field">
        <label htmlFor={`${id}-period`}>Period</label>
        <select
          id={`${id}-period`}
          className="ui-control"
          value={period}
          onChange={(event) => onPeriodChange(event.target.value as FeedPeriod)}
          {...earlyAction("feed-period")}
        >
          {PERIODS.map((value) => (
            <option key={value} value={value}>
              {PERIOD_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <Button
        className="feed-controls__refresh"
        onClick={onRefresh}
        disabled={refreshing}
        aria-busy={refreshing}
        {...earlyAction("feed-refresh")}
      >
        <RefreshCw aria-hidden="true" size={16} className={refreshing ? "is-spinning" : undefined} />
        {refreshing ? "Refreshing…" : "Refresh"}
      </Button>
      {autoRefresh && (
        <div className="feed-controls__auto">
          <label className="feed-switch">
            <input
              type="checkbox"
              role="switch"
              checked={autoRefresh.on && autoRefresh.applies}
              aria-checked={autoRefresh.on && autoRefresh.applies}
              disabled={!autoRefresh.applies}
              aria-describedby={autoRefresh.applies ? undefined : `${id}-auto-hint`}
              onChange={(event) => autoRefresh.onToggle(event.target.checked)}
              {...earlyAction("feed-auto-refresh")}
            />
            Auto-refresh
          </label>
          {!autoRefresh.applies && (
            <span id={`${id}-auto-hint`} className="feed-controls__hint">
              Works with Newest over the past 7 days
            </span>
          )}
        </div>
      )}
    </div>
  );
}
