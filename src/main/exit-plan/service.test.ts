import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newSessionState } from '../../shared/session/new-session';
import type { PileItem, SessionState } from '../../shared/session/schema';
import { metaFromState, sessionPaths, writeSessionMeta } from '../session-log';
import { ExitPlans } from './service';
import { exitPlanFile } from './ticks-file';

const pile = (id: string, name: string, outcome: PileItem['outcome'], location?: string): PileItem => ({
  id,
  name,
  outcome,
  ...(location ? { location } : {}),
  decidedAt: 1,
});

function session(id: string, startedAt: number, status: SessionState['status'] = 'ended'): SessionState {
  return {
    ...newSessionState(id, startedAt),
    status,
    spaceFunction: 'Work',
    piles: {
      out: [pile(`${id}-t`, 'receipts', 'trash'), pile(`${id}-d`, 'jumper', 'donate')],
      belongs: [pile(`${id}-m`, 'mug', 'place', 'kitchen'), pile(`${id}-k`, 'lamp', 'keep')],
      unsure: [],
    },
  };
}

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

/** A data folder with these sessions' meta on disk, and the plans over them (states served from memory). */
async function plansOver(sessions: SessionState[], current = 'in-use') {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidy-exit-plan-'));
  folders.push(dataDir);
  for (const state of sessions) {
    const { dir } = sessionPaths(dataDir, state.id);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'log.jsonl'), '');
    await writeSessionMeta(dir, metaFromState(state, 'guided', state.sessionStart + 10));
  }
  const warnings: string[] = [];
  const folded: string[] = [];
  const make = () =>
    new ExitPlans({
      dataDir,
      logger: { warn: (message) => void warnings.push(message) },
      now: () => 42,
      currentId: () => current,
      state: async (id) => {
        folded.push(id);
        const found = sessions.find((entry) => entry.id === id);
        if (!found) throw new Error('no such session');
        return found;
      },
    });
  return { dataDir, plans: make(), again: make, warnings, folded };
}

const doneNames = (view: Awaited<ReturnType<ExitPlans['view']>>) => view.groups.flatMap((group) => group.items.filter((item) => item.done).map((item) => item.name));

