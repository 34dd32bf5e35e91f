import { Link, useAuth, useNavigate, useTheme } from "@unbiased/web-shared";
import type { SignedInUser } from "@unbiased/worker-shared/contracts/auth";
import Bookmark from "lucide-react/icons/bookmark";
import Check from "lucide-react/icons/check";
import ChevronDown from "lucide-react/icons/chevron-down";
import LogOut from "lucide-react/icons/log-out";
import Monitor from "lucide-react/icons/monitor";
import Moon from "lucide-react/icons/moon";
import Shield from "lucide-react/icons/shield";
import Sun from "lucide-react/icons/sun";
import User from "lucide-react/icons/user";
import { useCallback, useId, useRef, useState } from "react";
import { InboxBell } from "./InboxBell.tsx";
import { useMenuKeyboard } from "./useMenuKeyboard.ts";

/**
 * The signed-in reader's menu (spec §2 Header): Profile, ModMe, theme, Logout. The server decides
 * whether ModMe shows (`modmeMenu`: its configured e-mail list and a staff role); the entry leads
 * to the password gate, which goes on to /modme/comments while an admin session is live.
 */
export function UserMenu({ user }: { user: SignedInUser }) {
  const { logout } = useAuth();
  const { preference, isDark, setPreference, toggle } = useTheme();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  const onMenuKeyDown = useMenuKeyboard(open, close, buttonRef, menuRef);

  const choose = (action: () => void) => () => {
    close();
    action();
  };

  return (
    <>
      <InboxBell key={user.id} />
      <div className="user-menu">
        <button
          ref={buttonRef}
          type="button"
          className="user-menu__button ui-button ui-button--ghost"
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((isOpen) => !isOpen)}
        >
          {user.picture ? (
            <img className="user-menu__avatar" src={user.picture} alt="" width={24} height={24} />
          ) : (
            <User aria-hidden="true" size={18} />
          )}
          <span className="user-menu__name">{user.name}</span>
          <ChevronDown aria-hidden="true" size={16} />
        </button>
        {open && (
          // A div, not a list: the WAI-ARIA menu pattern gives the container and its items their roles.
          <div
            id={menuId}
            ref={menuRef}
            className="user-menu__list"
            role="menu"
            aria-label="Account"
            tabIndex={-1}
            onKeyDown={onMenuKeyDown}
          >
            <Link role="menuitem" to="/profile" onClick={close}>
              <User aria-hidden="true" size={16} /> Profile
            </Link>
            <Link role="menuitem" to="/saved" onClick={close}>
              <Bookmark aria-hidden="true" size={16} /> Saved articles
            </Link>
            {user.modmeMenu && (
              <Link role="menuitem" to="/modme/login" onClick={close}>
                <Shield aria-hidden="true" size={16} /> ModMe
              </Link>
            )}
            <hr />
            <button
              type="button"
              role="menuitemcheckbox"
              aria-checked={preference === "system"}
              onClick={choose(() => setPreference("system"))}
            >
              <Monitor aria-hidden="true" size={16} /> System Default
              {preference === "system" && <Check aria-hidden="true" size={16} className="user-menu__tick" />}
            </button>
            <button type="button" role="menuitem" onClick={choose(toggle)}>
              {isDark ? <Sun aria-hidden="true" size={16} /> : <Moon aria-hidden="true" size={16} />}
              {isDark ? "Light Mode" : "Dark Mode"}
            </button>
            <hr />
            <button
              type="button"
              role="menuitem"
              onClick={choose(() => {
                logout();
                navigate("/");
              })}
            >
              <LogOut aria-hidden="true" size={16} /> Logout
            </button>
          </div>
        )}
      </div>
    </>
  );
}
