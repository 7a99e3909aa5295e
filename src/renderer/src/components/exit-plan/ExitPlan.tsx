import { useEffect, useState } from 'react';
import type { ExitPlanView } from '../../../../shared/exit-plan/schema';
import type { Bridge } from '../../bridge';
import { planSections } from '../../../../shared/exit-plan/plan';
import { lineName } from '../../../../shared/session/pile-groups';
import { progressText, withTick } from '../../exit-plan/format';
import { saveTextFile } from '../../sessions/download';

/**
 * A session's exit plan: what leaves the room, grouped by what happens to it, each thing a checkbox to tick off
 * whenever it is done (today or weeks later; ticks are kept with the session). Print and Markdown take it along.
 */
export function ExitPlan(props: {
  bridge: Bridge;
  sessionId: string;
  /** The heading's id, so a dialog can be named by it. */
  titleId: string;
  /** 3 inside the ended session's card, 2 as a dialog's title. */
  level: 2 | 3;
  /** Told each time the plan changes (a tick), so a notice can keep its count. */
  onChange?: (plan: ExitPlanView) => void;
}) {
  const { bridge, sessionId, titleId, level, onChange } = props;
  const [plan, setPlan] = useState<ExitPlanView | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [saved, setSaved] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    bridge.invoke('exitPlan:get', { id: sessionId }, { signal: controller.signal }).then(setPlan, (error: unknown) => {
      if (!controller.signal.aborted) setProblem(`The exit plan could not be loaded (${(error as Error).message}).`);
    });
    return () => controller.abort();
  }, [bridge, sessionId]);

  if (!plan) {
    return problem ? (
      <p className="exit-plan-problem" role="alert">
        {problem}
      </p>
    ) : null;
  }
  if (plan.total === 0) return null;

  const tick = (itemId: string, done: boolean) => {
    const before = plan;
    setPlan(withTick(plan, itemId, done));
    setProblem(undefined);
    bridge.invoke('exitPlan:tick', { id: sessionId, itemId, done }).then(
      (next) => {
        setPlan(next);
        onChange?.(next);
      },
      (error: unknown) => {
        setPlan(before);
        setProblem(`That tick was not kept (${(error as Error).message}). You can try again.`);
      },
    );
  };

  const saveMarkdown = () => {
    bridge.invoke('sessions:summary', { id: sessionId }).then(
      ({ fileName, markdown }) => {
        saveTextFile(fileName, markdown, 'text/markdown');
        setSaved(`The summary with the plan was saved as ${fileName}.`);
      },
      (error: unknown) => setProblem(`The Markdown file was not made (${(error as Error).message}). You can try again.`),
    );
  };

  const Heading = level === 2 ? 'h2' : 'h3';
  const SectionHeading = level === 2 ? 'h3' : 'h4';
  return (
    <section className="exit-plan" aria-labelledby={titleId} data-testid="exit-plan">
      <div className="exit-plan-head">
        <Heading id={titleId} className={level === 2 ? 'dialog-title' : 'exit-plan-title'}>
          Exit plan
        </Heading>
        <p className="exit-plan-progress" aria-live="polite" data-testid="exit-plan-progress">
          {progressText(plan)}
        </p>
      </div>
      <p className="exit-plan-intro">Everything leaving this space, a trip at a time. Tick things off whenever you get to them.</p>
      {planSections(plan.groups).map((section) => (
        <section key={section.pileGroup} className={`exit-plan-section pile-${section.pileGroup}`} data-testid={`exit-plan-${section.pileGroup}`}>
          <SectionHeading className="exit-plan-section-title">
            {section.title} <span className="count">{section.count}</span>
          </SectionHeading>
          {section.groups.map((group) => (
            <fieldset key={group.key} className="exit-plan-group" data-testid="exit-plan-group">
              <legend className="exit-plan-legend">{group.title}</legend>
              {group.hint ? <p className="exit-plan-hint">{group.hint}</p> : null}
              <ul className="exit-plan-items">
                {group.items.map((item) => (
                  <li key={item.id}>
                    <label className="exit-plan-item">
                      <input type="checkbox" checked={item.done} onChange={(event) => tick(item.id, event.currentTarget.checked)} />
                      <span className="exit-plan-name">{lineName({ name: item.name, count: item.ids.length })}</span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          ))}
        </section>
      ))}
      {problem ? (
        <p className="exit-plan-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="exit-plan-actions">
        <button type="button" className="quiet" onClick={() => window.print()}>
          Print
        </button>
        <button type="button" className="quiet" onClick={saveMarkdown}>
          Save as Markdown
        </button>
        <span className="visually-hidden" role="status">
          {saved}
        </span>
      </div>
    </section>
  );
}
