import { useState, useSyncExternalStore } from 'react';
import type { PhotoIntake } from '../photos/intake';
import { photosComingIn } from '../photos/progress-words';
import { importHeadline, SKIP_REASON_LABEL } from '../photos/reasons';

/** Progress of photos coming in (count, current file, Cancel), then a calm summary of anything left out. */
export function ImportPanel(props: { intake: PhotoIntake }) {
  const { intake } = props;
  const state = useSyncExternalStore(intake.subscribe, () => intake.current);
  const [showSkipped, setShowSkipped] = useState(false);
  if (state.phase === 'idle') return null;

  if (state.phase === 'sending' || state.phase === 'importing') {
    const done = state.phase === 'sending' ? state.sent : (state.progress?.done ?? 0);
    const total = state.total;
    return (
      <div className="import-panel" data-testid="import-progress">
        <div className="import-row">
          <span className="import-label" aria-live="polite">
            {photosComingIn(state, { file: true })}
          </span>
          <button type="button" className="quiet-button" onClick={() => intake.cancel()}>
            Cancel
          </button>
        </div>
        <progress max={Math.max(total, 1)} value={done} aria-label="Photos imported so far" />
      </div>
    );
  }

  if (state.phase === 'failed') {
    return (
      <div className="import-panel import-problem" data-testid="import-summary">
        <span>The photos could not be added: {state.message}</span>
        <button type="button" className="quiet-button" onClick={() => intake.dismiss()}>
          OK
        </button>
      </div>
    );
  }

  const { imported, duplicates, skipped, cancelled, capped } = state.result;
  return (
    <div className="import-panel" data-testid="import-summary">
      <div className="import-row">
        <span aria-live="polite">{importHeadline(imported.length, duplicates.length, skipped.length, cancelled)}</span>
        {skipped.length > 0 ? (
          <button type="button" className="quiet-button" aria-expanded={showSkipped} onClick={() => setShowSkipped(!showSkipped)}>
            {showSkipped ? 'Hide details' : 'What was left out?'}
          </button>
        ) : null}
        <button type="button" className="quiet-button" onClick={() => intake.dismiss()}>
          OK
        </button>
      </div>
      {capped ? <p className="import-note">That folder holds more files than Tidying looks at in one go; the rest were not read.</p> : null}
      {showSkipped ? (
        <ul className="skipped-list">
          {skipped.map((item) => (
            <li key={item.file}>
              <strong>{item.file}</strong>: {SKIP_REASON_LABEL[item.reason]}. <span className="skipped-why">{item.message}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
