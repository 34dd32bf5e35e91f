import type { SummaryAnswer, SummaryQuestion } from "../ui/summaryText.ts";

const QUESTION_LABELS: Record<SummaryQuestion, string> = {
  who: "Who",
  what: "What",
  when: "When",
  where: "Where",
  why: "Why",
  how: "How",
};

/**
 * What an empty answer reads. The summarizer answers only what the text states, so an empty field
 * means the article does not say; the row stays, so every story shows all six questions.
 */
export const NOT_STATED = "Not stated in the article";

/** The who/what/when/where/why/how of a story as a definition list, every row shown. */
export function SummaryAnswers({ answers }: { answers: readonly SummaryAnswer[] }) {
  return (
    <dl className="summary-answers">
      {answers.map(({ question, answer }) => (
        <div key={question} className="summary-answers__row">
          <dt>{QUESTION_LABELS[question]}</dt>
          {answer ? <dd>{answer}</dd> : <dd className="summary-answers__not-stated">{NOT_STATED}</dd>}
        </div>
      ))}
    </dl>
  );
}
