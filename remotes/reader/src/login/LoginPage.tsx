import { Navigate, PRODUCT_NAME, Spinner, serviceUrl, useAuth, useDocumentTitle } from "@unbiased/web-shared";
import { DevSignIn } from "./DevSignIn.tsx";

/** Sign-in (spec §2 Login page): signed-in readers go home; the Google flow is a full redirect. */
export function LoginPage() {
  useDocumentTitle("Sign in");
  const { user, loading } = useAuth();

  if (loading) return <Spinner label="Checking your sign-in…" />;
  if (user) return <Navigate to="/" replace />;

  return (
    <section className="login-page">
      <h1>Sign in</h1>
      <p>Sign in to vote, comment, report problems and submit stories to {PRODUCT_NAME}.</p>
      <a className="ui-button ui-button--primary login-page__google" href={serviceUrl("/api/auth/google/start")}>
        Sign in with Google
      </a>
      <DevSignIn />
    </section>
  );
}
