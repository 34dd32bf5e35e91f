// The answer to "why": the clause after a stated cause or purpose ("because …", "in response to …").
// Only what the text states: no marker, no answer.
import { type Clause, capitalise, clauseAt, closeQuotes, cutToWords, runsIntoMainVerb } from "./clauses.ts";
import { type Sentence, type Term, termsBetween } from "./sentences.ts";

const WHY_MAX_WORDS = 25;

// Markers that only ever introduce a cause or a purpose.
const CAUSE = new RegExp(
  [
    // "due to begin next year" is a timetable, not a cause.
    String.raw`\bdue to(?! (?:be|begin|start|open|end|finish|take|arrive|close|meet|report|run|resume|come|go|return|expire|launch|vote|hold|complete|publish|sign|decide|rule|appear)\b)\s`,
    String.raw`\b(?:because(?: of)?|owing to|as a result of|in response to|in order to|so as to|aimed at|aiming to)\s`,
    String.raw`\bso that(?! (?:is|was|are|were|has)\b)\s`,
    String.raw`\b(?:in a bid to|in an effort to|with the aim of|citing|blaming|to protest|in protest (?:at|against|over))\s`,
    // A cause stated as the agent of a change: "caused by a fault", "lifted by strong buying".
    String.raw`\b(?:caused|driven|prompted|triggered|fuell?ed|lifted|boosted|spurred|hit|hurt|weighed down) by\s`,
    String.raw`\b(?:the (?:aim|goal|purpose) (?:is|was) to|(?:designed|intended|meant) to|the result of)\s`,
    // A finding's stated explanation: "the tolerance may be explained by the corals' history".
    String.raw`(?<=\b(?:is|are|was|were|be) (?:largely |partly |mainly )?)explained by\s`,
    // An aim in the actors' own words: "We want to see how quickly the climate shifted".
    String.raw`\bwe (?:want|wanted|hope|aim) to\s|\b(?:our|my) (?:aim|goal|purpose) (?:is|was) to\s`,
  ].join("|"),
  "giu",
);
// A purpose stated with a plain infinitive: "rebuilt the structure to reduce crowding", "set aside
// 18 billion euros to repair bridges". Only verbs that name an aim count, and not after a verb that
// takes an infinitive as its object ("plans to reduce", "is expected to help").
const PURPOSE =
  /(?<!\b(?:plans?|planned|wants?|wanted|expects?|expected|agreed|decided|needs?|needed|due|likely|unlikely|going|able|used|voted|has|have|had|is|are|was|were|be|been|began|begun|continues?|continued|hopes?|hoped|aims?|aimed|seeks?|sought|tried|tries|try|failed|refused|promised|proposed|ready|about|how|what|where|whether|order|so|as|asked|allowed|required|urged|forced|chose|enough|too|said|says|pledged|vowed|intends?|moved|managed|helps?|helped|want|would|could|will)\s)\bto (?:reduce|cut|improve|increase|boost|protect|prevent|avoid|ease|curb|lower|repair|replace|tackle|address|fund|cope with|make up for|keep|restore|strengthen|speed up|modernise|modernize|expand|support)\s/giu;
// "after" and "following" also mark plain sequence; they count as a cause only before an event
// (a clause with its own verb: "after talks broke down"), never before a bare time ("after the
// meeting", "after the last ice age") nor after a measure of time ("14 years after the plant arrived").
const SEQUENCE =
  /(?<!\b(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?|decades?|shortly|soon|just|immediately|moments?|long|only)\s)\b(?:after|following)\s(?!which\b)/giu;
// The lead's own justification of its event: "left the rate unchanged, saying inflation was close
// to target". Read in the lead only: further down, ", saying" mostly reports what someone said.
const LEAD_REASON = /(?<=,\s)(?:saying|arguing|explaining) (?:that )?(?=\p{Ll})/gu;
// Headlines state causes tersely: "strike over pay and automation", "… amid protests".
// "… as strike delays ships", "… after cloud failure halts app access": a headline's closing clause
// of sequence is its cause. "Divided over", "questions over": there "over" names a topic, not a cause.
const HEADLINE_CAUSE =
  /(?<!\b(?:divided|split|questions?|concerns?|debate|row|talks|worries|fears|doubts|clash(?:es)?))\s(over|amid|as|after|following)\s+(?!\d|(?:the\s+)?(?:next|past|coming|last|first|second)\b)([^:;,]+)$/iu;
/** Only the lead and the best-ranked few are searched: a cause further down is rarely the story's. */
const SEARCH_DEPTH = 6;
/** Where the words that end an event's own clause begin: what follows belongs to another clause. */
const CLAUSE_LINK = /^(?:that|which|who|whom|whose|and|but|or|while)$/iu;

/** `sentences`: the lead first, then the others best-ranked first. */
export function findWhy(title: string, sentences: readonly Sentence[]): string {
  const [lead, ...others] = sentences.slice(0, SEARCH_DEPTH);
  if (!lead) return "";
  return (
    firstClause([lead], CAUSE) ??
    headlineCause(title) ??
    firstClause([lead], SEQUENCE, statesEvent) ??
    firstClause([lead], PURPOSE) ??
    firstClause([lead], LEAD_REASON) ??
    firstClause(others, CAUSE) ??
    firstClause(others, SEQUENCE, statesEvent) ??
    firstClause(others, PURPOSE) ??
    ""
  );
}

function headlineCause(title: string): string | undefined {
  const [, marker, rest] = title.trim().match(HEADLINE_CAUSE) ?? [];
  if (!marker || !rest) return undefined;
  // "released as open source" is a role; "as strike delays ships" an event (a verb in -s or -ed).
  if (/^as$/iu.test(marker) && !/\s\p{Ll}+(?:s|ed)\s/u.test(` ${rest} `.replace(/^\s\S+/u, " "))) return undefined;
  return capitalise(`${marker} ${rest.trim()}`);
}

function firstClause(
  sentences: readonly Sentence[],
  marker: RegExp,
  accept: (sentence: Sentence, clause: Clause) => boolean = () => true,
): string | undefined {
  for (const sentence of sentences) {
    for (const match of sentence.text.matchAll(marker)) {
      const clause = clauseAt(sentence.text, match.index);
      if (clause.text.split(/\s+/).length < 3 || !accept(sentence, clause)) continue;
      // "because of" and "due to" take a noun phrase; a verb phrase after it belongs to the sentence.
      if (/^(?:because of|due to|owing to)/iu.test(clause.text) && runsIntoMainVerb(sentence, clause)) continue;
      return closeQuotes(capitalise(cutToWords(clause.text, WHY_MAX_WORDS)));
    }
  }
  return undefined;
}

/**
 * Whether the clause, past its marker word, states an event with a verb of its own: a past-tense
 * or finite verb ("talks broke down", "the union rejected the offer") before any word that starts
 * another clause. "After the vote that the result gave…" and "after the count and chaired…" hang
 * their verbs on the sentence, not on the vote or the count.
 */
function statesEvent(sentence: Sentence, clause: Clause): boolean {
  for (const term of termsBetween(sentence, clause.start, clause.end).slice(1)) {
    if (CLAUSE_LINK.test(term.text)) return false;
    if (isFiniteVerb(term)) return true;
  }
  return false;
}

/** compromise's lexicon tags known past forms; an unknown "-ed" word that is not a noun is one too. */
const isFiniteVerb = (term: Term) =>
  term.tags.includes("PastTense") ||
  term.tags.includes("Copula") ||
  term.tags.includes("Modal") ||
  (/^\p{Ll}+ed$/u.test(term.text) && !term.tags.includes("Noun"));
