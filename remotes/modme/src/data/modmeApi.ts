// Every call the ModMe pages make (spec §7 Moderation, plus the paths ADR 012 chose for the spec's
// "not shown" staff calls). ModMe APIs send the admin token (adminFetch); the comment deactivate
// action is the article page's staff tool and takes the reader's token (apiFetch).

import { apiFetch } from "@unbiased/web-shared";
import { adminFetch } from "@unbiased/web-shared/admin";
import type { ApiSuccess } from "@unbiased/worker-shared/contracts/envelope";
import type {
  ApprovedCommentsData,
  ArticleReportsData,
  BansData,
  CarriedBansData,
  ModerationLogData,
  OutboxData,
  PendingCommentsData,
  QueueCounts,
  QueueJobsData,
  QueueStatsData,
  RejectBanType,
  ReportsData,
  UserCommentsData,
  UserReputationRecord,
  UsersData,
  UsersSummaryData,
} from "@unbiased/worker-shared/contracts/moderation";

type Method = "GET" | "PUT" | "POST" | "DELETE";

async function comments<T>(path: string, method: Method = "GET", body?: unknown): Promise<T> {
  return (await adminFetch<ApiSuccess<T>>(path, { service: "comments", method, body })).data;
}

export const modmeApi = {
  pending: () => comments<PendingCommentsData>("/api/comments/admin/pending"),
  approved: (page: number, limit: number) =>
    comments<ApprovedCommentsData>(`/api/comments/admin/approved?page=${page}&limit=${limit}`),
  approve: (id: string) => comments<unknown>(`/api/comments/${encodeURIComponent(id)}/approve`, "PUT"),
  reject: (id: string, body: { banType: RejectBanType; hours: number; reason?: string }) =>
    comments<unknown>(`/api/comments/${encodeURIComponent(id)}/reject`, "PUT", body),
  /** The staff tool of the article page (reader token, role checked on the server). */
  deactivate: async (id: string, reason: string) =>
    apiFetch<ApiSuccess<unknown>>(`/api/comments/${encodeURIComponent(id)}/deactivate`, {
      service: "comments",
      method: "PUT",
      body: { reason },
    }),
  bans: () => comments<BansData>("/api/comments/admin/bans"),
  /** The spec's path, without the /api prefix. */
  unban: (userId: string) => comments<unknown>(`/comments/admin/unban/${encodeURIComponent(userId)}`, "PUT"),
  /** Bans kept from deleted accounts (ADR 017), and lifting one. */
  carriedBans: () => comments<CarriedBansData>("/api/comments/admin/bans/carried"),
  liftCarriedBan: (id: string) =>
    comments<unknown>(`/api/comments/admin/bans/carried/${encodeURIComponent(id)}`, "DELETE"),
  reports: (page: number) => comments<ReportsData>(`/api/comments/admin/reports?page=${page}&limit=20`),
  dismissReport: (id: string) =>
    comments<unknown>(`/api/comments/admin/reports/${encodeURIComponent(id)}/dismiss`, "PUT"),
  articleReports: async (page: number) =>
    (await adminFetch<ApiSuccess<ArticleReportsData>>(`/api/articles/admin/reports?page=${page}&limit=20`)).data,
  dismissArticleReport: (id: string) =>
    adminFetch<ApiSuccess<unknown>>(`/api/articles/admin/reports/${encodeURIComponent(id)}/dismiss`, {
      method: "PUT",
    }),
  queueStats: () => comments<QueueStatsData>("/api/comments/admin/queue/status"),
  commentJobs: () => comments<QueueJobsData>("/api/comments/admin/queue/jobs"),
  /** The voting service's status call answers the counts bare (spec §3 "Queue status"). */
  votingQueue: async () =>
    (await adminFetch<ApiSuccess<QueueCounts>>("/api/votes/queue/status", { service: "votes" })).data,
  /** `query`: page, limit, q (name or id) and email, as URL search parameters. */
  users: (query: URLSearchParams) => comments<UsersData>(`/api/comments/admin/users?${query}`),
  usersSummary: () => comments<UsersSummaryData>("/api/comments/admin/users/summary"),
  reputation: (userId: string) =>
    comments<UserReputationRecord>(`/api/comments/admin/user/${encodeURIComponent(userId)}/reputation`),
  adjustReputation: (userId: string, adjustment: number, reason: string) =>
    comments<UserReputationRecord>(`/api/comments/admin/user/${encodeURIComponent(userId)}/reputation`, "PUT", {
      adjustment,
      reason: reason || undefined,
    }),
  userComments: (userId: string, page: number) =>
    comments<UserCommentsData>(`/api/comments/admin/user/${encodeURIComponent(userId)}/comments?page=${page}&limit=50`),
  log: (query: string) => comments<ModerationLogData>(`/api/comments/admin/log?${query}`),
  outbox: () => comments<OutboxData>("/api/comments/admin/outbox"),
  sendOutbox: () => comments<unknown>("/api/comments/admin/outbox/send", "POST"),
};
