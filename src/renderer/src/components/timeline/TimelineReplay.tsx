import { useEffect, useLayoutEffect, useMemo, useReducer, useRef, type KeyboardEvent } from 'react';
import { timelineStates, type Timeline } from '../../../../shared/sessions/schema';
import { formatSessionDate, spaceLabel } from '../../sessions/format';
import { navActionForKey, navigate, newMessageIds, PLAY_STEP_MS, startNav } from '../../sessions/timeline-nav';
import { useNow } from '../../session/hooks';
import { modeDisplayFor } from '../../session/mode-display';
import { MessageItem } from '../MessageItem';
import { WindowedPhotoList } from '../WindowedPhotoList';
import { PilesPanel } from '../PilesPanel';
import { BackButton } from './BackButton';
import { StepAnswers } from './StepAnswers';
import { TimelineControls } from './TimelineControls';

/** Which kind of control a key press came from: the slider and buttons keep some keys for themselves. */
function keyTarget(target: EventTarget): 'slider' | 'button' | 'other' {
  if (target instanceof HTMLInputElement && target.type === 'range') return 'slider';
  if (target instanceof HTMLElement && target.closest('button')) return 'button';
  return 'other';
}

/** The replay itself: one step's chat, piles, photos and answers, and the controls to move through them. */
export function TimelineReplay(props: { timeline: Timeline; questionWaiting: boolean; onBack: () => void }) {
  const { timeline, questionWaiting, onBack } = props;
  const [nav, dispatch] = useReducer(navigate, timeline.steps.length, startNav);
  const root = useRef<HTMLDivElement>(null);
  const listEnd = useRef<HTMLLIElement>(null);
  const stateAt = useMemo(() => timelineStates(timeline), [timeline]);
  const step = timeline.steps[nav.index] ?? timeline.steps[0]!;
  const state = stateAt(nav.index);
  const fresh = newMessageIds(nav.index > 0 ? stateAt(nav.index - 1).messages : undefined, state.messages);
  const mode = modeDisplayFor(state);
  const opened = timeline.opening.sessionStart;
  const now = useNow(60_000);

  // Focus comes here as the replay opens, before it is painted, so a key pressed the moment it shows is its own.
  useLayoutEffect(() => root.current?.focus(), []);

  useEffect(() => {
    if (!nav.playing) return;
    const timer = setInterval(() => dispatch({ type: 'tick' }), PLAY_STEP_MS);
    return () => clearInterval(timer);
  }, [nav.playing]);

  useEffect(() => {
    listEnd.current?.scrollIntoView({ block: 'end' });
  }, [nav.index]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // A photo opened from the replay is a dialog of its own; its keys are not the replay's.
    if (event.altKey || event.ctrlKey || event.metaKey || (event.target as HTMLElement).closest('[role="dialog"]')) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      onBack();
      return;
    }
    const action = navActionForKey(event.key, keyTarget(event.target));
    if (!action) return;
    event.preventDefault();
    dispatch(action);
  };

  return (
    <div ref={root} className="timeline" tabIndex={-1} onKeyDown={onKeyDown} aria-labelledby="timeline-title" role="region">
      <header className="header timeline-header">
        <BackButton onBack={onBack} />
        <div className="timeline-heading">
          <h1 id="timeline-title">Looking back: {formatSessionDate(opened, now)}</h1>
          <span className="mode-persona">
            {spaceLabel(state)} · read only, nothing here changes the session
          </span>
        </div>
        <div className="mode" data-testid="timeline-mode">
          <span className="mode-title">{mode.title}</span>
          <span className="mode-persona">{mode.persona}</span>
        </div>
      </header>
      {questionWaiting ? <p className="banner">Your coach has a question waiting in the live session.</p> : null}
      <main className="workspace">
        <div className="column">
          <section className="photos" aria-label="Photos at this step">
            <h2 className="panel-title">
              Photos <span className="count">{state.photos.length}</span>
            </h2>
            {state.photos.length > 0 ? (
              <WindowedPhotoList sessionId={timeline.sessionId} photos={state.photos} />
            ) : (
              <p className="empty">No photos yet at this step.</p>
            )}
          </section>
          <section className="chat" aria-label="Conversation up to this step">
            <ol className="messages" data-testid="timeline-messages">
              {state.messages.length === 0 ? (
                <li className="messages-empty">Nothing was said yet at this step.</li>
              ) : (
                state.messages.map((message) => (
                  <MessageItem key={message.id} message={message} sessionId={state.id} photos={state.photos} {...(fresh.has(message.id) ? { variant: 'new' as const } : {})} />
                ))
              )}
              <li ref={listEnd} aria-hidden="true" className="messages-end" />
            </ol>
            <StepAnswers answers={step.answers} />
          </section>
        </div>
        <PilesPanel session={state} />
      </main>
      <TimelineControls nav={nav} turn={step.turn} stopsHere={timeline.unfinishedTurn && nav.index === nav.last} dispatch={dispatch} />
    </div>
  );
}
