import type { SummaryAnswer, SummaryQuestion } from "../ui/summaryText.ts";

const QUESTION_LABELS: Record<SummaryQuestion, string> = {
  who: "Who",
  what: "What",
  when: "When",
  where: "Where",
  why: "Why",
  how: "How",
};

/** The who/what/when/where/why/how of a story as a definition list (empty answers are already gone). */
export function SummaryAnswers({ answers }: { answers: readonly SummaryAnswer[] }) {
  return (
    <dl className="summary-answers">
      {answers.map(({ question, answer }) => (
        <div key={question} className="summary-answers__row">
          <dt>{QUESTION_LABELS[question]}</dt>
          <dd>{answer}</dd>
        </div>
      ))}
    </dl>
  );
}
