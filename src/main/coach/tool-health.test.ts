import { describe, expect, it } from 'vitest';
import { failedToolCallsAfter, wroteToolCallAsText } from './tool-health';

const call = (invalidReason?: string) => ({ toolCallId: 'c', toolName: 'propose_disposition', input: {}, ...(invalidReason ? { invalidReason } : {}) });
const step = (text: string, ...toolCalls: ReturnType<typeof call>[]) => ({ text, toolCalls });

describe('tool calls that fail', () => {
  it.each([
    '<tool_call>\n{"name": "propose_disposition", "arguments": {"item": "mug"}}\n</tool_call>',
    '<|python_tag|>{"name": "ask_space_function"}',
    '[TOOL_CALLS] [{"name": "begin_sorting", "arguments": {}}]',
    '{"function": "time_to_wrap", "parameters": {}}',
    'propose_disposition(item="mug", choices=["Trash"])',
  ])('a call written into the reply counts: %s', (text) => {
    expect(wroteToolCallAsText(text)).toBe(true);
  });

  it.each([
    '{"response": "Pick up the mug nearest to you."}',
    'Let’s propose where the mug goes: the kitchen?',
    '{"response": "Done for today?", "next_time": ["the name tool"]}',
  ])('an ordinary reply does not: %s', (text) => {
    expect(wroteToolCallAsText(text)).toBe(false);
  });

  it('counts failed calls in a row across steps, and a call that works ends the run', () => {
    expect(failedToolCallsAfter(0, [step('', call('bad arguments')), step('', call('bad arguments'))])).toBe(2);
    expect(failedToolCallsAfter(2, [step('', call())])).toBe(0);
    expect(failedToolCallsAfter(1, [step('', call('bad'), call())])).toBe(0);
    expect(failedToolCallsAfter(1, [step('', call(), call('bad'))])).toBe(1);
    expect(failedToolCallsAfter(1, [step('<tool_call>{"name": "confirm_done"}</tool_call>')])).toBe(2);
    // A reply in plain words neither adds nor ends the run.
    expect(failedToolCallsAfter(2, [step('{"response": "Okay."}')])).toBe(2);
  });
});
