/**
 * Input tokens per turn over a scripted 40-turn session with 30 photos: what the coach actually sends (bounded
 * history, facts instead of old images), beside the naive strategy of the original app (every image and the whole
 * history on every call), computed on the same session in the same run.
 *
 * Tokens are estimated the same way for both: text at 4 characters a token, and 765 tokens per image (what a
 * 1024x768 image costs at OpenAI's high detail). The estimate is a yardstick for the ratio, not a bill.
 */
import type { ModelMessage } from 'ai';
import type { Resolution } from '../src/shared/questions/schema';
import type { SessionState } from '../src/shared/session/schema';
import { ConversationalCoach } from '../src/main/coach';
import { SessionStore } from '../src/main/sessions/session-store';
import { manualClock, memoryLog, seededRandom, type Llm, type LlmRequest, type StateStore } from '../src/main/effects';
import { newSessionState } from '../src/main/session';
import { createTemplateRenderer, defaultTemplatesDir } from '../src/main/templates';
import { pad } from './format';
import type { SectionReport } from './runner';

export const IMAGE_TOKENS = 765;
const CHARS_PER_TOKEN = 4;

function textTokens(value: unknown): number {
  return Math.ceil(JSON.stringify(value).length / CHARS_PER_TOKEN);
}

/** Tokens of one request: instructions, tool schemas, text of every message, and every image. */
function requestTokens(instructions: string, messages: readonly ModelMessage[], toolsChars: number, images: number): number {
  const text = messages.map((message) =>
    typeof message.content === 'string'
      ? message.content
      : message.content.map((part) => (part.type === 'file' ? '' : part)),
  );
  return textTokens(instructions) + textTokens(text) + Math.ceil(toolsChars / CHARS_PER_TOKEN) + images * IMAGE_TOKENS;
}

const imagesIn = (messages: readonly ModelMessage[]) =>
  messages.reduce(
    (count, message) =>
      count + (typeof message.content === 'string' ? 0 : message.content.filter((part) => part.type === 'file').length),
    0,
  );

const stats = (values: number[]) => ({
  first: values[0]!,
  middle: values[Math.floor(values.length / 2)]!,
  last: values.at(-1)!,
  max: Math.max(...values),
  total: values.reduce((sum, value) => sum + value, 0),
});

