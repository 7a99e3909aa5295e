import type { TimelineStep } from '../../../../shared/sessions/schema';

/** The dialogs the person answered during this step, question then answer. */
export function StepAnswers(props: { answers: TimelineStep['answers'] }) {
  const { answers } = props;
  if (answers.length === 0) return null;
  return (
    <section className="step-answers" aria-labelledby="step-answers-title" data-testid="step-answers">
      <h2 id="step-answers-title" className="panel-title">
        Answered in this step
      </h2>
      <dl>
        {answers.map((entry, index) => (
          <div key={index} className="step-answer">
            <dt>{entry.question}</dt>
            <dd>
              <span aria-hidden="true">→ </span>
              {entry.answer}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