describe('exit plans', () => {
  it('shows a plan with nothing ticked when there is no ticks file yet', async () => {
    const { plans } = await plansOver([session('s1', 1000)]);
    const view = await plans.view('s1');
    expect(view.groups.map((group) => group.title)).toEqual(['Trash', 'Donation', 'To the kitchen']);
    expect([view.done, view.total]).toEqual([0, 3]);
  });

  it('keeps ticks in the session folder, across runs, and unticks', async () => {
    const { dataDir, plans, again } = await plansOver([session('s1', 1000)]);
    await plans.tick('s1', 's1-t', true);
    const view = await plans.tick('s1', 's1-m', true);
    expect(doneNames(view)).toEqual(['receipts', 'mug']);
    expect(JSON.parse(await readFile(exitPlanFile(sessionPaths(dataDir, 's1').dir), 'utf8'))).toEqual({ version: 1, done: ['s1-t', 's1-m'] });
    expect(doneNames(await again().view('s1'))).toEqual(['receipts', 'mug']);
    expect(doneNames(await again().tick('s1', 's1-t', false))).toEqual(['mug']);
    expect([...(await again().done('s1'))]).toEqual(['s1-m']);
    // Written whole: no temporary file is left beside it.
    expect((await readdir(sessionPaths(dataDir, 's1').dir)).sort()).toEqual(['exit-plan.json', 'log.jsonl', 'meta.json']);
  });

  it('refuses to tick something that is not in the plan (a thing that stays, or an unknown id)', async () => {
    const { plans } = await plansOver([session('s1', 1000)]);
    await expect(plans.tick('s1', 's1-k', true)).rejects.toThrow('not in this session’s exit plan');
    await expect(plans.tick('s1', 'nope', true)).rejects.toMatchObject({ code: 'invalid-input' });
  });

  it('loses no tick when several arrive at once', async () => {
    const { plans, again } = await plansOver([session('s1', 1000)]);
    await Promise.all(['s1-t', 's1-d', 's1-m'].map((id) => plans.tick('s1', id, true)));
    expect((await again().view('s1')).done).toBe(3);
  });

  it('reads a damaged ticks file as nothing ticked, with a warning, and keeps the session', async () => {
    const { dataDir, plans, warnings } = await plansOver([session('s1', 1000)]);
    const { dir } = sessionPaths(dataDir, 's1');
    for (const damaged of ['{"version":1,"done":', '{"version":7,"done":[]}', '[]']) {
      await writeFile(exitPlanFile(dir), damaged);
      expect((await plans.view('s1')).done).toBe(0);
    }
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toContain('not valid');
    expect((await readdir(dir)).sort()).toEqual(['exit-plan.json', 'log.jsonl', 'meta.json']);
    // The next tick writes a good file again.
    await plans.tick('s1', 's1-d', true);
    expect((await plans.view('s1')).done).toBe(1);
  });

  it('offers at start the ended sessions with things left, newest first, but not the one in use', async () => {
    const { plans } = await plansOver([session('old', 1000), session('new', 5000), session('live', 9000, 'active'), session('in-use', 7000)]);
    await plans.tick('old', 'old-t', true);
    expect(await plans.open()).toEqual([
      { sessionId: 'new', startedAt: 5000, spaceFunction: 'Work', left: 3, total: 3 },
      { sessionId: 'old', startedAt: 1000, spaceFunction: 'Work', left: 2, total: 3 },
    ]);
  });

  it('no longer offers a plan that is done or put away; a put-away plan keeps its ticks and when', async () => {
    const { dataDir, plans, again } = await plansOver([session('done', 1000), session('away', 2000), session('other', 3000)]);
    const empty = session('empty', 3000);
    empty.piles = { out: [], belongs: [pile('x', 'lamp', 'keep')], unsure: [] };
    const { plans: withEmpty } = await plansOver([empty]);
    expect(await withEmpty.open()).toEqual([]);

    for (const id of ['done-t', 'done-d', 'done-m']) await plans.tick('done', id, true);
    await plans.tick('away', 'away-t', true);
    const away = await plans.dismiss('away');
    expect(away.dismissedAt).toBe(42);
    expect((await again().open()).map((plan) => plan.sessionId)).toEqual(['other']);
    expect(JSON.parse(await readFile(exitPlanFile(sessionPaths(dataDir, 'away').dir), 'utf8'))).toEqual({ version: 1, done: ['away-t'], dismissedAt: 42 });
    // Put away twice keeps the first time.
    expect((await plans.dismiss('away')).dismissedAt).toBe(42);
  });

  it('folds an ended session once per run, and skips one it cannot read, with a warning', async () => {
    const { dataDir, plans, warnings, folded } = await plansOver([session('s1', 1000)]);
    const ghost = sessionPaths(dataDir, 'ghost');
    await mkdir(ghost.dir, { recursive: true });
    await writeSessionMeta(ghost.dir, metaFromState(session('ghost', 2000), 'guided', 2010));
    expect((await plans.open()).map((plan) => plan.sessionId)).toEqual(['s1']);
    await plans.open();
    expect(folded.filter((id) => id === 's1')).toHaveLength(1);
    expect(warnings).toEqual(['An exit plan could not be read', 'An exit plan could not be read']);
  });

  it('gathers the plans of sessions in several rooms into errands, ticked in either view', async () => {
    const office = session('desk', 1000);
    office.piles.belongs.push(pile('desk-c', 'old coat', 'place', 'the charity shop'));
    const bedroom = session('bed', 2000);
    bedroom.piles.belongs.push(pile('bed-c', 'boots', 'place', 'Charity shop'));
    const { plans, folded } = await plansOver([office, bedroom]);
    const planned = [
      { session: { id: 'desk', status: 'ended' as const, updatedAt: 1010 }, room: { id: 'r-office', name: 'Office', named: false } },
      { session: { id: 'bed', status: 'ended' as const, updatedAt: 2010 }, room: { id: 'r-bed', name: 'Bedroom', named: false } },
    ];
    const { errands, complete } = await plans.errands(planned);
    expect(complete).toBe(true);
    expect(errands.open.map((errand) => [errand.title, errand.left, errand.rooms.map((room) => room.name)])).toEqual([
      ['Trash', 2, ['Office', 'Bedroom']],
      ['Donation', 2, ['Office', 'Bedroom']],
      ['To the kitchen', 2, ['Office', 'Bedroom']],
      ['To the charity shop', 2, ['Office', 'Bedroom']],
    ]);

    // Ticked in the session's plan: the errand shows it; ticked in the errand: the session's plan shows it.
    await plans.tick('bed', 'bed-c', true);
    const shop = (await plans.errands(planned)).errands.open.find((errand) => errand.key === 'place:charity shop')!;
    expect(shop.lines.map((line) => [line.name, line.done])).toEqual([
      ['old coat', false],
      ['boots', true],
    ]);
    expect([shop.left, shop.rooms.map((room) => room.name)]).toEqual([1, ['Office']]);
    const coat = shop.lines[0]!;
    await plans.tick(coat.sessionId, coat.id, true);
    expect(doneNames(await plans.view('desk'))).toEqual(['old coat']);
    const { errands: after } = await plans.errands(planned);
    expect(after.done.map((errand) => [errand.title, errand.left, errand.total])).toEqual([['To the charity shop', 0, 2]]);
    expect(after.open).toHaveLength(3);
    // An ended session is folded once, however often Home asks again.
    const folds = folded.length;
    await plans.errands(planned);
    expect(folded).toHaveLength(folds);
  });

  it('says when a plan could not be read, so a trip missing from the errands is not taken as done', async () => {
    const { plans } = await plansOver([session('desk', 1000)]);
    const gone = { session: { id: 'never-written', status: 'ended' as const, updatedAt: 1 }, room: { id: 'r', name: 'Office', named: false } };
    const read = await plans.errands([{ session: { id: 'desk', status: 'ended' as const, updatedAt: 1010 }, room: gone.room }, gone]);
    expect(read.complete).toBe(false);
    expect(read.errands.open.map((errand) => errand.title)).toEqual(['Trash', 'Donation', 'To the kitchen']);
  });
});
