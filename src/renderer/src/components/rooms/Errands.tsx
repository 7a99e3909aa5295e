import { useState } from 'react';
import { errandWords } from '../../../../shared/exit-plan/errands';
import type { Errand, ErrandLine, Errands as ErrandsData } from '../../../../shared/exit-plan/schema';
import type { ReminderView, RemindersView, ReminderWhen } from '../../../../shared/reminders/schema';
import { lineName } from '../../../../shared/session/pile-groups';
import { ReminderPicker, usePickerOpener } from './ReminderPicker';

/** What a trip can do besides its ticks: a reminder at a time the person picks, and a calendar file. */
export interface ErrandPlans {
  view: RemindersView | undefined;
  /** Reads the reminders and the times on offer again. */
  onRefresh: () => Promise<void>;
  /**
   * `shown`: when the page said the picked time falls. `quiet`: the reminder is set, but will show on Home only (the
   * browser has no leave to notify).
   */
  onSet: (key: string, when: ReminderWhen, shown?: number) => Promise<{ quiet: boolean }>;
  onCancel: (key: string) => Promise<void>;
  /** Saves the trip's calendar file; resolves with its name. */
  onCalendar: (key: string) => Promise<string>;
}

/** The opened trip on Home whose key is `key` ("Show the things" on its reminder), found by the key itself. */
export function errandElement(key: string): HTMLDetailsElement | null {
  return document.querySelector<HTMLDetailsElement>(`details[data-errand-key="${CSS.escape(key)}"]`);
}

/**
 * Home's trips to make (docs/rooms.md): everything waiting to leave, from every room, one errand per destination,
 * each opening to its things with a tick each, and a reminder or a calendar entry for the trip. A tick here is the
 * tick in the session's own exit plan. Errands all ticked off come after the others, softer; nothing here is late or
 * overdue.
 */
export function Errands(props: { errands: ErrandsData; plans: ErrandPlans; onTick: (line: ErrandLine, done: boolean) => Promise<void> }) {
  const { errands, plans, onTick } = props;
  const [problem, setProblem] = useState<string | undefined>();
  if (errands.open.length === 0 && errands.done.length === 0) return null;
  const tick = (line: ErrandLine, done: boolean) => {
    setProblem(undefined);
    onTick(line, done).catch((error: unknown) => setProblem(`That tick was not kept (${(error as Error).message}). You can try again.`));
  };
  const reminders = new Map((plans.view?.set ?? []).map((reminder) => [reminder.key, reminder]));
  return (
    <section className="errands" aria-labelledby="errands-title" data-testid="errands">
      <h2 id="errands-title" className="errands-title">
        Trips to make
      </h2>
      <p className="errands-line">
        {errands.open.length
          ? 'Everything waiting to leave, from every room, by where it goes. Tick things off whenever you get to them.'
          : 'Nothing is waiting to leave.'}
      </p>
      {plans.view?.problem ? (
        <p className="home-problem-line" data-testid="reminders-problem">
          {plans.view.problem}
        </p>
      ) : null}
      {/* One list, so a trip ticked off moves after the others as it is, still open. */}
      <ul className="errand-list">
        {[...errands.open, ...errands.done].map((errand) => (
          <ErrandItem key={errand.key} errand={errand} reminder={reminders.get(errand.key)} plans={plans} onTick={tick} />
        ))}
      </ul>
      {problem ? (
        <p className="home-problem-line" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}

function ErrandItem(props: { errand: Errand; reminder: ReminderView | undefined; plans: ErrandPlans; onTick: (line: ErrandLine, done: boolean) => void }) {
  const { errand, reminder, plans, onTick } = props;
  // Which room a thing is from is said beside it only when the errand takes things from more than one.
  const rooms = new Set(errand.lines.map((line) => line.room?.id));
  return (
    <li className={errand.left ? 'errand' : 'errand errand-done'} data-testid="errand">
      <details data-errand-key={errand.key}>
        <summary className="errand-summary">
          {errandWords(errand)}
          {reminder && errand.left ? <span className="errand-summary-reminder"> · reminder {reminder.words}</span> : null}
        </summary>
        {errand.hint ? <p className="errand-hint">{errand.hint}</p> : null}
        <ul className="exit-plan-items errand-lines">
          {errand.lines.map((line) => (
            <li key={`${line.sessionId}/${line.id}`}>
              <label className="exit-plan-item">
                <input type="checkbox" checked={line.done} onChange={(event) => onTick(line, event.currentTarget.checked)} />
                <span className="exit-plan-name">{lineName({ name: line.name, count: line.ids.length })}</span>
                {rooms.size > 1 && line.room ? <span className="errand-room">{line.room.name}</span> : null}
              </label>
            </li>
          ))}
        </ul>
        {errand.left && plans.view ? <ErrandActions errand={errand} reminder={reminder} plans={plans} view={plans.view} /> : null}
      </details>
    </li>
  );
}

function ErrandActions(props: { errand: Errand; reminder: ReminderView | undefined; plans: ErrandPlans; view: RemindersView }) {
  const { errand, reminder, plans, view } = props;
  const { picking, opener, open, close } = usePickerOpener();
  const [note, setNote] = useState<{ text: string; problem: boolean } | undefined>();
  const attempt = (call: () => Promise<string | undefined>) => {
    setNote(undefined);
    call().then(
      (text) => setNote(text ? { text, problem: false } : undefined),
      (error: unknown) => setNote({ text: `That did not work (${(error as Error).message}). You can try again.`, problem: true }),
    );
  };
  const morning = view.options.find((option) => option.when.kind === 'morning');
  return (
    <div className="errand-actions" data-testid="errand-actions">
      {reminder ? (
        <p className="errand-reminder" data-testid="errand-reminder">
          I’ll remind you {reminder.words}.
        </p>
      ) : null}
      {picking ? (
        <ReminderPicker
          view={view}
          about="this trip"
          onRefresh={plans.onRefresh}
          onPick={async (when, shown) => {
            const { quiet } = await plans.onSet(errand.key, when, shown);
            setNote(quiet ? { text: 'This browser will not show notifications, so the reminder will wait for you here on Home.', problem: false } : undefined);
          }}
          onClose={close}
        />
      ) : (
        <div className="errand-buttons">
          <button ref={opener} type="button" className="quiet-button" onClick={open}>
            {reminder ? 'Change the time' : 'Remind me'}
          </button>
          {reminder ? (
            <button type="button" className="quiet-button" onClick={() => attempt(async () => (await plans.onCancel(errand.key), undefined))}>
              Don’t remind me
            </button>
          ) : null}
          <button
            type="button"
            className="quiet-button"
            onClick={() =>
              attempt(async () => {
                const fileName = await plans.onCalendar(errand.key);
                const when = reminder ? reminder.words : morning ? `tomorrow at ${morning.time}` : 'tomorrow morning';
                return `Saving ${fileName}: open it to put the trip in your calendar, ${when} (move it there if you like).`;
              })
            }
          >
            Add to calendar
          </button>
        </div>
      )}
      {note ? (
        <p className={note.problem ? 'home-problem-line' : 'errand-note'} role={note.problem ? 'alert' : 'status'}>
          {note.text}
        </p>
      ) : null}
    </div>
  );
}
