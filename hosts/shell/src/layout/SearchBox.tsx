import { searchPath, useNavigate } from "@unbiased/web-shared";
import Search from "lucide-react/icons/search";
import type { FormEvent } from "react";

/**
 * Spec §2: submit sends the trimmed query to /search?q=…, then clears; blank does nothing. A plain GET
 * form to /search, so it works before the app is ready and without JavaScript (the reader renders
 * /search?q=… on the server); once the app runs it navigates without reloading the page. The input is
 * uncontrolled: what a reader typed before hydration stays in it.
 */
export function SearchBox() {
  const navigate = useNavigate();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const query = (form.elements.namedItem("q") as HTMLInputElement).value.trim();
    if (!query) return;
    navigate(searchPath(query));
    form.reset();
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for browsers we support (Safari 16, Chrome < 118); a form with role="search" is the same landmark.
    <form role="search" className="search-box" action="/search" method="get" onSubmit={submit}>
      <label className="visually-hidden" htmlFor="site-search">
        Search articles
      </label>
      <input id="site-search" name="q" type="search" className="search-box__input" placeholder="Search news" />
      <button type="submit" className="ui-icon-button search-box__submit" aria-label="Search">
        <Search aria-hidden="true" size={18} />
      </button>
    </form>
  );
}
