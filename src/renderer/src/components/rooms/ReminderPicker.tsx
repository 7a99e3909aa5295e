import { useId, useState } from 'react';
import type { RemindersView, ReminderWhen } from '../../../../shared/reminders/schema';

/**
 * "Remind me" on a trip (docs/rooms.md, "Reminders"): the plain times on offer now, or a day picked, then the picker
 * closes. A time refused (gone by while the picker was open) says why and stays open for another.
 */
export function ReminderPicker(props: { view: RemindersView; about: string; onPick: (when: ReminderWhen) => Promise<void>; onClose: () => void }) {
  const { view, about, onPick, onClose } = props;
  const titleId = useId();
  const [day, setDay] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const pick = (when: ReminderWhen) => {
    if (busy) return;
    setBusy(true);
    setProblem(undefined);
    onPick(when).then(
      () => {
        setBusy(false);
        onClose();
      },
      (error: unknown) => {
        setBusy(false);
        setProblem((error as Error).message);
      },
    );
  };
  return (
    <div className="reminder-picker" role="group" aria-labelledby={titleId} aria-busy={busy} data-testid="reminder-picker">
      <p id={titleId} className="reminder-picker-title">
        When shall I remind you about {about}?
      </p>
      <div className="reminder-options">
        {view.options.map((option) => (
          <button key={option.when.kind} type="button" className="reminder-option" disabled={busy} onClick={() => pick(option.when)}>
            <span className="reminder-option-label">{option.label}</span>
            <span className="reminder-option-time">{option.time}</span>
          </button>
        ))}
      </div>
      <form
        className="reminder-day"
        onSubmit={(event) => {
          event.preventDefault();
          if (day) pick({ kind: 'day', day });
        }}
      >
        <label className="reminder-day-label">
          Or pick a day (10 am)
          <input type="date" min={view.days.first} max={view.days.last} value={day} required onChange={(event) => setDay(event.currentTarget.value)} />
        </label>
        <button type="submit" className="quiet-button" disabled={busy || !day}>
          Remind me then
        </button>
      </form>
      {problem ? (
        <p className="reminder-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <button type="button" className="quiet-button reminder-close" onClick={onClose}>
        Not now
      </button>
    </div>
  );
}
