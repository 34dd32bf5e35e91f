// The signed-in user as every auth response shows it: the public fields plus whether the UI shows
// the ModMe menu entry (the configured allow-list AND a staff role; the server never trusts either
// for access — every ModMe call checks the role in D1).
import { isStaffRole, type Role, type SignedInUser } from "@unbiased/worker-shared/contracts/auth";
import { toPublicUser } from "../storage/users.ts";
import { emailList } from "./issue.ts";

export function describeUser(
  env: Env,
  user: { id: string; name: string; email: string; picture: string | null; role: Role; createdAt: number },
): SignedInUser {
  const staff = isStaffRole(user.role);
  const listed = emailList(env.MODME_MENU_EMAILS);
  return {
    ...toPublicUser(user),
    modmeMenu: staff && (listed.length === 0 || listed.includes(user.email.toLowerCase())),
  };
}
