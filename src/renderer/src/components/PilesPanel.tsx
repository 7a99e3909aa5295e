import {
  groupedPiles,
  lineName,
  outcomeNote,
  PILE_GROUP_WORDS,
  PILE_GROUPS,
  pileCounts,
  pileLines,
  skippedLines,
  SKIPPED_WORDS,
  thingsDecided,
} from '../../../shared/session/pile-groups';
import type { SessionState } from '../../../shared/session/schema';

export type PilesSource = Pick<SessionState, 'piles' | 'spaceFunction' | 'decisions'>;

/** The panel before a session is there. */
export const NO_PILES: PilesSource = { piles: { belongs: [], out: [], unsure: [] }, decisions: [] };

/**
 * The four groups a person sees (src/shared/session/pile-groups.ts), each with its count and its things (things of one
 * name going the same way on one line, "book ×12"), then what was skipped for now. The counts are of things and add
 * up to the total below it.
 */
export function PilesPanel(props: { session: PilesSource }) {
  const { session } = props;
  const groups = groupedPiles(session);
  const counts = pileCounts(session);
  const skipped = skippedLines(session);
  return (
    // A stop of its own: with many things decided the piles scroll, and a keyboard must be able to scroll them too.
    <aside className="piles" aria-label="Piles" tabIndex={0}>
      <h2 className="panel-title">Piles</h2>
      {PILE_GROUPS.map((group) => {
        const { title, hint } = PILE_GROUP_WORDS[group];
        const lines = pileLines(groups[group]);
        return (
          <section key={group} className={`pile pile-${group}`} aria-label={title} data-testid={`pile-${group}`}>
            <h3>
              {title} <span className="count">{counts[group]}</span>
            </h3>
            <p className="pile-hint">{hint}</p>
            {lines.length > 0 ? (
              <ul>
                {lines.map((line) => {
                  const note = outcomeNote(line);
                  return (
                    <li key={line.ids[0]}>
                      {lineName(line)}
                      {note ? <span className="pile-outcome">{note}</span> : null}
                    </li>
                  );
                })}
              </ul>
            ) : null}
          </section>
        );
      })}
      {skipped.length > 0 ? (
        <section className="pile pile-skipped" aria-label={SKIPPED_WORDS.title} data-testid="pile-skipped">
          <h3>
            {SKIPPED_WORDS.title} <span className="count">{counts.skipped}</span>
          </h3>
          <p className="pile-hint">Left for now; they can come up again another time</p>
          <ul>
            {skipped.map((line) => (
              <li key={line.name}>{lineName(line)}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="processed" data-testid="things-decided">
        <strong>{thingsDecided(counts.decided)}</strong>
      </p>
    </aside>
  );
}
