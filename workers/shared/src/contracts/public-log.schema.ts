// Zod schema of GET /api/moderation-log (workers only; the reader imports the zod-free public-log.ts).
import * as z from "zod";
import { PUBLIC_LOG_MAX_PAGE } from "./public-log.ts";

export const PublicLogQuerySchema = z.object({
  page: z.coerce
    .number({ message: "page must be a number" })
    .int("page must be a whole number")
    .min(1, "page must be 1 or more")
    .max(PUBLIC_LOG_MAX_PAGE, `page must be ${PUBLIC_LOG_MAX_PAGE} or less`)
    .default(1),
});
