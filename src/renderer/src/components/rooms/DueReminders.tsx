import { useId, useState } from 'react';
import { errandWords } from '../../../../shared/exit-plan/errands';
import type { Errand, Errands } from '../../../../shared/exit-plan/schema';
import type { ReminderView, RemindersView, ReminderWhen } from '../../../../shared/reminders/schema';
import { ReminderPicker, usePickerOpener } from './ReminderPicker';

/**
 * The reminders that came due (docs/rooms.md, "Reminders"), at the top of Home: the trip the person planned and what
 * it takes, with a way on from each: the things to take, another time, or putting the reminder away. A trip with
 * nothing left to take has nothing to remind of. The words are calm: a time planned, never a time missed.
 */
/** What a card that came due can do, from Home. */
interface DueActions {
  view: RemindersView;
  onShow: (key: string) => void;
  onRefresh: () => Promise<void>;
  onPick: (key: string, when: ReminderWhen, shown: number | undefined) => Promise<void>;
  onPutAway: (key: string) => Promise<void>;
}

export function DueReminders(props: DueActions & { errands: Errands }) {
  const { errands, ...actions } = props;
  const { view } = actions;
  const open = new Map(errands.open.map((errand) => [errand.key, errand]));
  const due = view.due.flatMap((reminder) => {
    const errand = open.get(reminder.key);
    return errand ? [{ reminder, errand }] : [];
  });
  if (due.length === 0) return null;
  return (
    <div className="reminders-due">
      {due.map(({ reminder, errand }) => (
        <DueReminder key={reminder.key} {...actions} reminder={reminder} errand={errand} />
      ))}
    </div>
  );
}

function DueReminder(props: DueActions & { reminder: ReminderView; errand: Errand }) {
  const { view, reminder, errand, onShow, onRefresh, onPick, onPutAway } = props;
  const { picking, opener, open, close } = usePickerOpener();
  const [problem, setProblem] = useState<string | undefined>();
  const titleId = useId();
  return (
    <section className="reminder-due" aria-labelledby={titleId} data-testid="reminder-due">
      <h2 id={titleId} className="reminder-due-title">
        A trip you planned for {reminder.words}
      </h2>
      <p className="reminder-due-line">{errandWords(errand)}</p>
      {picking ? (
        <ReminderPicker
          view={view}
          about="this trip"
          onRefresh={onRefresh}
          onPick={(when, shown) => onPick(reminder.key, when, shown)}
          onClose={close}
        />
      ) : (
        <div className="reminder-due-actions">
          <button type="button" className="primary" onClick={() => onShow(reminder.key)}>
            Show the things
          </button>
          <button ref={opener} type="button" className="quiet-button" onClick={open}>
            Another time
          </button>
          <button
            type="button"
            className="quiet-button"
            onClick={() => {
              setProblem(undefined);
              onPutAway(reminder.key).catch((error: unknown) => setProblem(`That did not work (${(error as Error).message}). You can try again.`));
            }}
          >
            Put it away
          </button>
        </div>
      )}
      {problem ? (
        <p className="reminder-problem" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
