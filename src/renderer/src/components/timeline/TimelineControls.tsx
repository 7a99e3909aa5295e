import type { Dispatch } from 'react';
import type { TimelineNav, TimelineNavAction } from '../../sessions/timeline-nav';

/**
 * Back, Play/Pause, Forward and a slider. At either end a button is marked unavailable rather than disabled,
 * so keyboard focus stays on it instead of falling out of the replay.
 */
export function TimelineControls(props: { nav: TimelineNav; turn: number; stopsHere: boolean; dispatch: Dispatch<TimelineNavAction> }) {
  const { nav, turn, stopsHere, dispatch } = props;
  const position = `Step ${nav.index + 1} of ${nav.last + 1}`;
  const atStart = nav.index === 0;
  const atEnd = nav.index === nav.last;
  return (
    <footer className="timeline-controls">
      {stopsHere ? (
        <p className="timeline-note" data-testid="unfinished-turn">
          The app stopped while the coach was answering here.
        </p>
      ) : null}
      <div className="timeline-bar" role="group" aria-label="Replay controls">
        <button type="button" className="quiet" aria-disabled={atStart} onClick={() => atStart || dispatch({ type: 'back' })}>
          <span aria-hidden="true">‹</span>Step back
        </button>
        <button type="button" className="primary timeline-play" aria-disabled={nav.last === 0} onClick={() => dispatch({ type: 'toggle-play' })}>
          {nav.playing ? 'Pause' : 'Play'}
        </button>
        <button type="button" className="quiet" aria-disabled={atEnd} onClick={() => atEnd || dispatch({ type: 'forward' })}>
          Step forward<span aria-hidden="true">›</span>
        </button>
        <input
          type="range"
          className="timeline-slider"
          min={0}
          max={nav.last}
          step={1}
          value={nav.index}
          aria-label="Step"
          aria-valuetext={position}
          onChange={(event) => dispatch({ type: 'seek', index: event.currentTarget.valueAsNumber })}
        />
        <span className="timeline-position" aria-live="polite" data-testid="step-position">
          {position}
          <span className="timeline-turn">{turn === 0 ? 'as it opened' : `turn ${turn}`}</span>
        </span>
      </div>
    </footer>
  );
}
