import { useEffect, useRef, useState } from 'react';
import type { Home, RoomLook, RoomPage as RoomPageData } from '../../../../shared/rooms/schema';
import { PROGRESS_COLUMNS } from '../../../../shared/rooms/table';
import { agoWords, dayWords, lookLine, LOOSE_NOTE, minutesWords, totalsWords, waitingWords } from '../../../../shared/rooms/words';
import type { Bridge } from '../../bridge';
import { photoUrl } from '../../photos/urls';
import { saveTextFile } from '../../sessions/download';
import { DeleteRoomDialog } from './DeleteRoomDialog';
import { ProgressChart } from './ProgressChart';
import { WorkStatus } from '../WorkStatus';

/**
 * A room's page (docs/rooms.md): its visits over time as a chart with the table beside it, the totals, its first
 * photos beside its latest with the loose things the detector saw, and the room's own changes (rename, move a
 * session, merge, delete, save as Markdown). Progress only: no visit is set against another.
 */
export function RoomPage(props: {
  bridge: Bridge;
  roomId: string;
  /** Home as it was: the other rooms, for moving and merging. */
  home: Home | undefined;
  onBack: () => void;
  onVisit: (room: string) => Promise<void>;
  onOpenReplay: (sessionId: string) => void;
  /** A change made here: Home as it now is (the room may be gone). */
  onChanged: (home: Home) => void;
}) {
  const { bridge, roomId, home, onBack, onVisit, onOpenReplay, onChanged } = props;
  const [page, setPage] = useState<RoomPageData | undefined>();
  const [loadProblem, setLoadProblem] = useState<string | undefined>();
  const [generation, setGeneration] = useState(0);
  const [working, setWorking] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [notice, setNotice] = useState('');
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    bridge.invoke('rooms:page', { id: roomId }, { signal: controller.signal }).then(
      (next) => {
        setPage(next);
        setLoadProblem(undefined);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoadProblem((error as Error).message);
      },
    );
    return () => controller.abort();
  }, [bridge, roomId, generation]);
  useEffect(() => title.current?.focus(), [roomId]);

  const run = async (doing: string, call: () => Promise<void>): Promise<boolean> => {
    if (working) return false;
    setWorking(doing);
    setProblem(undefined);
    try {
      await call();
      return true;
    } catch (error) {
      setProblem(`That did not work (${(error as Error).message}). You can try again.`);
      return false;
    } finally {
      setWorking(undefined);
    }
  };
  /** A change to the rooms: Home takes the new state; this page reads itself again, or goes Home when the room is gone. */
  const changed = (next: Home, said: string) => {
    onChanged(next);
    setNotice(said);
    if (next.rooms.some((room) => room.id === roomId)) setGeneration((value) => value + 1);
    else onBack();
  };

  const others = (home?.rooms ?? []).filter((room) => room.id !== roomId);
  if (loadProblem) {
    return (
      <main className="room-page" data-testid="room-page">
        <button type="button" className="quiet-button" onClick={onBack}>
          Home
        </button>
        <p className="banner" role="alert">
          This room could not be shown ({loadProblem}).
        </p>
      </main>
    );
  }
  if (!page) {
    return (
      <main className="room-page" data-testid="room-page">
        <p className="empty">Looking at the room…</p>
      </main>
    );
  }
  const { room, visits, totals, now } = page;
  return (
    <main className="room-page" aria-labelledby="room-title" aria-busy={working !== undefined} data-testid="room-page">
      <nav className="room-nav">
        <button type="button" className="quiet-button" onClick={onBack}>
          ← Home
        </button>
      </nav>
      <header className="room-head">
        {renaming ? (
          <RenameForm
            name={room.name}
            onCancel={() => setRenaming(false)}
            onSave={(name) =>
              void run('Renaming…', async () => {
                changed(await bridge.invoke('rooms:rename', { id: roomId, name }), `The room is called ${name} now.`);
                setRenaming(false);
              })
            }
          />
        ) : (
          <>
            <h1 id="room-title" className="room-title" ref={title} tabIndex={-1}>
              {room.name}
            </h1>
            <button type="button" className="quiet-button" onClick={() => setRenaming(true)}>
              Rename
            </button>
          </>
        )}
        <button type="button" className="primary room-visit" onClick={() => void run('Starting…', () => onVisit(roomId))}>
          {room.inProgress ? 'Carry on' : 'Tidy here'}
        </button>
      </header>
      <dl className="room-facts">
        {room.space ? (
          <div>
            <dt>For</dt>
            <dd>{room.space}</dd>
          </div>
        ) : null}
        {room.anchors.length ? (
          <div>
            <dt>Stays</dt>
            <dd>{room.anchors.join(', ')}</dd>
          </div>
        ) : null}
        <div>
          <dt>Last visit</dt>
          <dd>{room.lastVisit === undefined ? 'not yet' : agoWords(room.lastVisit, now)}</dd>
        </div>
        <div>
          <dt>Waiting</dt>
          <dd>{waitingWords(room.waiting)}</dd>
        </div>
      </dl>
      <WorkStatus working={working} notice={notice} className="home-working" />
      {problem ? (
        <p className="home-problem-line" role="alert">
          {problem}
        </p>
      ) : null}

      <section className="room-section" aria-labelledby="room-progress-title">
        <h2 id="room-progress-title" className="room-section-title">
          Progress
        </h2>
        {visits.length === 0 ? (
          <p className="empty">No visits yet: the first one starts with Tidy here.</p>
        ) : (
          <>
            <p className="room-line" data-testid="room-totals">
              {totalsWords(totals)}
            </p>
            <ProgressChart
              id="room"
              title="Things decided at each visit, in the four groups"
              firstColumn="Visit"
              rows={visits.map((visit) => ({
                key: visit.sessionId,
                label: dayWords(visit.startedAt, now),
                bar: { key: visit.sessionId, label: dayWords(visit.startedAt, now), counts: visit.counts, decided: visit.decided },
                cells: PROGRESS_COLUMNS.map((column) => column.visit(visit)),
              }))}
              {...(visits.length > 1 ? { totals: PROGRESS_COLUMNS.map((column) => column.totals(totals)) } : {})}
            />
          </>
        )}
      </section>

      {page.first ? (
        <section className="room-section" aria-labelledby="room-photos-title">
          <h2 id="room-photos-title" className="room-section-title">
            {page.latest ? 'First photos and latest' : 'Photos'}
          </h2>
          <div className="room-looks">
            <Look title="First" look={page.first} now={now} />
            {page.latest ? <Look title="Latest" look={page.latest} now={now} /> : null}
          </div>
          {page.first.loose !== undefined || page.latest?.loose !== undefined ? <p className="view-change-note">{LOOSE_NOTE}</p> : null}
        </section>
      ) : null}

      {visits.length > 0 ? (
        <section className="room-section" aria-labelledby="room-visits-title">
          <h2 id="room-visits-title" className="room-section-title">
            Visits
          </h2>
          <ul className="room-visits">
            {[...visits].reverse().map((visit) => (
              <li key={visit.sessionId} className="room-visit-row" data-testid="room-visit">
                <span className="room-visit-day">{dayWords(visit.startedAt, now)}</span>
                <span className="room-visit-facts">
                  {visit.decided === 1 ? '1 thing decided' : `${visit.decided} things decided`}
                  {/* A visit from before rooms kept no minutes. */}
                  {visit.counts ? `, ${minutesWords(visit.minutes)}` : ''}
                  {visit.current && visit.status === 'active' ? ' (under way now)' : ''}
                </span>
                <button type="button" className="quiet-button" onClick={() => onOpenReplay(visit.sessionId)}>
                  Look back
                </button>
                <MoveSession
                  sessionDay={dayWords(visit.startedAt, now)}
                  rooms={others}
                  onMove={(to) =>
                    void run('Moving the session…', async () =>
                      changed(await bridge.invoke('rooms:moveSession', { sessionId: visit.sessionId, to: to === 'new' ? { newRoom: true } : { room: to } }), 'The session was moved.'),
                    )
                  }
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="room-section room-actions" aria-labelledby="room-actions-title">
        <h2 id="room-actions-title" className="room-section-title">
          This room
        </h2>
        <button
          type="button"
          className="quiet-button"
          onClick={() =>
            void run('Writing the summary…', async () => {
              const { fileName, markdown } = await bridge.invoke('rooms:summary', { id: roomId });
              saveTextFile(fileName, markdown, 'text/markdown');
              setNotice(`The room was saved as ${fileName}.`);
            })
          }
        >
          Save as Markdown
        </button>
        <button type="button" className="quiet-button" onClick={() => window.print()}>
          Print
        </button>
        {others.length ? (
          <MergeRoom
            rooms={others}
            onMerge={(into) => void run('Merging…', async () => changed(await bridge.invoke('rooms:merge', { from: roomId, into }), 'The rooms were merged.'))}
          />
        ) : null}
        <button type="button" className="quiet-button" onClick={() => setDeleting(true)}>
          Delete room…
        </button>
      </section>
      {deleting ? (
        <DeleteRoomDialog
          room={room}
          others={others}
          onCancel={() => setDeleting(false)}
          onDelete={(sessions) =>
            run('Deleting the room…', async () => {
              const next = await bridge.invoke('rooms:delete', { id: roomId, ...(sessions ? { sessions } : {}) });
              setDeleting(false);
              changed(next, 'The room was deleted.');
            })
          }
        />
      ) : null}
    </main>
  );
}

function Look(props: { title: string; look: RoomLook; now: number }) {
  const { title, look, now } = props;
  return (
    <figure className="room-look" data-testid={`room-look-${title.toLowerCase()}`}>
      <figcaption>
        <strong>
          {title}, {dayWords(look.startedAt, now)}
        </strong>
        : {lookLine(look)}
      </figcaption>
      <div className="room-look-photos">
        {look.photos.map((photo, index) => (
          <img key={photo} src={photoUrl(look.sessionId, photo, 'thumb')} alt={`${title} photo ${index + 1} of ${look.count}`} />
        ))}
      </div>
    </figure>
  );
}

function RenameForm(props: { name: string; onSave: (name: string) => void; onCancel: () => void }) {
  const [name, setName] = useState(props.name);
  return (
    <form
      className="room-rename"
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim()) props.onSave(name.trim());
      }}
    >
      <label>
        <span className="visually-hidden">The room’s name</span>
        <input value={name} maxLength={60} autoFocus onChange={(event) => setName(event.target.value)} onKeyDown={(event) => event.key === 'Escape' && props.onCancel()} />
      </label>
      <button type="submit" className="primary" disabled={!name.trim()}>
        Save
      </button>
      <button type="button" className="quiet-button" onClick={props.onCancel}>
        Cancel
      </button>
    </form>
  );
}

function MoveSession(props: { sessionDay: string; rooms: Home['rooms']; onMove: (to: string | 'new') => void }) {
  const [to, setTo] = useState('');
  return (
    <span className="room-move">
      <label>
        <span className="visually-hidden">Move the visit of {props.sessionDay} to</span>
        <select value={to} onChange={(event) => setTo(event.target.value)}>
          <option value="">Move to…</option>
          {props.rooms.map((room) => (
            <option key={room.id} value={room.id}>
              {room.name}
            </option>
          ))}
          <option value="new">A new room</option>
        </select>
      </label>
      <button type="button" className="quiet-button" disabled={!to} onClick={() => props.onMove(to)}>
        Move
      </button>
    </span>
  );
}

function MergeRoom(props: { rooms: Home['rooms']; onMerge: (into: string) => void }) {
  const [into, setInto] = useState('');
  return (
    <span className="room-move">
      <label>
        <span className="visually-hidden">Merge this room into</span>
        <select value={into} onChange={(event) => setInto(event.target.value)}>
          <option value="">Merge into…</option>
          {props.rooms.map((room) => (
            <option key={room.id} value={room.id}>
              {room.name}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="quiet-button" disabled={!into} onClick={() => props.onMerge(into)}>
        Merge
      </button>
    </span>
  );
}
