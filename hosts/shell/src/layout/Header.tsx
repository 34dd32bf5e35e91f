import LogIn from "lucide-react/icons/log-in";
import { useAuth, Link } from "@unbiased/web-shared";
import { Brand } from "./Brand.tsx";
import { CategoryNav } from "./CategoryNav.tsx";
import { SearchBox } from "./SearchBox.tsx";
import { SubmitUrlButton } from "./SubmitUrlButton.tsx";
import { ThemeToggle } from "./ThemeToggle.tsx";
import { UserMenu } from "./UserMenu.tsx";

export function Header() {
  const { user, loading } = useAuth();
  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Brand />
        <SearchBox />
        <div className="site-header__actions">
          <SubmitUrlButton />
          <ThemeToggle />
          {/* While a stored token is being checked, show neither, so Login does not flicker. */}
          {user ? (
            <UserMenu user={user} />
          ) : (
            !loading && (
              <Link to="/login" className="ui-button ui-button--primary">
                <LogIn aria-hidden="true" size={16} />
                Login
              </Link>
            )
          )}
        </div>
      </div>
      <CategoryNav />
    </header>
  );
}
