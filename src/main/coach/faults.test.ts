import { afterEach, describe, expect, it } from 'vitest';
import { coachHarness, type CoachHarness } from '../../../test-support/coach';

let harness: CoachHarness | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('faults never end a session', () => {
  it('retries 429 visibly, and survives a server that stays down', async () => {
    harness = await coachHarness({ scenario: 'faults.json' });
    expect(await harness.coach.turn({ text: 'hello' })).toMatchObject({ kind: 'answered', response: 'What is this space for?' });
    const retrying = harness.activity.filter((event) => event.status === 'retrying');
    expect(retrying).toHaveLength(2);
    expect(retrying[0]).toMatchObject({ notice: expect.stringContaining('busy') });

    const failed = await harness.coach.turn({ text: 'are you there?' });
    expect(failed).toMatchObject({ kind: 'failed', fault: { kind: 'server', status: 503 } });
    expect(harness.activity.at(-1)).toMatchObject({ status: 'error', notice: expect.stringContaining('Your message is kept') });
    expect(harness.state().status).toBe('active');

    expect(await harness.coach.turn({ text: 'still there?' })).toMatchObject({ kind: 'answered', response: 'Yes. What is this space for?' });
    expect(harness.server.mismatches).toEqual([]);
  });

  it('hands over to the guided coach when the server refuses tools, with no error shown', async () => {
    harness = await coachHarness({ scenario: 'refuses-tools.json' });
    const outcome = await harness.coach.turn({ text: 'hello' });
    expect(outcome).toEqual({ kind: 'handover', reason: 'tools-refused' });
    expect(harness.activity.at(-1)).toEqual({ status: 'idle' });
    expect(harness.server.requests).toHaveLength(1);
  });

  it('returns a tool outside the mode and malformed arguments to the model as tool errors, and gives up at the third failed call', async () => {
    harness = await coachHarness({ scenario: 'tool-errors.json' });
    expect(await harness.coach.turn({ text: 'hi' })).toEqual({ kind: 'handover', reason: 'tool-calls-failing' });
    const toolResults = harness.server.requests
      .slice(1)
      .map((request) => request.body.messages.at(-1))
      .map((message) => String(message?.content));
    expect(toolResults[0]).toContain("unavailable tool 'propose_disposition'");
    expect(toolResults[1]).toMatch(/JSON|parse|Invalid/i);
    // The third failed call (an unknown tool) ends the turn: no fourth request, nothing said, nothing asked.
    expect(harness.server.requests).toHaveLength(3);
    expect(harness.state().messages).toEqual([]);
    expect(harness.coach.memory().failedToolCalls).toBe(3);
    expect(harness.asked).toEqual([]);
    expect(harness.server.mismatches).toEqual([]);
  });

  it('repairs a reply that breaks its schema once, then falls back to a neutral line, and reports a cut-off reply', async () => {
    harness = await coachHarness({ scenario: 'bad-output.json' });
    expect(await harness.coach.turn({ text: 'hi' })).toMatchObject({ kind: 'answered', response: 'What is this room for?' });
    expect(await harness.coach.turn({ text: 'hi again' })).toMatchObject({
      kind: 'fallback',
      reason: 'schema',
      response: 'What is this space mostly for?',
    });
    const cut = await harness.coach.turn({ text: 'and?' });
    expect(cut).toMatchObject({ kind: 'fallback', reason: 'length' });
    expect(cut.kind === 'fallback' && cut.response).toContain('The mug goes to the kitch');
    expect(cut.kind === 'fallback' && cut.response).toContain('length limit');
    expect(harness.state().messages).toHaveLength(3);
    expect(harness.server.mismatches).toEqual([]);
  });
});

describe('capability switches', () => {
  it('coaches without tools or images when the model takes neither', async () => {
    harness = await coachHarness({
      scenario: 'no-tools.json',
      capabilities: { vision: false, tools: false },
      photoBytes: () => new Uint8Array([0xff, 0xd8, 0xff]),
      initial: (state) => ({ ...state, photos: [{ id: 'cccccccccccc', fileName: 'desk.jpg', width: 10, height: 10 }] }),
    });
    const outcome = await harness.coach.turn({ text: 'idk where to start', photos: [{ id: 'cccccccccccc', fileName: 'desk.jpg' }] });
    expect(outcome).toMatchObject({ kind: 'answered', response: 'Tell me what this room is for.' });
    expect(harness.server.mismatches).toEqual([]);
  });
});
