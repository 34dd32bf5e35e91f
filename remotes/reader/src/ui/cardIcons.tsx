// The icons every card repeats (vote up, vote down, its comments), drawn once per page. A feed page's
// first HTML carried 60 copies of their paths (about 20 KB of its 150 KB, and as many elements to
// render and hydrate); each card now points at the one drawing with <use>. The drawings are lucide's
// own components inside <symbol>, so the icons look exactly as before and take the text colour.
import "./cardIcons.css";
import MessageSquare from "lucide-react/icons/message-square";
import ThumbsDown from "lucide-react/icons/thumbs-down";
import ThumbsUp from "lucide-react/icons/thumbs-up";

const DRAWINGS = { "thumbs-up": ThumbsUp, "thumbs-down": ThumbsDown, "message-square": MessageSquare };

export type CardIconName = keyof typeof DRAWINGS;

const symbolId = (name: CardIconName) => `reader-icon-${name}`;

/** The drawings, once, in the reader's root: on every reader page, on the server and in the browser alike. */
export function CardIconSprite() {
  return (
    <svg className="card-icon-sprite" aria-hidden="true" focusable="false">
      {Object.entries(DRAWINGS).map(([name, Drawing]) => (
        <symbol key={name} id={symbolId(name as CardIconName)} viewBox="0 0 24 24">
          <Drawing />
        </symbol>
      ))}
    </svg>
  );
}

/** One card icon: a reference to its drawing, sized and classed as lucide's own <svg> (decorative). */
export function CardIcon({ name, size }: { name: CardIconName; size: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      className={`lucide lucide-${name}`}
      aria-hidden="true"
      focusable="false"
    >
      <use href={`#${symbolId(name)}`} />
    </svg>
  );
}
