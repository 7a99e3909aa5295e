/**
 * The session as a fold over its log. The person's inputs (a message, photos, a turn taking queued messages) are
 * applied by `applyInput`, the very function the live app applies them with, so the log never repeats them; a
 * turn's end brings what the coach changed (a JSON Patch) or, now and then, the whole document (a checkpoint).
 */
import { applyJsonPatch, toJson } from '../../shared/json-patch';
import type { Question } from '../../shared/questions/schema';
import type { ChatMessage, Photo, SessionState } from '../../shared/session/schema';
import { applySprintChange } from '../../shared/sprints/sprint';
import type { CoachMemory, LogEvent, LogEventOf, SessionDocument } from './events';

export type InputEvent = LogEventOf<'person-message' | 'photos-imported' | 'photos-detected' | 'sprint' | 'carried-over' | 'wind-down' | 'undo' | 'turn-started'>;
/** An input as the live app applies it (before the writer numbers it) or as the log holds it. */
export type Input = InputEvent extends infer E ? (E extends InputEvent ? Omit<E, 'v' | 'seq' | 'at'> : never) : never;

const INPUT_TYPES: ReadonlySet<string> = new Set(['person-message', 'photos-imported', 'photos-detected', 'sprint', 'carried-over', 'wind-down', 'undo', 'turn-started']);

export function isInput(event: LogEvent): event is InputEvent {
  return INPUT_TYPES.has(event.type);
}

/**
 * What an input does to the session: a message waits in `queued` (shown at once), photos join the session, what the
 * detector found joins its photo, what is carried over from an earlier session sets the space and waits for the coach,
 * "Stop for today" outside a card waits for the turn that winds down, and a turn takes its messages out of `queued`
 * into the chat. Returns a new state; the one given is not changed.
 */
export function applyInput(state: SessionState, input: Input & { readonly at?: number }): SessionState {
  switch (input.type) {
    case 'person-message': {
      // Version 1 test harnesses logged messages without an id; those never reached a session's state.
      const at = input.sentAt ?? input.at;
      if (!input.messageId || at === undefined) return state;
      const message: ChatMessage = {
        id: input.messageId,
        role: 'person',
        text: input.text,
        at,
        ...(input.photoIds ? { photoIds: input.photoIds } : {}),
        ...(input.point ? { point: input.point } : {}),
      };
      return { ...state, queued: [...state.queued, message] };
    }
    case 'photos-imported': {
      const stage = input.stage;
      const photos = [...state.photos, ...input.photos.map((photo) => (stage ? { ...photo, stage } : photo))];
      if (!input.message) return { ...state, photos };
      // Photos joining the message of their import, wherever it is by now (waiting for its turn, or in the chat).
      const ids = input.photos.map((photo) => photo.id);
      const join = (message: ChatMessage): ChatMessage => (message.id === input.message ? { ...message, photoIds: [...(message.photoIds ?? []), ...ids] } : message);
      return { ...state, photos, queued: state.queued.map(join), messages: state.messages.map(join) };
    }
    case 'photos-detected': {
      // What the line says replaces what the photo had: its detections, and its overlaps (none when it names none).
      const detected = (photo: Photo): Photo => {
        const { overlaps: _earlier, ...rest } = photo;
        return { ...rest, detections: input.detections, ...(input.overlaps?.length ? { overlaps: input.overlaps } : {}) };
      };
      return { ...state, photos: state.photos.map((photo) => (photo.id === input.photoId ? detected(photo) : photo)) };
    }
    case 'sprint': {
      const sprint = applySprintChange(state.sprint, input.change);
      if (sprint === state.sprint) return state;
      const { sprint: _previous, ...rest } = state;
      return sprint ? { ...rest, sprint } : rest;
    }
    case 'carried-over': {
      const { space, anchors } = input.carry;
      return { ...state, carriedOver: input.carry, ...(space ? { spaceFunction: space } : {}), anchors: anchors.length ? anchors : state.anchors };
    }
    case 'wind-down':
      return { ...state, windDownChosenAt: input.chosenAt };
    case 'undo':
      return { ...state, undoChosen: input.answer };
    case 'turn-started': {
      const wanted = new Set(input.messageIds);
      if (!state.queued.some((message) => wanted.has(message.id))) return state;
      return {
        ...state,
        messages: [...state.messages, ...state.queued.filter((message) => wanted.has(message.id))],
        queued: state.queued.filter((message) => !wanted.has(message.id)),
      };
    }
  }
}

