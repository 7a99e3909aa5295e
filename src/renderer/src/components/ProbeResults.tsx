import { describeContext } from '../../../shared/model-probe/context';
import { CAPABILITY_LABELS, type StoredProbe } from '../../../shared/model-probe/schema';

/** What the last "Test connection" found for this server and model, one line per check, in calm words. */
export function ProbeResults({ stored }: { stored: StoredProbe }) {
  const { result } = stored;
  return (
    <section className="probe-results" aria-labelledby="probe-results-title" data-testid="probe-results">
      <h4 id="probe-results-title">
        What {result.model} can do <span className="settings-hint">checked {new Date(result.probedAt).toLocaleString()}</span>
      </h4>
      <p className="settings-hint">{result.models.message}</p>
      <ul className="probe-list">
        {result.capabilities.map((check) => (
          <li key={check.capability} data-capability={check.capability}>
            <span className="probe-name">{CAPABILITY_LABELS[check.capability]}</span>{' '}
            <span className={`probe-status probe-${check.status}`}>
              {check.status === 'works' ? 'works' : 'does not work'}
              {check.mode ? ` (${check.mode})` : ''}
            </span>
            <span className="probe-message">{check.message}</span>
          </li>
        ))}
      </ul>
      <p className="settings-hint" data-testid="probe-context">
        {describeContext(result.context)}
      </p>
    </section>
  );
}
