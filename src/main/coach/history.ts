import type { ModelMessage, UserContent } from 'ai';
import { z } from 'zod';
import { PointSchema, type Point } from '../../shared/pointing/schema';

/** How a photo is written into the history: a marker, never the bytes, so history stays small and loggable. */
export const photoMarker = (id: string, fileName: string) => `[photo:${id} ${fileName}]`;
const PHOTO_MARKER = /^\[photo:([0-9a-f]{8,}) (.+)\]$/;

/** How a point is written into the history: the photo and the box, shown to the model as the crop of that box. */
export const pointMarker = (point: Point) => `[point:${point.photoId} ${point.box.x} ${point.box.y} ${point.box.width} ${point.box.height}]`;
const POINT_MARKER = /^\[point:(\S+) (\S+) (\S+) (\S+) (\S+)\]$/;

function pointOfMarker(text: string): Point | undefined {
  const match = POINT_MARKER.exec(text);
  if (!match) return undefined;
  const [, photoId, x, y, width, height] = match as unknown as [string, string, string, string, string, string];
  const parsed = PointSchema.safeParse({ photoId, box: { x: Number(x), y: Number(y), width: Number(width), height: Number(height) } });
  return parsed.success ? parsed.data : undefined;
}

/** Synthetic messages the coach writes itself when a transition breaks a turn. */
export const CONTINUE_PREFIX = '[Continue as: ';
export const continueMessage = (modeTitle: string) => `${CONTINUE_PREFIX}${modeTitle}]`;
/** What a tool shows the model beside its result (the crop of a point a card was answered with). */
export const SHOWN_PREFIX = '[Shown with the answer: ';
export const shownMessage = (what: string) => `${SHOWN_PREFIX}${what}]`;

function isPersonMessage(message: ModelMessage): boolean {
  if (message.role !== 'user') return false;
  const content = message.content;
  const text = typeof content === 'string' ? content : content.map((part) => (part.type === 'text' ? part.text : '')).join('');
  return !text.startsWith(CONTINUE_PREFIX) && !text.startsWith(SHOWN_PREFIX);
}

/** Indexes where each person turn starts (a user message that is not a synthetic continuation). */
function turnStarts(messages: readonly ModelMessage[]): number[] {
  const starts: number[] = [];
  messages.forEach((message, index) => {
    if (isPersonMessage(message)) starts.push(index);
  });
  return starts;
}

export function textOf(content: UserContent | string): string {
  if (typeof content === 'string') return content;
  return content
    .map((part) => (part.type === 'text' ? part.text : ''))
    .filter((text) => !PHOTO_MARKER.test(text) && !POINT_MARKER.test(text))
    .join(' ')
    .trim();
}

export interface HistoryWindow {
  /** Person turns kept verbatim; older ones reach the model only through the summary in the prompt. */
  readonly recentTurns: number;
  /** The bytes of a stored photo, for the turns that show it. */
  readonly photoBytes: (id: string) => Uint8Array | undefined;
  /** The crop made for a point, for the turn it was made in (none: the model reads that a part was pointed at). */
  readonly pointBytes?: (point: Point) => Uint8Array | undefined;
  /** Whether the model takes images at all. */
  readonly vision: boolean;
}

/**
 * What the model sees of the history: the last few person turns verbatim, and images only in the current turn
 * (new photos, the photo a clarification is about, the crop of what the person pointed at). So input tokens per call stay bounded however many photos
 * and turns the session has.
 */
export function viewHistory(messages: readonly ModelMessage[], window: HistoryWindow): ModelMessage[] {
  const starts = turnStarts(messages);
  const from = starts.length > window.recentTurns ? starts[starts.length - window.recentTurns]! : 0;
  const currentTurnStart = starts.at(-1) ?? 0;
  return messages.slice(from).map((message, offset) => {
    if (message.role !== 'user' || typeof message.content === 'string') return message;
    const inCurrentTurn = from + offset >= currentTurnStart;
    const content = message.content.map((part) => {
      if (part.type !== 'text') return part;
      const point = pointOfMarker(part.text);
      if (point) {
        const bytes = inCurrentTurn && window.vision ? window.pointBytes?.(point) : undefined;
        return bytes
          ? ({ type: 'file', mediaType: 'image/jpeg', data: bytes } as const)
          : ({ type: 'text', text: `(the part of the photo pointed at${inCurrentTurn ? '' : ', shown earlier'})` } as const);
      }
      const match = PHOTO_MARKER.exec(part.text);
      if (!match) return part;
      const [, id, fileName] = match as unknown as [string, string, string];
      const bytes = inCurrentTurn && window.vision ? window.photoBytes(id) : undefined;
      return bytes
        ? ({ type: 'file', mediaType: 'image/jpeg', data: bytes } as const)
        : ({ type: 'text', text: `(photo ${fileName}${inCurrentTurn ? '' : ', shown earlier'})` } as const);
    });
    return { ...message, content };
  });
}

