import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { newSessionState } from '../../shared/session/new-session';
import { timelineStates } from '../../shared/sessions/schema';
import type { SessionState } from '../../shared/session/schema';
import { metaFromState, sessionPaths, writeSessionMeta } from '../session-log';
import { SessionLibrary } from './library';
import { tempFolder } from '../../../test-support/temp-folder';

const FIXTURE = path.resolve(import.meta.dirname, '../session-log/fixtures/v2/session.jsonl');

/** A data folder holding the v2 fixture's session (id-2), as the app leaves it. */
async function dataFolder(): Promise<{ dataDir: string; id: string }> {
  const dataDir = await tempFolder('tidy-library-');
  const id = 'id-2';
  const paths = sessionPaths(dataDir, id);
  await mkdir(paths.photos, { recursive: true });
  await writeFile(paths.log, await readFile(FIXTURE));
  await writeSessionMeta(paths.dir, { ...metaFromState(newSessionState(id, Date.UTC(2026, 10, 23, 9)), 'conversational', Date.UTC(2026, 10, 23, 10)), itemsProcessed: 2 });
  return { dataDir, id };
}

function libraryOf(dataDir: string, current: SessionState = newSessionState('in-use', 1), flushed: string[] = []) {
  return new SessionLibrary(dataDir, { id: current.id, state: current, flush: async () => void flushed.push(current.id) });
}

describe('a session as it stands', () => {
  it('includes what the person did after its last turn (after photos added to an ended session)', async () => {
    // Regression: the fold stopped at the last turn's end, so an ended session's after photos were missing from its
    // summary and exit plan once it was no longer the session in use.
    const dataDir = await tempFolder('tidy-library-');
    const id = 'id-2';
    const paths = sessionPaths(dataDir, id);
    await mkdir(paths.photos, { recursive: true });
    const lines = (await readFile(path.resolve(import.meta.dirname, '../session-log/fixtures/v2/sprints.jsonl'), 'utf8')).trimEnd().split('\n');
    const last = JSON.parse(lines.at(-1)!) as { seq: number; at: number };
    const after = { v: 2, seq: last.seq + 1, at: last.at + 60_000, type: 'photos-imported', photos: [{ id: 'a'.repeat(64), fileName: 'desk-now.jpg', width: 8, height: 6 }], stage: 'after' };
    await writeFile(paths.log, `${[...lines, JSON.stringify(after)].join('\n')}\n`);
    const state = await libraryOf(dataDir).state(id);
    expect(state.status).toBe('ended');
    expect(state.photos).toEqual([expect.objectContaining({ fileName: 'desk-now.jpg', stage: 'after' })]);
  });
});

describe('the session library', () => {
  it('lists sessions with the one in use marked, and names a folder it cannot read', async () => {
    const { dataDir, id } = await dataFolder();
    await mkdir(path.join(dataDir, 'sessions', 'left-behind'), { recursive: true });
    const list = await libraryOf(dataDir).list();
    expect(list.sessions).toEqual([expect.objectContaining({ id, current: false, itemsProcessed: 2, coach: 'conversational' })]);
    expect(list.unreadable).toEqual([{ id: 'left-behind', reason: 'meta.json is missing' }]);
    expect((await libraryOf(dataDir, newSessionState(id, 1)).list()).sessions[0]?.current).toBe(true);
  });

  it('opens a logged session as a timeline, writing out the one in use first', async () => {
    const { dataDir, id } = await dataFolder();
    const flushed: string[] = [];
    const timeline = await libraryOf(dataDir, newSessionState(id, 1), flushed).timeline(id);
    expect(flushed).toEqual([id]);
    const stateAt = timelineStates(timeline);
    expect(timeline.steps.map((_, index) => stateAt(index).itemsProcessed)).toEqual([0, 0, 1, 1, 2]);
    // Each step carries only what its turn changed.
    expect(JSON.stringify(timeline).length).toBeLessThan(JSON.stringify(timeline.steps.map((_, index) => stateAt(index))).length);
    expect(timeline.steps[1]!.person).toEqual(['']);
  });

  it('summarises a session from its log when it is not the one in use', async () => {
    const { dataDir, id } = await dataFolder();
    const { fileName, markdown } = await libraryOf(dataDir).summary(id);
    expect(fileName).toBe('tidying-2026-11-23.md');
    expect(markdown).toContain('work');
  });

  it('refuses to delete the session in use, deletes another, and says when there is no such session', async () => {
    const { dataDir, id } = await dataFolder();
    await expect(libraryOf(dataDir, newSessionState(id, 1)).remove(id)).rejects.toThrow('cannot be deleted');
    await libraryOf(dataDir).remove(id);
    expect((await libraryOf(dataDir).list()).sessions).toEqual([]);
    await expect(libraryOf(dataDir).timeline(id)).rejects.toMatchObject({ code: 'invalid-input', message: 'There is no logged session with that id.' });
  });

  it('moves a session to another data folder as one archive, and refuses it twice', async () => {
    const { dataDir, id } = await dataFolder();
    const { fileName, archive } = await libraryOf(dataDir).export(id);
    expect(fileName).toMatch(/\.tar\.gz$/);
    const elsewhere = await tempFolder('tidy-library-elsewhere-');
    const opened = await libraryOf(elsewhere).import(archive);
    expect(opened.sessionId).toBe(id);
    await expect(libraryOf(elsewhere).import(archive)).rejects.toMatchObject({ code: 'invalid-input', message: expect.stringContaining('already') });
  });
});
