// /auth/google/callback (spec §2 Sign-in callback, §4 Auth): the server's Google flow sends the
// browser here with ?token=… or ?error=…; this page signs in with the token or explains why not.
import { useEffect, useState } from "react";
import { useAuth, useDocumentTitle, Link, useNavigate, useSearchParams, toast } from "@unbiased/web-shared";

/** Long enough to read a failure before the sign-in page replaces it. */
export const FAILURE_REDIRECT_DELAY_MS = 2000;

export function GoogleCallbackPage() {
  useDocumentTitle("Signing in");
  const [params] = useSearchParams();
  const token = params.get("token");
  const error = params.get("error");
  const { login } = useAuth();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    // `replace` everywhere: the token in this address must not stay in the browser's history.
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fail = (message: string) => {
      setFailure(message);
      timer = setTimeout(() => navigate("/login", { replace: true }), FAILURE_REDIRECT_DELAY_MS);
    };

    if (error) fail("Login failed");
    else if (!token) fail("No authentication token received");
    else
      login(token).then(
        () => {
          if (cancelled) return;
          toast.success("Successfully logged in!");
          navigate("/", { replace: true });
        },
        () => {
          // login() has already removed the refused token from storage.
          if (!cancelled) fail("Authentication failed");
        },
      );

    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [token, error, login, navigate]);

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
