import type { PileName, Piles } from '../../../shared/session/schema';
import { outcomeNote } from '../session/outcome-display';

const PILES: Array<{ name: PileName; title: string; hint: string }> = [
  { name: 'belongs', title: 'Belongs', hint: 'Stays in this space' },
  { name: 'out', title: 'Out', hint: 'Leaves the room: trash, donate, recycle' },
  { name: 'unsure', title: 'Unsure', hint: 'Deciding later is fine' },
];

export function PilesPanel(props: { piles: Piles; itemsProcessed: number }) {
  const { piles, itemsProcessed } = props;
  return (
    <aside className="piles" aria-label="Piles">
      <h2 className="panel-title">Piles</h2>
      {PILES.map(({ name, title, hint }) => (
        <section key={name} className={`pile pile-${name}`} aria-label={`${title} pile`} data-testid={`pile-${name}`}>
          <h3>
            {title} <span className="count">{piles[name].length}</span>
          </h3>
          <p className="pile-hint">{hint}</p>
          {piles[name].length > 0 ? (
            <ul>
              {piles[name].map((item) => {
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
      ))}
      <p className="processed" data-testid="items-processed">
        Items processed: <strong>{itemsProcessed}</strong>
      </p>
    </aside>
  );
}
