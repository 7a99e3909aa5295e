import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { AppInfo } from '../../shared/ipc/contract';
import type { Bridge } from './bridge';
import { ChatPane } from './components/ChatPane';
import { DropZone } from './components/DropZone';
import { ImportPanel } from './components/ImportPanel';
import { Header } from './components/Header';
import { PhonePanel } from './components/PhonePanel';
import { PhotoStrip } from './components/PhotoStrip';
import { NO_PILES, PilesPanel } from './components/PilesPanel';
import { QuestionDialog } from './components/questions/QuestionDialog';
import { undoable } from './session/undo';
import { SessionsDialog } from './components/sessions/SessionsDialog';
import { SettingsDialog } from './components/SettingsDialog';
import { DebugPanel } from './components/DebugPanel';
import { ExitPlanDialog } from './components/exit-plan/ExitPlanDialog';
import { ExitPlanNotice } from './components/exit-plan/ExitPlanNotice';
import { useExitPlanNotice } from './exit-plan/useExitPlanNotice';
import { applyTheme } from './settings/theme';
import { photoInFocus } from './session/focus';
import { SessionPhotos } from './photos/session-photos';
import { TimelineView } from './components/timeline/TimelineView';
import type { CoachActivityStore } from './session/activity';
import { useCoachActivity, useConnectionStatus, useSessionSnapshot } from './session/hooks';
import type { SessionMirror } from './session/mirror';
import type { PhotoIntake } from './photos/intake';
import { usePhotoPicker } from './photos/usePhotoPicker';
import { photosComingIn } from './photos/progress-words';
import { sessionBegun } from '../../shared/session/new-session';
import { useHome } from './rooms/useHome';
import { useReminders } from './rooms/useReminders';
import { saveTextFile } from './sessions/download';
import type { ErrandPlans } from './components/rooms/Errands';
import { errandsWithTick } from '../../shared/exit-plan/errands';
import type { ErrandLine, ExitPlanView } from '../../shared/exit-plan/schema';
import { Home } from './components/rooms/Home';
import { RoomPage } from './components/rooms/RoomPage';
import { WhichRoom } from './components/rooms/WhichRoom';

/** What the window shows: Home, one room's page, or the session (docs/rooms.md). */
type View = { readonly kind: 'home' } | { readonly kind: 'room'; readonly id: string } | { readonly kind: 'session' };

