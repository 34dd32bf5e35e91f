// One story across outlets (ADR 018): GET /api/articles/events/{id} and the reader's
// /event/{id}. The list of current events stays the spec's bare array (contracts/articles.ts NewsEvent).

export interface EventOutletArticle {
  id: string;
  title: string;
  /** The article's page on this site. */
  path: string;
  /** The outlet's own page. */
  sourceUrl: string;
  /** Publication time, epoch seconds (as sourcedTime). */
  sourcedTime: number;
}

/** The articles of one outlet (a domain), first report first. */
export interface EventOutlet {
  domain: string;
  /** The outlet's name as its feed gives it, else its domain. */
  name: string;
  /** Epoch seconds of the outlet's first article on the story. */
  firstReportedAt: number;
  articles: EventOutletArticle[];
}

export interface EventDetail {
  id: string;
  title: string;
  main_tldr: string;
  /** ISO 8601, as NewsEvent's. */
  start_date: string;
  end_date: string;
  /** Earliest first report first. */
  outlets: EventOutlet[];
  articleCount: number;
}

export const eventPath = (id: string) => `/event/${encodeURIComponent(id)}`;

/** 'Covered by 1 outlet', 'Covered by 3 outlets'. */
export const coveredBy = (outlets: number) => `Covered by ${outlets} outlet${outlets === 1 ? "" : "s"}`;

export const EVENT_MESSAGES = {
  notFound: "Event not found",
  loadFailed: "Failed to load event",
} as const;
