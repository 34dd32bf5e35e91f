// /auth/google/callback (spec §2 Sign-in callback, §4 Auth): Google's flow and the development sign-in
// send the browser here with ?token=<single-use code> or ?error=…. The code is no bearer token: the
// page trades it (with this browser's sign-in cookie) for the session, then signs in with that.

import {
  exchangeSignInCode,
  Link,
  toast,
  useAuth,
  useDocumentTitle,
  useNavigate,
  useSearchParams,
} from "@unbiased/web-shared";
import { AUTH_MESSAGES } from "@unbiased/worker-shared/contracts/auth";
import { useEffect, useState } from "react";

/** Long enough to read a failure before the sign-in page replaces it. */
export const FAILURE_REDIRECT_DELAY_MS = 2000;

// A code works once: a second mount of this page for the same code (React's development double
// effects, a re-render) must share the first exchange rather than replay the code and fail.
const exchanges = new Map<string, Promise<string>>();
const exchangeOnce = (code: string) => {
  const pending = exchanges.get(code);
  if (pending) return pending;
  const exchange = exchangeSignInCode(code);
  exchanges.set(code, exchange);
  return exchange;
};

export function GoogleCallbackPage() {
  useDocumentTitle("Signing in");
  const [params] = useSearchParams();
  const code = params.get("token");
  const error = params.get("error");
  const { login } = useAuth();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    // `replace` everywhere: this address must not stay in the browser's history.
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fail = (message: string) => {
      setFailure(message);
      timer = setTimeout(() => navigate("/login", { replace: true }), FAILURE_REDIRECT_DELAY_MS);
    };

    if (error) fail("Login failed");
    else if (!code) fail("No authentication token received");
    else
      exchangeOnce(code)
        .then((token) => login(token))
        .then(
          () => {
            if (cancelled) return;
            toast.success("Successfully logged in!");
            navigate("/", { replace: true });
          },
          () => {
            // A refused code (replayed, expired, another browser) or a refused token (login() has
            // already removed it from storage).
            if (!cancelled) fail(AUTH_MESSAGES.authenticationFailed);
          },
        );

    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [code, error, login, navigate]);

  return (
    <section className="callback-page" aria-labelledby="callback-title">
      <h1 id="callback-title" className="visually-hidden">
        Signing in
      </h1>
      {failure ? (
        <>
          <p className="callback-page__failure" role="alert">
            {failure}
          </p>
          <p className="ui-page__note">
            Taking you back to the sign-in page…{" "}
            <Link to="/login" replace>
              Go now
            </Link>
          </p>
        </>
      ) : (
        <p className="callback-page__working" role="status">
          <span className="ui-spinner__ring" aria-hidden="true" />
          Completing authentication...
        </p>
      )}
    </section>
  );
}
