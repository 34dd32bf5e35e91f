import { render } from "@testing-library/react";
import { HIGHLIGHT_END as E, HIGHLIGHT_START as S } from "@unbiased/worker-shared/contracts/articles";
import { describe, expect, it } from "vitest";
import { Highlighted } from "./Highlighted.tsx";
import { highlightSegments } from "./highlight.ts";

describe("highlightSegments", () => {
  it("splits text into plain and marked runs", () => {
    expect(highlightSegments(`Heat ${S}shelters${E} open in ${S}Seville${E}`)).toEqual([
      { text: "Heat ", marked: false },
      { text: "shelters", marked: true },
      { text: " open in ", marked: false },
      { text: "Seville", marked: true },
    ]);
  });

  it("returns text without markers as one plain run, and nothing for an empty string", () => {
    expect(highlightSegments("No matches here")).toEqual([{ text: "No matches here", marked: false }]);
    expect(highlightSegments("")).toEqual([]);
  });

  it("runs an unclosed mark to the end and drops stray or empty markers", () => {
    expect(highlightSegments(`a${E}b ${S}${E}c ${S}open`)).toEqual([
      { text: "ab c ", marked: false },
      { text: "open", marked: true },
    ]);
  });
});

describe("<Highlighted>", () => {
  it("renders the marked runs as <mark> elements", () => {
    const { container } = render(<Highlighted text={`Heat ${S}shelters${E} open`} />);
    expect(container.innerHTML).toBe("Heat <mark>shelters</mark> open");
  });

  it("renders markup in the text as text, never as elements", () => {
    const { container } = render(<Highlighted text={`<img src=x onerror="alert(1)"> ${S}<b>heat</b>${E}`} />);
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("b")).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror="alert(1)"> <b>heat</b>');
    expect(container.querySelector("mark")?.textContent).toBe("<b>heat</b>");
  });
});
