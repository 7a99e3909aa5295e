/**
 * Plays one scenario against the real app core with the conversational coach and records what happened. The person
 * is scripted: each message waits for the coach's answer, cards are answered by the scenario's policy the moment
 * they appear, and what the person would notice (messages, cards, modes, piles) is written down as it changes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CoachActivity } from '../../shared/coach/activity';
import type { Answer, Question } from '../../shared/questions/schema';
import type { SessionSnapshot, SessionState } from '../../shared/session/schema';
import { createAppCore } from '../core/app-core';
import { cryptoRandom, systemClock, systemTimers, type Llm, type Timers } from '../effects';
import { createLogger } from '../log/logger';
import { createTemplateRenderer, defaultTemplatesDir } from '../templates';
import { itemsPhoto } from './photos';
import type { CardPolicy, EvalScenario } from './scenario';
import type { PileNames, Transcript, TranscriptEvent } from './transcript';

export interface RunOptions {
  readonly llm: Llm;
  /** Written into the transcript, for the report. */
  readonly modelName: string;
  readonly templatesDir?: string;
  /** Whether the model is told to take images (photo scenarios still run without: photos are then named only). */
  readonly vision?: boolean;
  /** A turn still running after this long is stopped (Stop, as the person would) and recorded as an error. */
  readonly turnTimeoutMs?: number;
  /** What runs the turn timeout: `setTimeout` here, a test's own timers there (so it runs out when the test says). */
  readonly turnTimers?: Timers;
  /** The model's context window: the coach cuts its history to fit, as the app does with the same setting. */
  readonly contextTokens?: number;
}

export const DEFAULT_TURN_TIMEOUT_MS = 5 * 60_000;

const signal = new AbortController().signal;

/** No sprint deadline and no card timeout ever fires: the scripted person answers every card and never walks away. */
const stillTimers: Timers = { set: () => undefined, clear: () => undefined };

/** The answer a scripted person with this policy gives to a card. */
export function answerByPolicy(question: Question, policy: CardPolicy, otherText: string): Answer {
  switch (question.kind) {
    case 'disposition': {
      if (policy === 'first' || policy === 'second') {
        return { kind: 'disposition', pick: { type: 'choice', index: policy === 'first' ? 0 : Math.min(1, question.choices.length - 1) } };
      }
      if (policy === 'other') return { kind: 'disposition', pick: { type: 'other', text: otherText } };
      return { kind: 'disposition', pick: { type: policy } };
    }
    case 'choice': {
      if (policy === 'first' || policy === 'second') {
        const choice = question.choices[policy === 'first' ? 0 : Math.min(1, question.choices.length - 1)]!;
        const followUp = choice.followUp?.choices[0];
        return { kind: 'choice', selected: [choice.label], ...(followUp ? { followUp: [followUp] } : {}) };
      }
      if (policy === 'other' && question.allowOther) return { kind: 'choice', selected: [], other: otherText };
      return { kind: 'choice', selected: [] };
    }
    case 'confirm':
      return { kind: 'confirm', yes: policy === 'first' || policy === 'second' };
    case 'text':
      return { kind: 'text', text: policy === 'unsure' ? 'not sure' : policy === 'skip' ? '' : otherText };
  }
}

const pileNames = (state: SessionState): PileNames => ({
  belongs: state.piles.belongs.map((item) => item.name),
  out: state.piles.out.map((item) => item.name),
  unsure: state.piles.unsure.map((item) => item.name),
});

