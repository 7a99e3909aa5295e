/**
 * Next time, through the app core with no model: a guided session leaves three items unsure and ends, the next one is
 * offered them, and taking them up starts sorting with them, logged so that the session replays.
 */
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../core/app-core';
import { CARRIED_WHERE } from '../guided/decide';
import { checkSession } from '../replay/check';
import { foldLog, readSessionLog } from '../session-log';
import { createTemplateRenderer } from '../templates';
import { TEMPLATES_DIR } from '../../../test-support/fixtures';
import { answering, coreRun, sessionLeavingUnsure } from '../../../test-support/carry-over';
import { tempFolder } from '../../../test-support/temp-folder';

/** A later app run on the same data folder: ids of its own, as a real run's would be. */
const laterCore = (dataDir: string, run: string): AppCore => coreRun(dataDir, run);

const signal = new AbortController().signal;
let core: AppCore | undefined;

afterEach(async () => {
  await core?.dispose();
  core = undefined;
});

/** A first session in the data folder: desk work, three things left unsure, then stopped. */
async function sessionLeavingThreeUnsure(dataDir: string): Promise<string> {
  const id = await sessionLeavingUnsure(dataDir, ['old mug', 'tangled cable', 'shoebox']);
  const look = laterCore(dataDir, 'look');
  const left = (await look.handlers['sessions:list'](undefined, { signal })).sessions.find((session) => session.id === id);
  await look.dispose();
  expect(left).toMatchObject({ status: 'ended', leftovers: { unsure: ['old mug', 'tangled cable', 'shoebox'] } });
  return id;
}

describe('next time, with no model', () => {
  it('offers what the last session left, and taking it up starts with its unsure items, one card at a time', async () => {
    const dataDir = await tempFolder('tidy-carry-');
    const first = await sessionLeavingThreeUnsure(dataDir);

    const app = laterCore(dataDir, 'second');
    core = app;
    const offer = await app.handlers['carry:offer'](undefined, { signal });
    expect(offer).toMatchObject({ from: first, space: 'Work', anchors: ['desk', 'lamp'], unsure: ['old mug', 'tangled cable', 'shoebox'], nextTime: [] });

    // Each carried item gets its first choice (the shoebox's card asks where it lives: on the shelf); then, asked
    // what is next, the person stops.
    const asked = answering(app, (question) =>
      question.kind === 'disposition'
        ? { kind: 'disposition', pick: { type: 'choice', index: 0 } }
        : question.kind === 'text'
          ? { kind: 'text', text: 'shelf' }
          : { kind: 'stop' },
    );
    await app.handlers['carry:accept']({ from: first }, { signal });
    await app.idle();
    const state = app.store.state;
    // No question about the space again: the first cards are the carried items, in order.
    expect(asked.slice(0, 3).map((question) => (question.kind === 'disposition' ? `${question.item} (${question.where})` : question.kind))).toEqual([
      `old mug (${CARRIED_WHERE})`,
      `tangled cable (${CARRIED_WHERE})`,
      `shoebox (${CARRIED_WHERE})`,
    ]);
    expect(state).toMatchObject({ spaceFunction: 'Work', anchors: ['desk', 'lamp'], carriedOver: { from: first } });
    expect(state.messages.find((message) => message.role === 'coach' && message.text.startsWith('Picking up'))?.text).toContain('3 things you weren’t sure about');
    expect(state.decisions.slice(0, 3).map((decision) => decision.item)).toEqual(['old mug', 'tangled cable', 'shoebox']);

    // Taken up: not offered again, to this session or the next.
    expect(await app.handlers['carry:offer'](undefined, { signal })).toBeUndefined();
    await app.handlers['session:new'](undefined, { signal });
    expect(await app.handlers['carry:offer'](undefined, { signal })).toBeUndefined();

    // The log replays with the carry-over applied where it happened.
    const folder = path.join(dataDir, 'sessions', state.id);
    const { events } = await readSessionLog(path.join(folder, 'log.jsonl'));
    expect(events.filter((event) => event.type === 'carried-over')).toHaveLength(1);
    const check = await checkSession(events, { templates: createTemplateRenderer(TEMPLATES_DIR), photosDir: path.join(folder, 'photos') });
    expect(check.divergence).toBeUndefined();
    expect(check.turnsChecked).toBeGreaterThan(2);
    expect(foldLog(events).document?.session.carriedOver?.unsure).toEqual(['old mug', 'tangled cable', 'shoebox']);
    // `TIDY_WRITE_FIXTURE=1` keeps this log as the session-log fixture that holds a carry-over.
    if (process.env.TIDY_WRITE_FIXTURE) await copyFile(path.join(folder, 'log.jsonl'), path.resolve(import.meta.dirname, '../session-log/fixtures/v2/carried.jsonl'));
  });

  it('starting fresh declines the offer for good: not made again, even after a restart', async () => {
    const dataDir = await tempFolder('tidy-carry-');
    const first = await sessionLeavingThreeUnsure(dataDir);
    let app = laterCore(dataDir, 'second');
    core = app;
    expect((await app.handlers['carry:offer'](undefined, { signal }))?.from).toBe(first);
    await app.handlers['carry:decline']({ from: first }, { signal });
    expect(await app.handlers['carry:offer'](undefined, { signal })).toBeUndefined();
    await expect(app.handlers['carry:accept']({ from: first }, { signal })).rejects.toThrow('no longer on offer');
    await app.dispose();
    app = laterCore(dataDir, 'third');
    core = app;
    expect(await app.handlers['carry:offer'](undefined, { signal })).toBeUndefined();
  });

  it('is not offered once the new session has something in it', async () => {
    const dataDir = await tempFolder('tidy-carry-');
    const first = await sessionLeavingThreeUnsure(dataDir);
    const app = laterCore(dataDir, 'second');
    core = app;
    answering(app, () => undefined);
    await app.handlers['chat:send']({ text: 'the bed first' }, { signal });
    expect(await app.handlers['carry:offer'](undefined, { signal })).toBeUndefined();
    await expect(app.handlers['carry:accept']({ from: first }, { signal })).rejects.toThrow('no longer on offer');
  });
});
