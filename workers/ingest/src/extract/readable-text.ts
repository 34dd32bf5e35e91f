// Readable text from paragraphs: those inside <article> when it holds the story, else inside <main>,
// else every paragraph outside page chrome (navigation, header, footer, asides, forms). Short
// fragments ("Advertisement", "Share this") are dropped.
export interface Paragraph {
  text: string;
  inArticle: boolean;
  inMain: boolean;
  inChrome: boolean;
}

const MIN_PARAGRAPH_WORDS = 4;
/** Fewer words than this inside <article> means the element wraps a teaser, not the story. */
const MIN_STORY_WORDS = 40;

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

export function readableText(paragraphs: Paragraph[]): string {
  const prose = paragraphs.filter((p) => !p.inChrome && words(p.text) >= MIN_PARAGRAPH_WORDS);
  const total = (list: Paragraph[]) => list.reduce((sum, p) => sum + words(p.text), 0);
  const inArticle = prose.filter((p) => p.inArticle);
  const inMain = prose.filter((p) => p.inMain);
  const chosen = total(inArticle) >= MIN_STORY_WORDS ? inArticle : total(inMain) >= MIN_STORY_WORDS ? inMain : prose;
  return chosen.map((p) => p.text).join("\n\n");
}