export async function runScenario(scenario: EvalScenario, options: RunOptions): Promise<Transcript> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidy-eval-'));
  const logLines: string[] = [];
  const core = createAppCore({
    dataDir,
    runtime: 'web',
    version: 'eval',
    model: { model: options.modelName, vision: options.vision ?? true, tools: true, ...(options.contextTokens ? { contextTokens: options.contextTokens } : {}) },
    llm: options.llm,
    coachPreference: 'conversational',
    templates: createTemplateRenderer(options.templatesDir ?? defaultTemplatesDir()),
    logger: createLogger({ sink: (line) => logLines.push(line), minLevel: 'warn' }),
    time: systemClock(),
    random: cryptoRandom(),
    timers: stillTimers,
    // The detector is not part of what is scored, and may not be installed.
    detection: { lookup: () => ({ missing: 'The eval runs without the detector.' }) },
  });
  const events: TranscriptEvent[] = [];
  const startedAt = new Date().toISOString();

  let mode = core.store.state.mode.kind;
  let piles = JSON.stringify(pileNames(core.store.state));
  let ended = false;
  const seenMessages = new Set(core.store.state.messages.map((message) => message.id));
  const seenQuestions = new Set<string>();

  // Follows every change the GUI would be pushed, in order.
  const observe = (state: SessionState) => {
    if (state.handover && !events.some((event) => event.type === 'handover')) events.push({ type: 'handover', reason: state.handover.reason });
    if (state.mode.kind !== mode) {
      events.push({ type: 'mode', from: mode, to: state.mode.kind });
      mode = state.mode.kind;
    }
    const nowPiles = pileNames(state);
    if (JSON.stringify(nowPiles) !== piles) {
      events.push({ type: 'piles', piles: nowPiles });
      piles = JSON.stringify(nowPiles);
    }
    for (const message of state.messages) {
      if (seenMessages.has(message.id)) continue;
      seenMessages.add(message.id);
      // The person's own messages are recorded when sent, with their scenario step.
      if (message.role === 'coach') events.push({ type: 'coach', mode: state.mode.kind, text: message.text });
    }
    const question = state.pendingQuestion;
    if (question && !seenQuestions.has(question.id)) {
      seenQuestions.add(question.id);
      events.push({ type: 'card', question });
      const policy = question.kind === 'disposition' ? scenario.cards.policy : scenario.cards.setup;
      const answer = answerByPolicy(question, policy, scenario.cards.otherText);
      events.push({ type: 'answer', questionId: question.id, answer });
      // Answered after this push is delivered, as a person's tap would be.
      queueMicrotask(() => {
        Promise.resolve(core.handlers['question:answer']({ questionId: question.id, answer }, { signal })).catch((error: unknown) =>
          events.push({ type: 'error', message: `The card refused the answer: ${(error as Error).message}` }),
        );
      });
    }
    if (state.status === 'ended' && !ended) {
      ended = true;
      events.push({ type: 'ended' });
    }
  };
  const unsubscribe = core.onPush((event) => {
    if (event.channel === 'session:changed') observe((event.payload as SessionSnapshot).state);
    if (event.channel === 'coach:activity') {
      const activity = event.payload as CoachActivity;
      if (activity.status === 'error') events.push({ type: 'error', message: activity.notice ?? 'The coach turn failed.' });
    }
  });

  // Waits for the coach to finish; a model that hangs is stopped so one scenario cannot stall the whole run.
  const timeoutMs = options.turnTimeoutMs ?? DEFAULT_TURN_TIMEOUT_MS;
  const turnTimers = options.turnTimers ?? systemTimers;
  const settle = async () => {
    let timer: unknown;
    const late = new Promise<'late'>((resolve) => {
      timer = turnTimers.set(() => resolve('late'), timeoutMs);
    });
    const outcome = await Promise.race([core.idle(), late]);
    turnTimers.clear(timer);
    if (outcome === 'late') {
      events.push({ type: 'error', message: `The turn took longer than ${timeoutMs / 1000} s and was stopped.` });
      await core.handlers['coach:stop'](undefined, { signal });
      await core.idle();
    }
  };

  try {
    let photoSeed = 0;
    for (const [step, text] of scenario.messages.entries()) {
      if (ended) break;
      for (const batch of scenario.photos.filter((photo) => photo.beforeMessage === step)) {
        const uploads = await Promise.all(
          Array.from({ length: batch.count }, async () => {
            const seed = ++photoSeed;
            return core.stageUpload(`photo-${seed}.jpg`, await itemsPhoto(batch.items, seed));
          }),
        );
        events.push({ type: 'photos', step, count: batch.count });
        await core.handlers['photos:import']({ uploads, paths: [] }, { signal });
        await settle();
      }
      if (ended) break;
      events.push({ type: 'person', step, text });
      try {
        await core.handlers['chat:send']({ text }, { signal });
      } catch (error) {
        events.push({ type: 'error', message: (error as Error).message });
      }
      await settle();
    }
  } finally {
    unsubscribe();
    await core.dispose();
    await rm(dataDir, { recursive: true, force: true });
  }
  return { scenario, model: options.modelName, startedAt, events };
}
