// Identity shapes shared by the workers and the UI.
import { z } from "zod";

export const ROLES = ["user", "moderator", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** GET /api/auth/verify → data.user */
export interface PublicUser {
  id: string;
  name: string;
  email: string;
  picture: string | null;
  role: Role;
  createdAt: string;
}

export const DevSignInSchema = z.object({
  role: z.enum(ROLES, { message: "role must be one of: user, moderator, admin" }),
  name: z.string().trim().min(1).max(80).optional(),
});
