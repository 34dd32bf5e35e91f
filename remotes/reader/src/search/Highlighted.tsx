import { Fragment } from "react";
import { highlightSegments } from "./highlight.ts";

/** Text with its search matches as <mark> elements; every part is rendered as text, never as HTML. */
export function Highlighted({ text }: { text: string }) {
  return (
    <>
      {highlightSegments(text).map((segment, index) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the segments are derived anew from the text on every render; their order is their identity.
        segment.marked ? <mark key={index}>{segment.text}</mark> : <Fragment key={index}>{segment.text}</Fragment>,
      )}
    </>
  );
}
