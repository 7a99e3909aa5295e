import { useState } from 'react';
import { fromRoomsWords } from '../../../../shared/exit-plan/errands';
import { thingsLabel } from '../../../../shared/exit-plan/plan';
import type { Errand, ErrandLine, Errands as ErrandsData } from '../../../../shared/exit-plan/schema';
import { lineName } from '../../../../shared/session/pile-groups';

/** "Donation: 14 things, from the office and the bedroom"; once all are ticked off, "To mum's: all 3 done". */
export function errandWords(errand: Errand): string {
  const from = fromRoomsWords(errand.rooms);
  const count = errand.left > 0 ? thingsLabel(errand.left) : errand.total === 1 ? 'done' : `all ${errand.total} done`;
  // A recycling point's title has its own colon ("Recycling: the pharmacy"): said "Recycling (the pharmacy): 2 things".
  const title = errand.title.replace(/^([^:]+): (.+)$/, '$1 ($2)');
  return `${title}: ${count}${from ? `, ${from}` : ''}`;
}

/**
 * Home's trips to make (docs/rooms.md): everything waiting to leave, from every room, one errand per destination,
 * each opening to its things with a tick each. A tick here is the tick in the session's own exit plan. Errands all
 * ticked off come after the others, softer; nothing here is late or overdue.
 */
export function Errands(props: { errands: ErrandsData; onTick: (line: ErrandLine, done: boolean) => Promise<void> }) {
  const { errands, onTick } = props;
  const [problem, setProblem] = useState<string | undefined>();
  if (errands.open.length === 0 && errands.done.length === 0) return null;
  const tick = (line: ErrandLine, done: boolean) => {
    setProblem(undefined);
    onTick(line, done).catch((error: unknown) => setProblem(`That tick was not kept (${(error as Error).message}). You can try again.`));
  };
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
      {/* One list, so a trip ticked off moves after the others as it is, still open. */}
      <ul className="errand-list">
        {[...errands.open, ...errands.done].map((errand) => (
          <ErrandItem key={errand.key} errand={errand} onTick={tick} />
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

function ErrandItem(props: { errand: Errand; onTick: (line: ErrandLine, done: boolean) => void }) {
  const { errand, onTick } = props;
  // Which room a thing is from is said beside it only when the errand takes things from more than one.
  const rooms = new Set(errand.lines.map((line) => line.room?.id));
  return (
    <li className={errand.left ? 'errand' : 'errand errand-done'} data-testid="errand">
      <details>
        <summary className="errand-summary">{errandWords(errand)}</summary>
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
      </details>
    </li>
  );
}
