// What a reader's report becomes (issue 25 part 4): pending until staff look at it, then dismissed
// (nothing done) or actioned (staff acted on the reported item: a comment rejected, deactivated or
// deleted; an article hidden). The reporter sees it on their profile under 'My reports'.

export const REPORT_STATUSES = ["pending", "dismissed", "actioned"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