/** Older person turns the prompt's "earlier in this session" summary gives a line each. */
export const EARLIER_LINES = 10;

/**
 * One line per older person turn (the last `EARLIER_LINES`), for the prompt's "earlier in this session" summary.
 * `droppedTurns` counts turns the history no longer holds at all.
 */
export function earlierTurns(messages: readonly ModelMessage[], recentTurns: number, droppedTurns = 0): { turns: number; lines: string[] } {
  const starts = turnStarts(messages);
  const older = starts.slice(0, Math.max(0, starts.length - recentTurns));
  const lines = older
    .map((index) => {
      const message = messages[index]!;
      const said = textOf(message.content as UserContent);
      return said ? `person said: ${said.length > 100 ? `${said.slice(0, 97)}...` : said}` : 'person shared photos';
    })
    .slice(-EARLIER_LINES);
  return { turns: droppedTurns + older.length, lines };
}

/**
 * The history cut to its last `keepTurns` person turns: what the model is shown (the recent turns verbatim, the
 * older ones as summary lines) never reaches further back, so the coach's memory stays the same size however
 * long the session runs.
 */
export function pruneHistory(messages: readonly ModelMessage[], keepTurns: number): { messages: readonly ModelMessage[]; dropped: number } {
  const starts = turnStarts(messages);
  if (starts.length <= keepTurns) return { messages, dropped: 0 };
  const dropped = starts.length - keepTurns;
  return { messages: messages.slice(starts[dropped]), dropped };
}

/** A rough count of tokens in text: about four characters each in English, the usual rule for budgeting. */
const CHARS_PER_TOKEN = 4;
/** What an image costs a local vision model, generously (llava-style encoders take 576 to 2,880). */
export const IMAGE_TOKENS = 1_500;
/** Room kept for the model's reply and the chat template's own tokens. */
export const REPLY_TOKENS = 1_024;

const tokensOfText = (text: string) => Math.ceil(text.length / CHARS_PER_TOKEN);

function tokensOfMessage(message: ModelMessage): number {
  const overhead = 4;
  if (typeof message.content === 'string') return overhead + tokensOfText(message.content);
  return message.content.reduce((sum: number, part) => {
    if (part.type === 'text') return sum + tokensOfText(part.text);
    if (part.type === 'file' || part.type === 'image') return sum + IMAGE_TOKENS;
    return sum + tokensOfText(JSON.stringify(part));
  }, overhead);
}

/** The estimated tokens of what a step sends besides the history: its instructions, its tools and its output schema. */
export function frameTokens(frame: { readonly instructions: string; readonly tools: Readonly<Record<string, { description: string; inputSchema: z.ZodType }>>; readonly output?: z.ZodType }): number {
  const tools = Object.entries(frame.tools).map(([name, spec]) => `${name} ${spec.description} ${JSON.stringify(z.toJSONSchema(spec.inputSchema, { unrepresentable: 'any' }))}`);
  const output = frame.output ? JSON.stringify(z.toJSONSchema(frame.output, { unrepresentable: 'any' })) : '';
  return tokensOfText(frame.instructions) + tokensOfText(tools.join('\n')) + tokensOfText(output);
}

/**
 * The history cut to fit a context window of `contextTokens`, of which `fixedTokens` go to the instructions and
 * tools: whole person turns are dropped from the front (the prompt's summary still speaks for the session), and if
 * the current turn alone is too big, its photos are described in words instead of shown. Nothing is cut that fits.
 */
export function fitToContext(messages: readonly ModelMessage[], contextTokens: number, fixedTokens: number): ModelMessage[] {
  const budget = contextTokens - fixedTokens - REPLY_TOKENS;
  const costs = messages.map(tokensOfMessage);
  const total = (from: number) => costs.slice(from).reduce((sum, cost) => sum + cost, 0);
  const starts = turnStarts(messages);
  let from = 0;
  for (const start of starts.slice(1)) {
    if (total(from) <= budget) break;
    from = start;
  }
  const kept = messages.slice(from);
  if (total(from) <= budget) return [...kept];
  return kept.map((message) =>
    message.role !== 'user' || typeof message.content === 'string'
      ? message
      : {
          ...message,
          content: message.content.map((part) =>
            part.type === 'file' || part.type === 'image' ? ({ type: 'text', text: '(a photo: too big for this model’s context window)' } as const) : part,
          ),
        },
  );
}
