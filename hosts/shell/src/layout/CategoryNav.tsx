import { CATEGORIES, categoryPath, Link, useLocation } from "@unbiased/web-shared";
import Menu from "lucide-react/icons/menu";
import X from "lucide-react/icons/x";
import { useEffect, useId, useState } from "react";
import { activeCategory } from "./activeCategory.ts";

/** Category links with icons; below 768 px they fold behind a menu button (see shell.css). */
export function CategoryNav() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const current = activeCategory(pathname);

  // A chosen link takes the reader to a new page: fold the menu away again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs because the path changed; it does not read it.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <nav className="category-nav" aria-label="Categories">
      <button
        type="button"
        className="category-nav__toggle ui-button ui-button--ghost"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((isOpen) => !isOpen)}
      >
        {open ? <X aria-hidden="true" size={18} /> : <Menu aria-hidden="true" size={18} />}
        Categories
      </button>
      <ul id={listId} className="category-nav__list" data-open={open}>
        {CATEGORIES.map(({ slug, label, icon: Icon }) => (
          <li key={slug}>
            <Link
              to={categoryPath(slug)}
              className="category-nav__link"
              aria-current={current === slug ? "page" : undefined}
            >
              <Icon aria-hidden="true" size={16} />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
