// The named entities an article mentions (people, places, organisations), from compromise's
// named-entity tagging of the headline and the opening of the text, where news names its actors.
import nlp from "compromise";

const LEAD_CHARACTERS = 2_000;

const normalise = (name: string) =>
  name
    .toLowerCase()
    .replace(/['’]s\b/g, "")
    .replace(/[^\p{L}\p{N}\s-]/gu, "")
    .replace(/\s+/g, " ")
    .trim();

export function findEntities(title: string, body: string): string[] {
  const doc = nlp(`${title}.\n${body.slice(0, LEAD_CHARACTERS)}`);
  const names = [
    ...doc.people().out("array"),
    ...doc.places().out("array"),
    ...doc.organizations().out("array"),
  ] as string[];
  return [...new Set(names.map(normalise).filter((name) => name.length > 1))];
}
