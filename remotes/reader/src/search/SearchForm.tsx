import { Button } from "@unbiased/web-shared";
import { type FormEvent, useId, useState } from "react";

interface SearchFormProps {
  initialQuery: string;
  /** Called with the trimmed query; a blank one does nothing (spec §5 Search). */
  onSearch(query: string): void;
}

export function SearchForm({ initialQuery, onSearch }: SearchFormProps) {
  const id = useId();
  const [text, setText] = useState(initialQuery);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    if (query) onSearch(query);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for browsers we support (Safari 16, Chrome < 118); a form with role="search" is the same landmark.
    <form role="search" className="search-form" onSubmit={submit}>
      <label htmlFor={`${id}-query`} className="visually-hidden">
        Search terms
      </label>
      <input
        id={`${id}-query`}
        type="search"
        className="ui-control search-form__input"
        placeholder="Search articles"
        value={text}
        maxLength={200}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" variant="primary">
        Search
      </Button>
    </form>
  );
}
