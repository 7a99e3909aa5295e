/**
 * The exit plans of the sessions in the data folder: one session's plan with its ticks, ticking and putting a plan
 * away, and the plans still open for the calm notice at start. Plans are derived from each session's piles; only the
 * ticks are written (see ticks-file.ts).
 */
import { errandsOf } from '../../shared/exit-plan/errands';
import { exitPlanView } from '../../shared/exit-plan/plan';
import type { ErrandRoom, Errands, ExitPlanTicks, ExitPlanView, OpenExitPlan } from '../../shared/exit-plan/schema';
import { IpcError } from '../../shared/ipc/errors';
import type { SessionState } from '../../shared/session/schema';
import type { Logger } from '../log/logger';
import { listSessions, sessionPaths } from '../session-log';
import { readExitPlanTicks, writeExitPlanTicks } from './ticks-file';

type PlanSource = Pick<SessionState, 'id' | 'sessionStart' | 'spaceFunction' | 'status' | 'piles'>;

/** A session as its meta.json lists it: enough to know whether its folded state can be kept. */
type Listed = { readonly id: string; readonly status: 'active' | 'ended'; readonly updatedAt: number };

/** A session whose plan has things to take, in its room (Rooms.planned). */
export interface PlannedSession {
  readonly session: Listed;
  readonly room: ErrandRoom;
}

export interface ExitPlanDeps {
  dataDir: string;
  logger: Pick<Logger, 'warn'>;
  now: () => number;
  /** A session as it stands (the one in use from memory, another from its log). */
  state: (id: string) => Promise<SessionState>;
  /** The session in use: its plan is on screen already, so the start notice leaves it out. */
  currentId: () => string;
  /** Told each time a session's ticks have been written (Home keeps them in memory). */
  ticksWritten?: (sessionId: string, ticks: ExitPlanTicks) => void;
}

export class ExitPlans {
  /** Ended sessions do not change: each is folded from its log once per run (keyed by its meta's updatedAt). */
  readonly #ended = new Map<string, { updatedAt: number; source: PlanSource }>();
  /** One change at a time per session, so two quick ticks never lose one another. */
  readonly #writes = new Map<string, Promise<unknown>>();

  constructor(private readonly deps: ExitPlanDeps) {}

  /** The ids of the plan's done items (for the Markdown summary). */
  async done(id: string): Promise<Set<string>> {
    return new Set((await this.#ticks(id)).done);
  }

  async view(id: string): Promise<ExitPlanView> {
    return exitPlanView(await this.deps.state(id), await this.#ticks(id));
  }

  /** Ticks one line of the plan (every thing on it), or unticks it; returns the plan as it now is. */
  tick(id: string, itemId: string, done: boolean): Promise<ExitPlanView> {
    return this.#change(id, (ticks, view) => {
      const line = view.groups.flatMap((group) => group.items).find((item) => item.ids.includes(itemId));
      if (!line) throw new IpcError({ code: 'invalid-input', message: 'That item is not in this session’s exit plan.' });
      const rest = ticks.done.filter((entry) => !line.ids.includes(entry));
      return { ...ticks, done: done ? [...rest, ...line.ids] : rest };
    });
  }

  /** Puts the plan away: it stays on disk and in the session, and is not offered at start again. */
  dismiss(id: string): Promise<ExitPlanView> {
    return this.#change(id, (ticks) => ({ ...ticks, dismissedAt: ticks.dismissedAt ?? this.deps.now() }));
  }

  /**
   * Home's trips to make: the plans of these sessions gathered by destination, and whether every plan could be read
   * (`complete`: a trip missing from a partial read may not be done). A session whose log cannot be read is left out,
   * with a warning (Sessions says what is wrong with it).
   */
  async errands(planned: readonly PlannedSession[]): Promise<{ errands: Errands; complete: boolean }> {
    const plans = await Promise.all(
      planned.map(async ({ session, room }) => {
        try {
          return [{ plan: exitPlanView(await this.#source(session), await this.#ticks(session.id)), room }];
        } catch (error) {
          this.deps.logger.warn('An exit plan could not be read', { sessionId: session.id, error });
          return [];
        }
      }),
    );
    return { errands: errandsOf(plans.flat()), complete: plans.every((read) => read.length > 0) };
  }

  /** Ended sessions (not the one in use) whose plan has things left and was not put away, newest first. */
  async open(): Promise<OpenExitPlan[]> {
    const { sessions } = await listSessions(this.deps.dataDir);
    const plans: OpenExitPlan[] = [];
    for (const meta of sessions) {
      if (meta.status !== 'ended' || meta.id === this.deps.currentId()) continue;
      try {
        const ticks = await this.#ticks(meta.id);
        if (ticks.dismissedAt !== undefined) continue;
        const view = exitPlanView(await this.#source(meta), ticks);
        const left = view.total - view.done;
        if (left > 0) {
          plans.push({
            sessionId: meta.id,
            startedAt: view.startedAt,
            ...(view.spaceFunction !== undefined ? { spaceFunction: view.spaceFunction } : {}),
            left,
            total: view.total,
          });
        }
      } catch (error) {
        // A session whose log cannot be read has no plan to offer; the Sessions panel says what is wrong with it.
        this.deps.logger.warn('An exit plan could not be read', { sessionId: meta.id, error });
      }
    }
    return plans.sort((a, b) => b.startedAt - a.startedAt);
  }

  /** What a session's plan is made from: an ended one's as folded once (again only when its meta changed). */
  async #source(session: Listed): Promise<PlanSource> {
    if (session.status !== 'ended') return this.deps.state(session.id);
    let cached = this.#ended.get(session.id);
    if (cached?.updatedAt !== session.updatedAt) {
      cached = { updatedAt: session.updatedAt, source: await this.deps.state(session.id) };
      this.#ended.set(session.id, cached);
    }
    return cached.source;
  }

  #ticks(id: string): Promise<ExitPlanTicks> {
    return readExitPlanTicks(sessionPaths(this.deps.dataDir, id).dir, this.deps.logger);
  }

  #change(id: string, next: (ticks: ExitPlanTicks, view: ExitPlanView) => ExitPlanTicks): Promise<ExitPlanView> {
    const run = async () => {
      const state = await this.deps.state(id);
      const ticks = await this.#ticks(id);
      const changed = next(ticks, exitPlanView(state, ticks));
      await writeExitPlanTicks(sessionPaths(this.deps.dataDir, id).dir, changed);
      this.deps.ticksWritten?.(id, changed);
      return exitPlanView(state, changed);
    };
    const previous = this.#writes.get(id) ?? Promise.resolve();
    const result = previous.then(run, run);
    const settled = result.catch(() => {});
    this.#writes.set(id, settled);
    void settled.then(() => {
      if (this.#writes.get(id) === settled) this.#writes.delete(id);
    });
    return result;
  }
}
