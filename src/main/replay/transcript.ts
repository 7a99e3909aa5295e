/** A logged session as a person would read it, turn by turn: what they said and answered, what the coach said. */
import type { Answer, Question } from '../../shared/questions/schema';
import { decidedText, pileCounts, type PileCounts } from '../../shared/session/pile-groups';
import type { Photo, SessionState } from '../../shared/session/schema';
import type { Point } from '../../shared/pointing/schema';
import type { Timeline, TimelineStep } from '../../shared/sessions/schema';
import { diffJson } from '../../shared/json-patch';
import { foldLog, type LogEvent, type LogEventOf } from '../session-log';

export interface TranscriptTurn {
  readonly turn: number;
  readonly mode: SessionState['mode']['kind'];
  readonly person: readonly string[];
  readonly photos: readonly string[];
  readonly answers: readonly { readonly question: string; readonly answer: string }[];
  readonly coach: readonly string[];
  /** The four groups a person sees (src/shared/session/pile-groups.ts), and the count of things dealt with. */
  readonly piles: PileCounts;
  readonly status: SessionState['status'];
}

export interface Transcript {
  readonly sessionId: string;
  readonly coach: 'guided' | 'conversational';
  readonly model?: string;
  readonly startedAt: number;
  readonly turns: readonly TranscriptTurn[];
  /** Set when the log ends inside a turn (the app stopped while the coach was answering). */
  readonly unfinishedTurn: boolean;
}

function questionText(question: Question | undefined): string {
  if (!question) return 'a question';
  return question.kind === 'disposition' ? question.item : question.prompt;
}

export function answerText(question: Question | undefined, answer: Answer, closedBy: string, photos: readonly Photo[] = []): string {
  if (closedBy !== 'person') return closedBy === 'timeout' ? 'no answer (timed out)' : 'closed without an answer';
  switch (answer.kind) {
    case 'disposition': {
      const pick = answer.pick;
      if (pick.type === 'choice') {
        const choice = question?.kind === 'disposition' ? question.choices[pick.index] : undefined;
        return choice ? choice.label : `choice ${pick.index + 1}`;
      }
      if (pick.type === 'each') return 'One at a time';
      return pick.type === 'unsure' ? 'Not sure yet' : pick.type === 'other' ? `Other: ${pick.text}` : 'skipped';
    }
    case 'choice': {
      const parts = [...answer.selected, ...(answer.other ? [answer.other] : [])];
      const more = answer.followUp?.length ? ` (${answer.followUp.join(', ')})` : '';
      return parts.length ? `${parts.join(', ')}${more}` : 'nothing chosen';
    }
    case 'confirm':
      return answer.yes ? 'yes' : 'no';
    case 'text':
      return answer.text || '(nothing said)';
    case 'point':
      return `pointed at ${pointText(answer.point, photos)}`;
    case 'stop':
      return 'Stop for today';
  }
}

/** A point in words a person reading the transcript can follow: the photo, and where on it. */
export function pointText(point: Point, photos: readonly Photo[]): string {
  const photo = photos.find((candidate) => candidate.id === point.photoId);
  const percent = (share: number) => Math.round(share * 100);
  const { x, y, width, height } = point.box;
  return `${photo ? photo.fileName : 'a photo'} (${percent(x)}-${percent(x + width)}% across, ${percent(y)}-${percent(y + height)}% down)`;
}

interface WalkedStep extends TimelineStep {
  /** The session after the step. */
  readonly state: SessionState;
  /** Photos the turn showed the coach. */
  readonly photoIds: readonly string[];
}