export async function measureCoachTokens(report: SectionReport, turns: number, photos: number): Promise<void> {
  const clock = manualClock(Date.UTC(2026, 10, 22, 9));
  const random = seededRandom(3);
  const store = new SessionStore({ ...newSessionState('bench', clock.now()), mode: { kind: 'sorting' }, spaceFunction: 'design work' });
  const state: StateStore<SessionState> = { get: () => store.state, set: (next) => void store.update(() => next) };
  const sent: Array<{ request: LlmRequest; turn: number; historyLength: number }> = [];
  let historyLength = () => 0;
  let turn = 0;
  let card = 0;
  // A model that proposes a card on every other turn and otherwise answers in one line.
  const llm: Llm = {
    async generate(request) {
      sent.push({ request, turn, historyLength: historyLength() });
      const last = request.messages.at(-1);
      if (turn % 2 === 0 && last?.role === 'user') {
        card += 1;
        const input = { item: `item ${card}`, location: 'on the desk', choices: [{ label: 'Trash', disposition: 'trash' }, { label: 'Keep', disposition: 'keep' }] };
        return {
          messages: [{ role: 'assistant', content: [{ type: 'tool-call', toolCallId: `c${card}`, toolName: 'propose_disposition', input }] }],
          text: '',
          toolCalls: [{ toolCallId: `c${card}`, toolName: 'propose_disposition', input }],
          finishReason: 'tool-calls',
          usage: {},
        };
      }
      const output = { response: `Item ${card}: done. Next: the thing by the door.`, current_item: `item ${card + 1}` };
      return { messages: [{ role: 'assistant', content: JSON.stringify(output) }], text: JSON.stringify(output), toolCalls: [], output, finishReason: 'stop', usage: {} };
    },
  };
  const questions = { ask: async (): Promise<Resolution> => ({ answer: { kind: 'disposition', pick: { type: 'choice', index: turn % 3 === 0 ? 1 : 0 } }, closedBy: 'person' }) };
  const coach = await ConversationalCoach.create({
    llm,
    state,
    questions,
    templates: createTemplateRenderer(defaultTemplatesDir()),
    time: clock,
    random,
    log: memoryLog(),
    capabilities: { vision: true, tools: true },
    photoBytes: () => new Uint8Array([0xff, 0xd8, 0xff]),
    onActivity: () => {},
  });
  // Everything ever said, for the naive baseline: the coach itself keeps only its recent turns.
  const everything = coach.agent.messages.track();
  historyLength = () => everything.appended.length;

  // Photos arrive three at a time on the first ten turns, each with facts from its vision call.
  for (turn = 0; turn < turns; turn++) {
    clock.advance(60_000);
    const batch =
      turn < photos / 3
        ? Array.from({ length: 3 }, (_, index) => {
            const id = (turn * 3 + index).toString(16).padStart(12, '0');
            return { id, fileName: `room-${turn * 3 + index}.jpg`, width: 1024, height: 768 };
          })
        : [];
    if (batch.length) {
      store.update((current) => ({
        ...current,
        photos: [
          ...current.photos,
          ...batch.map((photo) => ({
            ...photo,
            facts: { roomType: 'home office', chaosLevel: 'cluttered' as const, visibleItems: ['mug', 'boxes', 'cables', 'papers'], firstTarget: 'papers' },
          })),
        ],
      }));
    }
    await coach.turn({ text: `turn ${turn}: done with that one`, photos: batch });
  }

  // Per turn, the largest request the coach sent; the naive request for the same call sends the whole history
  // as it was at that moment, with every image shared so far.
  const coachPerTurn: number[] = [];
  const naivePerTurn: number[] = [];
  const history = everything.appended;
  for (const { request, turn: at, historyLength: length } of sent) {
    const toolsChars = JSON.stringify(Object.values(request.tools).map((tool) => tool.description)).length;
    const ours = requestTokens(request.instructions, request.messages, toolsChars, imagesIn(request.messages));
    const all = history.slice(0, length);
    const naive = requestTokens(request.instructions, all, toolsChars, photoMarkersIn(all));
    coachPerTurn[at] = Math.max(coachPerTurn[at] ?? 0, ours);
    naivePerTurn[at] = Math.max(naivePerTurn[at] ?? 0, naive);
  }
  const app = stats(coachPerTurn);
  const naive = stats(naivePerTurn);
  report.say(`Coach input tokens per turn, scripted ${turns}-turn session with ${photos} photos (estimate: 4 chars/token, 765/image)`);
  report.say('                      turn 1  turn ' + String(Math.floor(turns / 2) + 1).padEnd(5) + ` turn ${turns}       max      total`);
  const row = (label: string, [first, middle, last, max, total]: number[]) =>
    `  ${label.padEnd(19)}${pad(String(first), 8)}${pad(String(middle), 10)}${pad(String(last), 10)}${pad(String(max), 10)}${pad(String(total), 11)}`;
  const columns = { first: 'first turn', middle: 'middle turn', last: 'last turn', max: 'max', total: 'total' } as const;
  const figures = (who: string, values: ReturnType<typeof stats>, baseline?: string) =>
    Object.entries(columns).map(([which, column]) => ({
      name: `${who}, ${column}`,
      value: values[which as keyof typeof columns],
      unit: 'tokens',
      ...(baseline ? { baseline: `${baseline}, ${column}` } : {}),
    }));
  report.figures(figures('this app', app), (values) => row('this app', values));
  report.figures(figures('naive', naive, 'this app'), (values) => row('naive (all, always)', values));
  report.say(`  naive / this app   ${pad(`${(naive.last / app.last).toFixed(1)}x`, 27)} at the last turn, ${(naive.total / app.total).toFixed(1)}x in total`);
}

const photoMarkersIn = (messages: readonly ModelMessage[]) =>
  messages.reduce(
    (count, message) =>
      count +
      (typeof message.content === 'string'
        ? 0
        : message.content.filter((part) => part.type === 'text' && part.text.startsWith('[photo:')).length),
    0,
  );
