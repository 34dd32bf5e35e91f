// Identity shapes shared by the workers and the UI (zod-free; the schemas are in auth.schema.ts).

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

/**
 * The user as every auth response shows it (verify, dev sign-in): the public fields plus whether the
 * UI shows the ModMe menu entry (configured allow-list AND a staff role; display only, the server
 * never trusts it for access).
 */
export interface SignedInUser extends PublicUser {
  modmeMenu: boolean;
}
