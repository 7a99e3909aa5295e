import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import type { ReminderOption, RemindersView, ReminderWhen } from '../../../../shared/reminders/schema';

/**
 * "Remind me" on a trip (docs/rooms.md, "Reminders"): the plain times on offer now, or a day picked, then the picker
 * closes (Escape or Not now closes it too; the caller puts focus back on what opened it). The times are asked for
 * afresh when it opens; one refused (the clock moved on while it was open) says why, and the times are read again.
 */
export function ReminderPicker(props: {
  view: RemindersView;
  about: string;
  /** Reads the times on offer again (they are main's, said from its clock now). */
  onRefresh: () => Promise<void>;
  /** `shown`: when the page said the picked time falls. */
  onPick: (when: ReminderWhen, shown: number | undefined) => Promise<void>;
  onClose: () => void;
}) {
  const { view, about, onRefresh, onPick, onClose } = props;
  const titleId = useId();
  const first = useRef<HTMLButtonElement>(null);
  const [day, setDay] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  useEffect(() => first.current?.focus(), []);
  // As it opens (`onRefresh` keeps its identity while the picker is open).
  useEffect(() => {
    onRefresh().catch(() => {});
  }, [onRefresh]);
  const pick = (when: ReminderWhen, shown?: number) => {
    if (busy) return;
    setBusy(true);
    setProblem(undefined);
    onPick(when, shown).then(
      () => {
        setBusy(false);
        onClose();
      },
      (error: unknown) => {
        setBusy(false);
        setProblem((error as Error).message);
        onRefresh().catch(() => {});
      },
    );
  };
  return (
    <div
      className="reminder-picker"
      role="group"
      aria-labelledby={titleId}
      aria-busy={busy}
      data-testid="reminder-picker"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !busy) {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <p id={titleId} className="reminder-picker-title">
        When shall I remind you about {about}?
      </p>
      <div className="reminder-options">
        {view.options.map((option: ReminderOption, index) => (
          <button
            key={option.when.kind}
            ref={index === 0 ? first : undefined}
            type="button"
            className="reminder-option"
            disabled={busy}
            onClick={() => pick(option.when, option.at)}
          >
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
      <button type="button" className="quiet-button reminder-close" disabled={busy} onClick={onClose}>
        Not now
      </button>
    </div>
  );
}

/**
 * Whether a picker is open, and the button that opens it: focus goes back to that button once the picker closes
 * (as a dialog gives focus back), never on the first render.
 */
export function usePickerOpener(): { picking: boolean; opener: RefObject<HTMLButtonElement | null>; open: () => void; close: () => void } {
  const [picking, setPicking] = useState(false);
  const [closed, setClosed] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (closed) opener.current?.focus();
  }, [closed]);
  return {
    picking,
    opener,
    open: () => {
      setClosed(false);
      setPicking(true);
    },
    close: () => {
      setPicking(false);
      setClosed(true);
    },
  };
}