export function App(props: { bridge: Bridge; mirror: SessionMirror; activity: CoachActivityStore; intake: PhotoIntake }) {
  const { bridge, mirror, intake } = props;
  const { snapshot, error } = useSessionSnapshot(mirror);
  const activity = useCoachActivity(props.activity);
  const status = useConnectionStatus(bridge);
  const [info, setInfo] = useState<AppInfo | undefined>();
  const [sessionsOpen, setSessionsOpen] = useState(false);
  const [phoneOpen, setPhoneOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [debugPanel, setDebugPanel] = useState(false);
  // Bumped by each saved setting: a model set up in Settings changes what the header says at once.
  const [settingsRevision, setSettingsRevision] = useState(0);
  // The logged session being replayed; undefined shows the live workspace.
  const [replaying, setReplaying] = useState<string | undefined>();
  const sessionsButton = useRef<HTMLButtonElement>(null);
  // An earlier session's exit plan with things left, offered once at start; its dialog when opened.
  const exitPlanNotice = useExitPlanNotice(bridge, status);
  const [exitPlanOpen, setExitPlanOpen] = useState(false);

  const session = snapshot?.state;
  const sessionId = session?.id;
  const rooms = useHome(bridge, status, sessionId);
  const reminders = useReminders(bridge, status, info?.runtime);
  const errandPlans: ErrandPlans = {
    view: reminders.view,
    onRefresh: reminders.refresh,
    onSet: reminders.set,
    onCancel: reminders.cancel,
    onCalendar: async (key) => {
      const { fileName, text } = await bridge.invoke('errands:calendar', { key });
      saveTextFile(fileName, text, 'text/calendar');
      return fileName;
    },
  };
  // Undefined until the session and the rooms are known: then Home, unless a session is under way (it opens where it stopped).
  const [view, setView] = useState<View | undefined>();
  /** "Which room is this?" while it is open: how the photos waiting for the answer hear it. */
  const [whichRoom, setWhichRoom] = useState<((room: string | 'new' | undefined) => void) | undefined>();
  const hasRooms = (rooms.home?.rooms.length ?? 0) > 0 || rooms.home?.problem !== undefined;
  // A session with nothing in it and no room picked, while there are rooms: it is Home's to start.
  const awaitingRoom = session !== undefined && session.status === 'active' && !sessionBegun(session) && !session.room && hasRooms;

  // Decided once the rooms are read for the session in use, and again for each new session (adjusting state while
  // rendering, as React advises for state that follows a change): a new session with no room goes Home to pick one.
  const [viewFor, setViewFor] = useState<string | undefined>();
  if (session && rooms.home && rooms.loadedFor === sessionId && viewFor !== sessionId) {
    setViewFor(sessionId);
    if (!view) setView(awaitingRoom ? { kind: 'home' } : { kind: 'session' });
    else if (view.kind === 'session' && awaitingRoom) setView({ kind: 'home' });
    // A session picked up in Sessions (resumed) is shown where it stopped.
    else if (sessionBegun(session)) setView({ kind: 'session' });
  }

  const goHome = useCallback(() => {
    rooms.reload();
    setView({ kind: 'home' });
  }, [rooms]);
  /** Picks a room (or a new one): a session that knows it starts, and the window shows it. */
  const visit = useCallback(
    async (room: string | 'new') => {
      await bridge.invoke('rooms:visit', room === 'new' ? { newRoom: true } : { id: room });
      setView({ kind: 'session' });
    },
    [bridge],
  );
  // Photos with no room picked ask which room they are of, first; the answer starts its session, then they go in.
  // Photos dropped on a room's own page are of that room: nothing to ask.
  const needsRoom = view?.kind !== 'session' || awaitingRoom;
  const roomOnScreen = view?.kind === 'room' ? view.id : undefined;
  useEffect(
    () =>
      intake.askBeforeImport(async () => {
        if (!needsRoom) return true;
        if (roomOnScreen) {
          await visit(roomOnScreen);
          return true;
        }
        const known = rooms.home?.rooms ?? [];
        const room = known.length ? await new Promise<string | 'new' | undefined>((resolve) => setWhichRoom(() => resolve)) : 'new';
        setWhichRoom(undefined);
        if (!room) return false;
        await visit(room);
        return true;
      }),
    [intake, needsRoom, roomOnScreen, rooms.home, visit],
  );
  /** A tick in a session's plan, from its dialog or from Home's trips: the start notice's count and Home follow it. */
  const planTicked = (plan: ExitPlanView) => {
    exitPlanNotice.update(plan);
    rooms.reload();
  };
  /** A tick in one of Home's trips is the tick in its session's plan: shown at once, kept, then Home read again. */
  const tickErrand = async (line: ErrandLine, done: boolean) => {
    rooms.setErrands((errands) => errandsWithTick(errands, line.sessionId, line.id, done));
    try {
      planTicked(await bridge.invoke('exitPlan:tick', { id: line.sessionId, itemId: line.id, done }));
    } catch (error) {
      rooms.reload();
      throw error;
    }
  };

  // Asked again for each session (a new session may get another coach) and after each change in Settings.
  useEffect(() => {
    if (status !== 'connected' || !sessionId) return;
    const controller = new AbortController();
    bridge.invoke('app:info', undefined, { signal: controller.signal }).then(setInfo, () => {});
    return () => controller.abort();
  }, [bridge, status, sessionId, settingsRevision]);

  useEffect(() => {
    if (status !== 'connected') return;
    const controller = new AbortController();
    bridge.invoke('settings:get', undefined, { signal: controller.signal }).then(
      (view) => {
        applyTheme(document.documentElement, view.settings.theme);
        setDebugPanel(view.settings.debugPanel === true);
      },
      () => {},
    );
    return () => controller.abort();
  }, [bridge, status]);

  const question = session?.pendingQuestion;
  // A card's own way to add photos; its file input sits outside the page that is inert behind the card.
  const cardPhotos = usePhotoPicker(intake, 'images');
  // What is still coming in, for the card's foot: the import's own panel is behind an open card.
  const comingIn = photosComingIn(useSyncExternalStore(intake.subscribe, () => intake.current));
  const photosWelcome = session?.status === 'active' && status === 'connected';

  const openReplay = (sessionId: string) => {
    setSessionsOpen(false);
    setReplaying(sessionId);
  };
  const [fileProblem, setFileProblem] = useState<string | undefined>();
  const [openingFile, setOpeningFile] = useState(false);
  /** An exported session, dropped or picked: brought into the data folder and opened as a replay. */
  const openSessionFile = useCallback(
    async (file: File | undefined) => {
      setFileProblem(undefined);
      setOpeningFile(true);
      try {
        const source = file ? await intake.fileSource(file, new AbortController().signal) : ({ pick: true } as const);
        const timeline = await bridge.invoke('sessions:import', source);
        if (timeline) {
          setSessionsOpen(false);
          setReplaying(timeline.sessionId);
        }
      } catch (error) {
        setFileProblem((error as Error).message);
      } finally {
        setOpeningFile(false);
      }
    },
    [bridge, intake],
  );
  useEffect(() => intake.handleSessionFiles((file) => void openSessionFile(file)), [intake, openSessionFile]);

  // Back from a replay, focus lands where the way into it began.
  const backToLive = () => {
    setReplaying(undefined);
    requestAnimationFrame(() => sessionsButton.current?.focus());
  };

  if (replaying) {
    return <TimelineView bridge={bridge} sessionId={replaying} questionWaiting={question !== undefined} onBack={backToLive} />;
  }
  const atSession = view?.kind === 'session';
  return (
    <>
      {/* While the coach waits for an answer (or photos for their room), the page behind the dialog is inert: the answer comes first. */}
      <div className="app" data-runtime={info?.runtime} inert={(question !== undefined && atSession) || whichRoom !== undefined}>
        <Header
          session={session}
          status={status}
          info={info}
          sessionsButton={sessionsButton}
          onOpenSessions={() => setSessionsOpen(true)}
          onOpenSettings={() => setSettingsOpen(true)}
          onSprintAction={(action) => bridge.invoke('sprint:control', { action }).catch(() => undefined)}
          onStopForToday={() => bridge.invoke('session:windDown').catch(() => undefined)}
          place={view?.kind === 'session' ? 'session' : 'home'}
          onHome={goHome}
          onSession={session && sessionBegun(session) && view?.kind !== 'session' ? () => setView({ kind: 'session' }) : undefined}
        />
        <ExitPlanNotice
          plan={exitPlanNotice.plan}
          problem={exitPlanNotice.problem}
          onOpen={() => setExitPlanOpen(true)}
          onDismiss={exitPlanNotice.dismiss}
        />
        {error ? (
          <p className="banner" role="alert">
            Tidying could not load the session: {error}
          </p>
        ) : null}
        {openingFile ? (
          <p className="banner" role="status">
            Opening the session file…
          </p>
        ) : null}
        {fileProblem ? (
          <p className="banner" role="alert">
            That session could not be opened: {fileProblem}{' '}
            <button type="button" className="quiet-button" onClick={() => setFileProblem(undefined)}>
              OK
            </button>
          </p>
        ) : null}
        {view?.kind === 'home' ? (
          <Home
            home={rooms.home}
            loadProblem={rooms.problem}
            errands={rooms.errands}
            plans={errandPlans}
            onTick={tickErrand}
            onVisit={visit}
            onOpenRoom={(id) => setView({ kind: 'room', id })}
            onSetUpAgain={async () => rooms.set(await bridge.invoke('rooms:setUpAgain'))}
          />
        ) : view?.kind === 'room' ? (
          <RoomPage
            bridge={bridge}
            roomId={view.id}
            home={rooms.home}
            onBack={goHome}
            onVisit={visit}
            onOpenReplay={openReplay}
            onChanged={rooms.set}
          />
        ) : (
          <main className="workspace">
            <div className="column">
              <PhotoStrip
                sessionId={session?.id}
                photos={session?.photos ?? []}
                focusId={photoInFocus(session)}
                focus={question?.focus ?? []}
                intake={intake}
                bridge={bridge}
                disabled={!session || status !== 'connected' || session.status === 'ended'}
                onAddFromPhone={() => setPhoneOpen(true)}
              />
              <ImportPanel intake={intake} />
              <ChatPane session={session} activity={activity} bridge={bridge} intake={intake} disabled={!session || status !== 'connected'} />
            </div>
            <PilesPanel session={session ?? NO_PILES} />
          </main>
        )}
        {debugPanel ? <DebugPanel bridge={bridge} snapshot={snapshot} /> : null}
      </div>
      {/* The panel sets a pending question aside; the question is still pending in main and returns when the panel closes. */}
      {settingsOpen ? (
        <SettingsDialog
          bridge={bridge}
          runtime={info?.runtime}
          onChange={(changed) => {
            setDebugPanel(changed.settings.debugPanel === true);
            setSettingsRevision((revision) => revision + 1);
          }}
          onClose={() => setSettingsOpen(false)}
        />
      ) : null}
      {whichRoom && rooms.home ? <WhichRoom rooms={rooms.home.rooms} now={rooms.home.now} onChoose={whichRoom} /> : null}
      {/* Add from phone sets it aside too: the person is busy with the phone and watches the photos arrive in the
          panel; the card comes back when the panel closes. */}
      {question && !sessionsOpen && !phoneOpen && session && atSession ? (
        <SessionPhotos.Provider value={{ sessionId: session.id, photos: session.photos }}>
          <QuestionDialog
            key={question.id}
            question={question}
            bridge={bridge}
            sprint={session.status === 'active' ? session.sprint : undefined}
            onSessions={() => setSessionsOpen(true)}
            {...(photosWelcome ? { onAddPhotos: cardPhotos.open, onAddFromPhone: () => setPhoneOpen(true) } : {})}
            {...(comingIn ? { importing: { label: comingIn, onStop: () => intake.cancel() } } : {})}
            lastAnswer={undoable(session)}
          />
        </SessionPhotos.Provider>
      ) : null}
      {exitPlanOpen && exitPlanNotice.plan && !question ? (
        <ExitPlanDialog
          bridge={bridge}
          sessionId={exitPlanNotice.plan.sessionId}
          context={exitPlanNotice.context}
          onChange={planTicked}
          onClose={() => setExitPlanOpen(false)}
        />
      ) : null}
      {phoneOpen && session ? <PhonePanel bridge={bridge} sessionId={session.id} photos={session.photos} onClose={() => setPhoneOpen(false)} /> : null}
      {sessionsOpen ? (
        <SessionsDialog
          bridge={bridge}
          onClose={() => setSessionsOpen(false)}
          onOpen={openReplay}
          onImport={(file) => void openSessionFile(file)}
          canPick={intake.canPick}
        />
      ) : null}
      {/* Open cards included: main queues the photos' turn behind the card, and the card keeps focus. */}
      <DropZone intake={intake} enabled={status === 'connected' && (photosWelcome || !atSession)} />
      {cardPhotos.input}
    </>
  );
}
