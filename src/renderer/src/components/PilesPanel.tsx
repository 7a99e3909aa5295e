import { groupedPiles, outcomeNote, PILE_GROUP_WORDS, PILE_GROUPS } from '../../../shared/session/pile-groups';
import type { Piles } from '../../../shared/session/schema';

/** The four groups a person sees (src/shared/session/pile-groups.ts), each with its count and its things. */
export function PilesPanel(props: { piles: Piles; spaceFunction: string | undefined; itemsProcessed: number }) {
  const { piles, spaceFunction, itemsProcessed } = props;
  const groups = groupedPiles({ piles, spaceFunction });
  return (
    <aside className="piles" aria-label="Piles">
      <h2 className="panel-title">Piles</h2>
      {PILE_GROUPS.map((group) => {
        const { title, hint } = PILE_GROUP_WORDS[group];
        const items = groups[group];
        return (
          <section key={group} className={`pile pile-${group}`} aria-label={title} data-testid={`pile-${group}`}>
            <h3>
              {title} <span className="count">{items.length}</span>
            </h3>
            <p className="pile-hint">{hint}</p>
            {items.length > 0 ? (
              <ul>
                {items.map((item) => {
                  const note = outcomeNote(item);
                  return (
                    <li key={item.id}>
                      {item.name}
                      {note ? <span className="pile-outcome">{note}</span> : null}
                    </li>
                  );
                })}
              </ul>
            ) : null}
          </section>
        );
      })}
      <p className="processed" data-testid="items-processed">
        Items processed: <strong>{itemsProcessed}</strong>
      </p>
    </aside>
  );
}
