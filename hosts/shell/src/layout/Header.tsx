import { Link, useAuth } from "@unbiased/web-shared";
import LogIn from "lucide-react/icons/log-in";
import { lazy, Suspense } from "react";
import { Brand } from "./Brand.tsx";
import { CategoryNav } from "./CategoryNav.tsx";
import { SearchBox } from "./SearchBox.tsx";
import { SubmitUrlButton } from "./SubmitUrlButton.tsx";
import { ThemeToggle } from "./ThemeToggle.tsx";

// Anonymous readers (most of them) never need the user menu: it loads only once someone is signed in.
const UserMenu = lazy(() => import("./UserMenu.tsx").then((m) => ({ default: m.UserMenu })));

export function Header() {
  const { user, loading } = useAuth();
  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Brand />
        <SearchBox />
        <div className="site-header__actions">
          <SubmitUrlButton />
          {/* The server renders for a first visit (light theme, signed out). The boundaries keep a
              reader's own theme and session to these two spots when the browser hydrates, instead of
              re-rendering the whole page (docs/decisions/013-first-html.md). */}
          <Suspense fallback={null}>
            <ThemeToggle />
          </Suspense>
          <Suspense fallback={null}>
            {/* While a stored token is being checked, show neither, so Login does not flicker. */}
            {user ? (
              <Suspense fallback={null}>
                <UserMenu user={user} />
              </Suspense>
            ) : (
              !loading && (
                <Link to="/login" className="ui-button ui-button--primary">
                  <LogIn aria-hidden="true" size={16} />
                  Login
                </Link>
              )
            )}
          </Suspense>
        </div>
      </div>
      <CategoryNav />
    </header>
  );
}