/** One turn of the log, as it folds: the opening (turn 0, the first checkpoint) or a turn that ended. */
export interface FoldedTurn {
  /** 0 for the session as it opened, then 1, 2, ... */
  readonly turn: number;
  /** The turn's lines, from after the previous turn's end to its own `turn-ended`. */
  readonly events: readonly LogEvent[];
  /** The session and coach memory after the turn (its own object: later turns make new ones). */
  readonly document: SessionDocument;
  readonly ended: LogEventOf<'turn-ended'>;
}

export class LogFoldError extends Error {
  override readonly name = 'LogFoldError';
}

/**
 * Folds a log (or its tail from a checkpoint on) turn by turn, calling `visit` at each `turn-ended`. Returns the
 * document as the last complete turn left it (the inputs after it not applied) and the lines after it (the turn
 * in flight when the log stopped).
 */
export function foldLog(
  events: readonly LogEvent[],
  visit?: (turn: FoldedTurn) => void,
): { document?: SessionDocument; turns: number; inFlight: readonly LogEvent[] } {
  let document: SessionDocument | undefined;
  let turns = 0;
  let start = 0;
  for (const [index, event] of events.entries()) {
    if (event.type !== 'turn-ended') continue;
    // The turn's inputs, then what the turn changed on top of them. Each step makes a new document (sharing what did
    // not change with the one before), so what a visitor keeps is never changed by a later turn.
    if (document) {
      for (const input of events.slice(start, index)) if (isInput(input)) document = { ...document, session: applyInput(document.session, input) };
    }
    if (event.checkpoint) {
      document = event.checkpoint;
    } else if (document && event.changes) {
      try {
        document = applyJsonPatch(document, event.changes);
      } catch (error) {
        throw new LogFoldError(`line seq ${event.seq}: the turn's changes do not fit the session before it (${(error as Error).message})`);
      }
    } else {
      throw new LogFoldError(`line seq ${event.seq}: a turn ends with changes, but no checkpoint came before it`);
    }
    visit?.({ turn: turns, events: events.slice(start, index + 1), document, ended: event });
    turns += 1;
    start = index + 1;
  }
  return { ...(document ? { document } : {}), turns, inFlight: events.slice(start) };
}

/** The document as a log line would hold it: a JSON copy. */
export function documentOf(session: SessionState, coach: CoachMemory | undefined): SessionDocument {
  return toJson({ session, ...(coach ? { coach } : {}) });
}

/** The question asked last and never closed, if any: a resumed session shows it again with its id and expiry. */
export function openQuestionOf(events: readonly LogEvent[]): Question | undefined {
  let open: Question | undefined;
  for (const event of events) {
    if (event.type === 'question-asked') open = event.question;
    else if (event.type === 'question-closed' || (event.type === 'error' && event.effect === 'question')) open = undefined;
  }
  return open;
}

/**
 * The session a log describes as it stands: the fold of its complete turns, then what the person did after the last
 * one (a message waiting for its turn, photos added to an ended session). Undefined for a log with no opening.
 */
export function sessionOfLog(events: readonly LogEvent[]): SessionState | undefined {
  const { document, inFlight } = foldLog(events);
  return document && inFlight.reduce((state, event) => (isInput(event) ? applyInput(state, event) : state), document.session);
}
