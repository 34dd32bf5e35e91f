import { searchPath, useNavigate } from "@unbiased/web-shared";
import Search from "lucide-react/icons/search";
import { type FormEvent, useState } from "react";

/** Spec §2: submit sends the trimmed query to /search?q=…, then clears; blank does nothing. */
export function SearchBox() {
  const [query, setQuery] = useState("");
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = query.trim();
    if (!trimmed) return;
    navigate(searchPath(trimmed));
    setQuery("");
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for browsers we support (Safari 16, Chrome < 118); a form with role="search" is the same landmark.
    <form role="search" className="search-box" onSubmit={submit}>
      <label className="visually-hidden" htmlFor="site-search">
        Search articles
      </label>
      <input
        id="site-search"
        type="search"
        className="search-box__input"
        placeholder="Search news"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <button type="submit" className="ui-icon-button search-box__submit" aria-label="Search">
        <Search aria-hidden="true" size={18} />
      </button>
    </form>
  );
}
