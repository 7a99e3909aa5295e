import { SessionStateSchema, type SessionSnapshot, type SessionState } from '../../shared/session/schema';

export type SnapshotListener = (snapshot: SessionSnapshot) => void;

/**
 * The session state main owns. Every update is validated, gets the next revision and is pushed to every
 * subscriber at once: the GUI never has to ask whether something changed.
 */
export class SessionStore {
  private current: SessionSnapshot;
  private readonly listeners = new Set<SnapshotListener>();

  constructor(
    initial: SessionState,
    private readonly onListenerError: (error: unknown) => void = () => {},
  ) {
    this.current = { rev: 0, state: SessionStateSchema.parse(initial) };
  }

  snapshot(): SessionSnapshot {
    return this.current;
  }

  get state(): SessionState {
    return this.current.state;
  }

  /** Applies `recipe` to a copy of the state. An update that would break the schema throws and changes nothing. */
  update(recipe: (draft: SessionState) => SessionState): SessionSnapshot {
    return this.replace(recipe(structuredClone(this.current.state)));
  }

  /** Puts a whole new state in place (no copy of the old one to make). One that breaks the schema throws and changes nothing. */
  replace(state: SessionState): SessionSnapshot {
    this.current = { rev: this.current.rev + 1, state: SessionStateSchema.parse(state) };
    for (const listener of this.listeners) {
      try {
        listener(this.current);
      } catch (error) {
        this.onListenerError(error);
      }
    }
    return this.current;
  }

  subscribe(listener: SnapshotListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}
