// Zod schemas of the ModMe calls (workers only; the UI imports the zod-free moderation.ts).
import * as z from "zod";
import {
  APPROVED_PAGE_SIZE,
  BAN_HOURS_DEFAULT,
  BAN_HOURS_MAX,
  BAN_HOURS_MIN,
  BAN_TYPES,
  MODERATION_LOG_PAGE_SIZE,
  MODERATION_MESSAGES,
  PAGE_LIMIT_MAX,
  parseAdjustment,
  REPORTS_PAGE_SIZE,
  type RejectBanType,
  USER_COMMENTS_PAGE_SIZE,
} from "./moderation.ts";

/** Largest single reputation adjustment: a typo of extra digits must not wreck a score. */
export const ADJUSTMENT_MAX = 1000;

const reason = z.string().trim().max(500).optional();

/** PUT /api/comments/{id}/reject {banType, hours, reason} (spec §5: hours 1–8760, default 24). */
export const RejectSchema = z.object({
  banType: z.enum(BAN_TYPES, { message: "banType must be one of: none, temporary, permanent" }).default("none"),
  hours: z.coerce
    .number({ message: MODERATION_MESSAGES.banHoursRange })
    .int({ message: MODERATION_MESSAGES.banHoursRange })
    .min(BAN_HOURS_MIN, { message: MODERATION_MESSAGES.banHoursRange })
    .max(BAN_HOURS_MAX, { message: MODERATION_MESSAGES.banHoursRange })
    .default(BAN_HOURS_DEFAULT),
  reason,
}) satisfies z.ZodType<{ banType: RejectBanType; hours: number; reason?: string }>;

/** An integer given as a number or a string ("abc", "1.5" and "" are refused). */
const adjustmentValue = z
  .union([z.number(), z.string()], { message: MODERATION_MESSAGES.adjustmentInvalidReputation })
  .transform((value, ctx) => {
    const n = parseAdjustment(value);
    if (n === null || Math.abs(n) > ADJUSTMENT_MAX) {
      ctx.addIssue({ code: "custom", message: MODERATION_MESSAGES.adjustmentInvalidReputation });
      return z.NEVER;
    }
    return n;
  });

/** PUT /api/comments/admin/user/{id}/reputation {adjustment, reason}. */
export const AdjustReputationSchema = z.object({ adjustment: adjustmentValue, reason });

/** The spec's variant: POST /api/comments/admin/reputation/adjust {userId, points, reason}. */
export const AdjustReputationVariantSchema = z.object({
  userId: z.string().trim().min(1, { message: "userId is required" }),
  points: adjustmentValue,
  reason,
});

const page = z.coerce.number().int().min(1).default(1);
const limit = (fallback: number) => z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(fallback);

export const ReportsQuerySchema = z.object({ page, limit: limit(REPORTS_PAGE_SIZE) });
export const ApprovedQuerySchema = z.object({ page, limit: limit(APPROVED_PAGE_SIZE) });
export const UserCommentsQuerySchema = z.object({ page, limit: limit(USER_COMMENTS_PAGE_SIZE) });
/** GET /api/comments/admin/users: without `limit`, the first USER_LIST_MAX (the spec's bare call). */
export const StaffUsersQuerySchema = z.object({
  page,
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).optional(),
  q: z.string().trim().max(200).optional(),
  email: z.string().trim().max(200).optional(),
});
export const ModerationLogQuerySchema = z.object({
  page,
  limit: limit(MODERATION_LOG_PAGE_SIZE),
  actor: z.string().trim().max(200).optional(),
  action: z.string().trim().max(100).optional(),
  target: z.string().trim().max(200).optional(),
});
