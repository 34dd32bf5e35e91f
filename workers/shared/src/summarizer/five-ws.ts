// The six-question summary (who, what, when, where, why, how) from the pieces the summarizer found.
import type { ArticleEntities } from "./entities.ts";
import { findHow } from "./how.ts";
import type { Sentence } from "./sentences.ts";
import type { Summary } from "./types.ts";
import { findWhat } from "./what.ts";
import { findWhen } from "./when.ts";
import { findWho } from "./who.ts";
import { findWhy } from "./why.ts";

export interface FiveWsInput {
  title: string;
  lead: Sentence;
  /** The lead first, then the other sentences best-ranked first: where a cause or means is most likely news. */
  byRank: readonly Sentence[];
  /** The lead first, then the other sentences in article order: the first date given is the event's. */
  byPosition: readonly Sentence[];
  entities: ArticleEntities;
  publishedAt: number;
}

export function answerFiveWs(input: FiveWsInput): Summary {
  return {
    who: findWho(input.entities.actors, input.lead),
    what: findWhat(input.lead),
    when: findWhen(input.byPosition, input.publishedAt),
    where: input.entities.places[0] ?? "",
    why: findWhy(input.title, input.byRank),
    how: findHow(input.byRank),
  };
}
