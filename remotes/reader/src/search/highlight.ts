// Search results mark matched terms with two private characters (the contract's HIGHLIGHT_START and
// HIGHLIGHT_END). The text is split on them and rendered as <mark> elements: server text never
// becomes markup.
import { HIGHLIGHT_END, HIGHLIGHT_START } from "@unbiased/worker-shared/contracts/articles";

export interface HighlightSegment {
  text: string;
  marked: boolean;
}

const MARKERS = new RegExp(`[${HIGHLIGHT_START}${HIGHLIGHT_END}]`, "g");

/** The text in plain and marked runs. An unclosed mark runs to the end; stray markers are dropped. */
export function highlightSegments(text: string): HighlightSegment[] {
  const segments: HighlightSegment[] = [];
  const push = (part: string, marked: boolean) => {
    const clean = part.replace(MARKERS, "");
    if (clean === "") return;
    const previous = segments.at(-1);
    if (previous?.marked === marked) previous.text += clean;
    else segments.push({ text: clean, marked });
  };

  let rest = text;
  while (rest !== "") {
    const start = rest.indexOf(HIGHLIGHT_START);
    if (start === -1) {
      push(rest, false);
      break;
    }
    push(rest.slice(0, start), false);
    const afterStart = rest.slice(start + 1);
    const end = afterStart.indexOf(HIGHLIGHT_END);
    push(end === -1 ? afterStart : afterStart.slice(0, end), true);
    rest = end === -1 ? "" : afterStart.slice(end + 1);
  }
  return segments;
}
