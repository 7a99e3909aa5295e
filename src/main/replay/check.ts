/**
 * Runs a logged session again with the current code and templates: every turn goes through the same session
 * runtime the app uses, with time, randomness, the model and the answers served from the log (no network), and
 * the state after each turn is compared with the logged snapshot.
 */
import type { Resolution } from '../../shared/questions/schema';
import type { SessionState } from '../../shared/session/schema';
import { SessionStore } from '../core/session-store';
import { applyLoggedEvent } from '../core/logged-message';
import { SessionRuntime } from '../core/session-runtime';
import type { QuestionUi, StateStore } from '../effects';
import { readModelCopy } from '../photos';
import type { QuestionSpec } from '../questions';
import { checkReplay, hashTemplates, replayEffects, type CheckResult, type LogEvent, type LoggedTurn } from '../session-log';
import type { TemplateRenderer } from '../templates';

export interface CheckOptions {
  readonly templates: TemplateRenderer;
  /** The session's photo folder (the model copies the turns showed the model). */
  readonly photosDir: string;
}

export interface SessionCheck extends CheckResult {
  /** Templates whose bytes differ from the ones the session was recorded with. */
  readonly changedTemplates: readonly string[];
}

export async function checkSession(events: readonly LogEvent[], options: CheckOptions): Promise<SessionCheck> {
  const started = events.find((event) => event.type === 'session-started');
  if (!started) throw new Error('The log has no session-started line: it is not a whole session log.');
  const now = await hashTemplates(options.templates.dir);
  const changedTemplates = Object.keys({ ...started.templates, ...now })
    .filter((file) => started.templates[file] !== now[file])
    .sort();

  const replay = replayEffects(events);
  let store: SessionStore | undefined;
  const state: StateStore<SessionState> = {
    get: () => {
      if (!store) throw new Error('The log has no opening snapshot.');
      return store.state;
    },
    set: (next) => void store?.replace(next),
  };
  const runtime = new SessionRuntime({
    state,
    effects: {
      time: replay.time,
      random: replay.random,
      llm: started.model.configured === false ? undefined : replay.llm,
      questions: replay.question as QuestionUi<QuestionSpec, Resolution>,
    },
    coachKind: started.coach,
    model: started.model,
    templates: options.templates,
    log: { write: () => {} },
    photoBytes: (id) => readModelCopy(options.photosDir, id),
    onActivity: () => {},
    retry: { minDelayMs: 0, maxDelayMs: 0 },
  });

  const run = async (turn: LoggedTurn): Promise<SessionState> => {
    if (!store) {
      // The first snapshot is the session as it opened: replay starts from it.
      store = new SessionStore(turn.state!);
      return store.state;
    }
    for (const event of turn.events) await applyLoggedEvent(event, state, runtime);
    return state.get();
  };
  // The log's first snapshot is the session as it opened, not a turn: number turns as the transcript does.
  const result = await checkReplay(events, replay, run);
  return {
    turnsChecked: Math.max(0, result.turnsChecked - 1),
    ...(result.divergence ? { divergence: { ...result.divergence, turn: result.divergence.turn - 1 } } : {}),
    changedTemplates,
  };
}
