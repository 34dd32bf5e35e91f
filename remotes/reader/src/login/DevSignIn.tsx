import { Button, toast, useNavigate, useSWR } from "@unbiased/web-shared";
import type { Role } from "@unbiased/worker-shared/contracts/auth";
import { useState } from "react";
import { DEV_SIGN_IN_PATH, fetchDevSignInEnabled, startDevSignIn } from "./devSignIn.ts";

const ROLE_BUTTONS: { role: Role; label: string }[] = [
  { role: "user", label: "Sign in as user" },
  { role: "moderator", label: "Sign in as moderator" },
  { role: "admin", label: "Sign in as admin" },
];

/**
 * Lets a developer try every role without Google; absent unless the server reports it enabled. It
 * ends on the same callback page as Google's sign-in, so that path is what local use and the
 * end-to-end tests exercise.
 */
export function DevSignIn() {
  // Any failure (404 in production) simply means "off", so it is not retried.
  const { data: enabled } = useSWR(DEV_SIGN_IN_PATH, fetchDevSignInEnabled, { shouldRetryOnError: false });
  const navigate = useNavigate();
  const [pendingRole, setPendingRole] = useState<Role | null>(null);

  if (!enabled) return null;

  const signInAs = async (role: Role) => {
    setPendingRole(role);
    try {
      // The callback page exchanges the code, says 'Successfully logged in!' and goes home.
      navigate(await startDevSignIn(role), { replace: true });
    } catch {
      toast.error("Login failed. Please try again.");
      setPendingRole(null);
    }
  };

  return (
    <section className="dev-sign-in" aria-labelledby="dev-sign-in-title">
      <h2 id="dev-sign-in-title">Development sign-in</h2>
      <p className="ui-page__note">Only on local builds: sign in as a test account with the chosen role.</p>
      <div className="dev-sign-in__buttons">
        {ROLE_BUTTONS.map(({ role, label }) => (
          <Button key={role} disabled={pendingRole !== null} onClick={() => void signInAs(role)}>
            {pendingRole === role ? "Signing in…" : label}
          </Button>
        ))}
      </div>
    </section>
  );
}