/** One fold of the log into the timeline's steps, with what each turn was given. */
function walk(events: readonly LogEvent[]): { started: LogEventOf<'session-started'>; steps: WalkedStep[]; unfinishedTurn: boolean } {
  const started = events.find((event) => event.type === 'session-started');
  if (!started) throw new Error('The log has no session-started line: it is not a whole session log.');
  const sent = new Map<string, string | Point>();
  for (const event of events) if (event.type === 'person-message' && event.messageId) sent.set(event.messageId, event.point ?? event.text);

  const steps: WalkedStep[] = [];
  const { inFlight } = foldLog(events, (turn) => {
    const previous = steps.at(-1)?.state;
    const person: string[] = [];
    const photoIds: string[] = [];
    const answers: { question: string; answer: string }[] = [];
    let asked: Question | undefined;
    const photos = turn.document.session.photos;
    for (const event of turn.events) {
      if (event.type === 'turn-started') {
        person.push(
          ...event.messageIds.flatMap((id) => {
            const said = sent.get(id);
            if (said === undefined) return [];
            return [typeof said === 'string' ? said : `(pointed at ${pointText(said, photos)})`];
          }),
        );
        photoIds.push(...event.photoIds);
      } else if (event.type === 'wind-down') person.push('(chose “Stop for today”)');
      else if (event.type === 'undo') person.push('(took the last answer back)');
      else if (event.type === 'question-asked') asked = event.question;
      else if (event.type === 'question-closed') {
        answers.push({ question: questionText(asked), answer: answerText(asked, event.resolution.answer, event.resolution.closedBy, photos) });
        asked = undefined;
      }
    }
    const state = turn.document.session;
    const known = new Set(previous?.messages.map((message) => message.id) ?? []);
    steps.push({
      turn: steps.length,
      state,
      // The fold's states share what did not change, so telling the steps apart is quick however long the session.
      changes: previous ? diffJson(previous, state) : [],
      person,
      photoIds,
      answers,
      coach: previous ? state.messages.filter((message) => message.role === 'coach' && !known.has(message.id)).map((message) => message.text) : [],
    });
  });
  if (steps.length === 0) throw new Error('The log has no snapshot of the session yet.');
  return { started, steps, unfinishedTurn: inFlight.some((event) => event.type === 'turn-started') };
}

/** The session after each turn, with what happened in it: step 0 is the session as it opened. */
export function timelineOf(events: readonly LogEvent[]): Timeline {
  const { started, steps, unfinishedTurn } = walk(events);
  return {
    sessionId: started.sessionId,
    coach: started.coach,
    ...(started.model.name ? { model: started.model.name } : {}),
    opening: steps[0]!.state,
    steps: steps.map(({ photoIds: _photoIds, state: _state, ...step }) => step),
    unfinishedTurn,
  };
}

export function transcriptOf(events: readonly LogEvent[]): Transcript {
  const { started, steps, unfinishedTurn } = walk(events);
  const turns = steps.slice(1).map((step): TranscriptTurn => {
    const photoIds = new Set(step.photoIds);
    return {
      turn: step.turn,
      mode: step.state.mode.kind,
      person: step.person,
      photos: step.state.photos.filter((photo) => photoIds.has(photo.id)).map((photo) => photo.fileName),
      answers: step.answers,
      coach: step.coach,
      piles: pileCounts(step.state),
      status: step.state.status,
    };
  });
  return {
    sessionId: started.sessionId,
    coach: started.coach,
    ...(started.model.name ? { model: started.model.name } : {}),
    startedAt: started.at,
    turns,
    unfinishedTurn,
  };
}

export function formatTranscript(transcript: Transcript): string {
  const lines = [
    `Session ${transcript.sessionId} (${transcript.coach} coach${transcript.model ? `, model ${transcript.model}` : ''}), started ${new Date(transcript.startedAt).toISOString()}`,
  ];
  for (const turn of transcript.turns) {
    lines.push('', `Turn ${turn.turn} · ${turn.mode}${turn.status === 'ended' ? ' · session ended' : ''}`);
    for (const text of turn.person) lines.push(`  You: ${text}`);
    if (turn.photos.length) lines.push(`  Photos: ${turn.photos.join(', ')}`);
    for (const { question, answer } of turn.answers) lines.push(`  Card: ${question} -> ${answer}`);
    for (const text of turn.coach) lines.push(`  Coach: ${text}`);
    lines.push(`  Piles: ${decidedText(turn.piles)}`);
  }
  if (transcript.unfinishedTurn) lines.push('', 'The log ends inside a turn: the app stopped while the coach was answering.');
  return lines.join('\n');
}
