import { useState } from 'react';
import type { ErrandLine, Errands as ErrandsData } from '../../../../shared/exit-plan/schema';
import type { Home as HomeData, RoomCard } from '../../../../shared/rooms/schema';
import { PROGRESS_COLUMNS } from '../../../../shared/rooms/table';
import { agoWords, minutesWords, waitingWords } from '../../../../shared/rooms/words';
import { thingsDecided } from '../../../../shared/session/pile-groups';
import { DueReminders } from './DueReminders';
import { errandElement, Errands, type ErrandPlans } from './Errands';
import { ProgressChart } from './ProgressChart';

/**
 * Home (docs/rooms.md): the rooms, each with its last visit in neutral words and what is waiting there, New room,
 * the trips to make across rooms, and this month across rooms. Picking a room starts a session that knows it; photos dropped here ask which room
 * they are of. Nothing here is a score, a deadline or a comparison.
 */
export function Home(props: {
  home: HomeData | undefined;
  loadProblem: string | undefined;
  errands: ErrandsData | undefined;
  /** Reminders and calendar files for the trips. */
  plans: ErrandPlans;
  onTick: (line: ErrandLine, done: boolean) => Promise<void>;
  onVisit: (room: string | 'new') => Promise<void>;
  onOpenRoom: (id: string) => void;
  onSetUpAgain: () => Promise<void>;
}) {
  const { home, loadProblem, errands, plans, onTick, onVisit, onOpenRoom, onSetUpAgain } = props;
  const [working, setWorking] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const run = (doing: string, call: () => Promise<void>) => {
    if (working) return;
    setWorking(doing);
    setProblem(undefined);
    call().then(
      () => setWorking(undefined),
      (error: unknown) => {
        setWorking(undefined);
        setProblem(`That did not work (${(error as Error).message}). You can try again.`);
      },
    );
  };
  return (
    <main className="home" aria-labelledby="home-title" aria-busy={working !== undefined} data-testid="home">
      <h1 id="home-title" className="home-title">
        Your rooms
      </h1>
      {loadProblem ? (
        <p className="banner" role="alert">
          The rooms could not be loaded ({loadProblem}).
        </p>
      ) : null}
      {home?.problem ? (
        <div className="home-problem" role="alert" data-testid="rooms-problem">
          <p>{home.problem}</p>
          <button type="button" className="quiet-button" onClick={() => run('Setting up rooms again…', onSetUpAgain)}>
            Set up rooms again
          </button>
        </div>
      ) : null}
      {home?.grouped ? (
        <p className="home-note" data-testid="rooms-grouped">
          Your {home.grouped.sessions === 1 ? 'earlier session is' : `${home.grouped.sessions} earlier sessions are`} in{' '}
          {home.grouped.rooms === 1 ? 'a room' : `${home.grouped.rooms} rooms`} now, grouped by what each space was for. Nothing moved on disk;
          rename, merge or move them whenever you like.
        </p>
      ) : null}
      {errands && plans.view ? (
        <DueReminders
          view={plans.view}
          errands={errands}
          onShow={showErrand}
          onRefresh={plans.onRefresh}
          onPick={async (key, when, shown) => {
            await plans.onSet(key, when, shown);
          }}
          onPutAway={plans.onCancel}
        />
      ) : null}
      <p className="home-hint">Pick a room to carry on where you left off, or drop photos of a room anywhere here.</p>
      {working ? (
        <p className="home-working" role="status">
          {working}
        </p>
      ) : null}
      {problem ? (
        <p className="home-problem-line" role="alert">
          {problem}
        </p>
      ) : null}
      {!home ? (
        loadProblem ? null : <p className="empty">Looking for your rooms…</p>
      ) : (
        <ul className="room-cards" aria-label="Rooms">
          {home.rooms.map((room) => (
            <RoomCardItem
              key={room.id}
              room={room}
              now={home.now}
              onVisit={() => run(room.inProgress ? 'Going back to it…' : `Starting in the ${room.name.toLowerCase()}…`, () => onVisit(room.id))}
              onOpen={() => onOpenRoom(room.id)}
            />
          ))}
          <li className="room-card room-card-new">
            <h2 className="room-card-name">A room not here yet</h2>
            <p className="room-card-line">What it is for and what stays, a few taps.</p>
            <button type="button" className="primary" onClick={() => run('Starting a new room…', () => onVisit('new'))}>
              New room
            </button>
          </li>
        </ul>
      )}
      {home && errands ? <Errands errands={errands} plans={plans} onTick={onTick} /> : null}
      {home ? <MonthAcrossRooms month={home.month} /> : null}
    </main>
  );
}

/** "Show the things" on a reminder: its trip opened, in view, its line focused. */
function showErrand(key: string): void {
  const trip = errandElement(key);
  if (!trip) return;
  trip.open = true;
  trip.scrollIntoView({ block: 'nearest' });
  trip.querySelector('summary')?.focus();
}

function RoomCardItem(props: { room: RoomCard; now: number; onVisit: () => void; onOpen: () => void }) {
  const { room, now, onVisit, onOpen } = props;
  const nameId = `room-${room.id}-name`;
  return (
    <li className="room-card" data-testid="room-card" aria-labelledby={nameId}>
      <h2 id={nameId} className="room-card-name">
        {room.name}
      </h2>
      <p className="room-card-line">{room.inProgress ? 'In progress now' : room.lastVisit === undefined ? 'Not visited yet' : `Last visit ${agoWords(room.lastVisit, now)}`}</p>
      <p className="room-card-line room-card-waiting">{waitingWords(room.waiting)}</p>
      <div className="room-card-actions">
        <button type="button" className="primary" aria-describedby={nameId} onClick={onVisit}>
          {room.inProgress ? 'Carry on' : 'Tidy here'}
        </button>
        <button type="button" className="quiet-button" aria-describedby={nameId} onClick={onOpen}>
          Progress
        </button>
      </div>
    </li>
  );
}

function MonthAcrossRooms(props: { month: HomeData['month'] }) {
  const { month } = props;
  const { totals } = month;
  return (
    <section className="month" aria-labelledby="month-title" data-testid="month">
      <h2 id="month-title" className="month-title">
        This month
      </h2>
      {totals.visits === 0 ? (
        <p className="month-line">No visits yet this month. Whenever you are ready.</p>
      ) : (
        <>
          <p className="month-line">
            {totals.visits === 1 ? '1 visit' : `${totals.visits} visits`} to {month.rooms.length === 1 ? '1 room' : `${month.rooms.length} rooms`}:{' '}
            {thingsDecided(totals.decided).toLowerCase()}, {totals.left} left the home, {totals.trips.done} {totals.trips.done === 1 ? 'trip' : 'trips'} done,{' '}
            {minutesWords(totals.minutes)} in all.
          </p>
          <ProgressChart
            id="month"
            title="Things decided this month, by room, in the four groups"
            firstColumn="Room"
            rows={month.rooms.map((room) => ({
              key: room.id,
              label: room.name,
              bar: { key: room.id, label: room.name, counts: room.totals.counts, decided: room.totals.decided },
              cells: PROGRESS_COLUMNS.map((column) => column.totals(room.totals)),
            }))}
            {...(month.rooms.length > 1 ? { totals: PROGRESS_COLUMNS.map((column) => column.totals(totals)) } : {})}
          />
        </>
      )}
    </section>
  );
}
