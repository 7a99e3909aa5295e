/**
 * Whether the model can really take tool calls. Small local models often claim tools but send arguments that do not
 * parse, call tools that do not exist, or write the call into their reply as text. A few such failures in a row and
 * the conversational coach cannot do its job; the session is then handed to the guided coach (docs/models.md).
 */
import type { StepRecord } from '../agent/agent';
import { MODE_TOOLS } from './modes';

/** Failed tool calls in a row, with no call that worked between them, after which the coach hands over. */
export const FAILED_TOOL_CALLS_BEFORE_HANDOVER = 3;

/** Every tool the conversational coach offers: such a name in a reply's text is a call written instead of made. */
const NAMES = [...new Set(Object.values(MODE_TOOLS).flat())].join('|');
/**
 * A tool call written as text: chat-template call markers that reached the reply (Hermes/Qwen `<tool_call>`,
 * Llama's `<|python_tag|>`, Mistral's `[TOOL_CALLS]`), a JSON call naming a coach tool, or `tool_name(` itself.
 */
const WRITTEN_CALL = new RegExp(
  String.raw`<tool_call>|<\|python_tag\|>|\[TOOL_CALLS\]|"(?:name|function|tool)"\s*:\s*"(?:${NAMES})"|\b(?:${NAMES})\s*\(`,
);

/** Whether a step that made no call wrote one into its text instead. */
export function wroteToolCallAsText(text: string): boolean {
  return WRITTEN_CALL.test(text);
}

/**
 * The run of failed tool calls after these steps: a call the SDK could not use (bad arguments, unknown tool) or one
 * written as text adds one; a call that worked ends the run.
 */
export function failedToolCallsAfter(streak: number, steps: readonly Pick<StepRecord, 'text' | 'toolCalls'>[]): number {
  let run = streak;
  for (const step of steps) {
    if (step.toolCalls.length === 0) {
      if (wroteToolCallAsText(step.text)) run += 1;
      continue;
    }
    for (const call of step.toolCalls) run = call.invalidReason === undefined ? 0 : run + 1;
  }
  return run;
}
