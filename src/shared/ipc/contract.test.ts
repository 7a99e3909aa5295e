import { describe, expect, it } from 'vitest';
import { contract, invokeChannels, isInvokeChannel, pushChannels } from './contract';
import { ClientFrameSchema, InvokeResultSchema, ServerFrameSchema } from './wire';

const snapshot = {
  rev: 3,
  state: {
    id: 's1',
    status: 'active',
    sessionStart: 1_700_000_000_000,
    mode: { kind: 'sorting', currentItem: 'mug' },
    anchors: ['desk'],
    piles: { belongs: [{ id: 'i1', name: 'lamp', outcome: 'keep', decidedAt: 1_700_000_000_500 }], out: [], unsure: [] },
    itemsProcessed: 1,
    decisions: [{ item: 'lamp', outcome: 'keep', at: 1_700_000_000_500 }],
    photos: [{ id: 'h1', fileName: 'desk.jpg', width: 1024, height: 768 }],
    messages: [{ id: 'm1', role: 'person', text: 'hi', at: 1_700_000_000_100 }],
  },
};

const exitPlan = {
  sessionId: 's1',
  startedAt: 1_700_000_000_000,
  ended: true,
  groups: [
    { kind: 'donate', key: 'donate', title: 'Donation', hint: 'Bag it.', items: [{ id: 'a', ids: ['a'], name: 'jumper', done: true }] },
    { kind: 'place', key: 'place:kitchen', title: 'To the kitchen', destination: 'kitchen', items: [{ id: 'b', ids: ['b', 'c'], name: 'mug', done: false }] },
  ],
  total: 3,
  done: 1,
};

const totals = { visits: 1, counts: { here: 1, elsewhere: 0, leaving: 2, undecided: 1, skipped: 0 }, decided: 4, left: 2, trips: { done: 1, total: 1 }, minutes: 12 };
const visit = { sessionId: 's1', startedAt: 1_700_000_000_000, status: 'ended', current: false, counts: totals.counts, decided: 4, left: 2, trips: { done: 1, total: 1 }, minutes: 12 };
const home = {
  now: 1_700_000_100_000,
  rooms: [{ id: 'r1', name: 'Office', named: false, space: 'Work', anchors: ['desk'], visits: 1, lastVisit: 1_700_000_000_000, waiting: { undecided: 1, trips: 0 }, inProgress: false }],
  month: { start: 1_699_000_000_000, rooms: [{ id: 'r1', name: 'Office', totals }], totals },
};

/** An open link to a phone, as the panel shows it (its QR code cut down: any rows of 0 and 1 pass). */
const openLink = {
  status: 'open',
  url: 'http://192.168.1.23:50123/k7Hq2mXp9aBc/',
  qr: Array.from({ length: 21 }, () => '1'.repeat(21)),
  closesAt: '2026-01-01T09:15:00.000Z',
  phones: [{ id: 'p1', name: 'iPhone', photos: 2, duplicates: 0, problems: [{ file: 'notes.txt', message: 'Not a photo.' }], ended: false }],
};

/** For every channel: inputs and outputs that must pass and must fail. A new channel without rows fails here. */
const remindersView = {
  set: [{ key: 'donate', title: 'Donation', at: 1_795_860_000_000, words: 'tomorrow at 9 am' }],
  due: [],
  options: [{ when: { kind: 'morning' }, label: 'Tomorrow morning', time: '9 am', at: 1_795_860_000_000 }],
  days: { first: '2026-11-28', last: '2027-11-27' },
};

const invokeCases: Record<string, { validInputs: unknown[]; invalidInputs: unknown[]; validOutput: unknown; invalidOutputs: unknown[] }> = {
  'app:info': {
    validInputs: [undefined],
    invalidInputs: [{}, 'x', null],
    validOutput: { name: 'Tidying', version: '1', runtime: 'web', model: { configured: false, apiKeySet: false, vision: true, tools: true }, coach: 'guided' },
    invalidOutputs: [{ name: 'Tidying', version: '1', runtime: 'browser', model: { configured: false, apiKeySet: false, vision: true, tools: true } }, {}],
  },
  'clock:get': {
    validInputs: [undefined],
    invalidInputs: [{}, 0],
    validOutput: { now: 1_700_000_000_000, runs: true },
    invalidOutputs: [{ now: 1_700_000_000_000 }, { now: -1, runs: false }, { now: 1.5, runs: true }],
  },
  'session:get': {
    validInputs: [undefined],
    invalidInputs: [{ id: 's1' }, 0],
    validOutput: snapshot,
    invalidOutputs: [
      { ...snapshot, rev: -1 },
      { ...snapshot, state: { ...snapshot.state, mode: { kind: 'napping' } } },
      { ...snapshot, state: { ...snapshot.state, mode: { kind: 'clarifying', item: 'x' } } },
      { ...snapshot, state: { ...snapshot.state, piles: { belongs: [], out: [] } } },
    ],
  },
  'session:new': {
    validInputs: [undefined],
    invalidInputs: [{ keep: true }],
    validOutput: snapshot,
    invalidOutputs: [{ rev: 0 }],
  },
  'settings:get': {
    validInputs: [undefined],
    invalidInputs: [{}],
    validOutput: { settings: { theme: 'dark' }, effectiveCoach: 'guided', modelConfigured: false, dataDir: '/data', model: { vision: true, tools: true }, detector: { available: true }, apiKey: { set: false, storage: 'environment-only' } },
    invalidOutputs: [
      { settings: { theme: 'sepia' }, effectiveCoach: 'guided', modelConfigured: false, dataDir: '/data', model: { vision: true, tools: true }, detector: { available: true }, apiKey: { set: false, storage: 'environment-only' } },
      // A kept probe result must be whole: its overrides say which switches were set by hand.
      { settings: { theme: 'dark' }, effectiveCoach: 'guided', modelConfigured: true, dataDir: '/data', model: { vision: true, tools: true, probe: { result: { model: 'x', probedAt: 1, models: { listed: false, names: [], message: '' }, capabilities: [] } } }, detector: { available: true }, apiKey: { set: false, storage: 'environment-only' } },
    ],
  },
  'settings:set': {
    validInputs: [{ theme: 'light' }, { coach: 'guided' }, { imageLongSide: 1536 }, { model: { baseUrl: 'http://127.0.0.1:11434/v1', name: 'llama3' } }, { model: { baseUrl: null } }, { sprintMinutes: 5 }, { sprintMinutes: 45 }, { model: { contextTokens: 8192 } }, { model: { contextTokens: null } }, {}],
    invalidInputs: [{ theme: 'sepia' }, { coach: 'chatty' }, { apiKey: 'sk-x' }, { imageLongSide: 4000 }, { model: { baseUrl: 'file:///etc' } }, { sprintMinutes: 4 }, { sprintMinutes: 50 }, { sprintMinutes: 12.5 }, { model: { contextTokens: 100 } }, { model: { contextTokens: 4096.5 } }, undefined],
    validOutput: { settings: { coach: 'guided', theme: 'light' }, effectiveCoach: 'guided', modelConfigured: true, dataDir: '/data', model: { vision: true, tools: true }, detector: { available: true }, apiKey: { set: false, storage: 'environment-only' } },
    invalidOutputs: [{ settings: {}, effectiveCoach: 'guided', modelConfigured: true, dataDir: '/data', model: { vision: true, tools: true }, detector: { available: true }, apiKey: { set: false, storage: 'environment-only' } }],
  },
  'settings:setApiKey': {
    validInputs: [{ apiKey: 'sk-abcdefgh12345' }, { apiKey: null }],
    invalidInputs: [{ apiKey: 'short' }, {}, { apiKey: 5 }],
    validOutput: { settings: { theme: 'dark' }, effectiveCoach: 'guided', modelConfigured: false, dataDir: '/d', model: { vision: true, tools: true }, detector: { available: true }, apiKey: { set: false, storage: 'environment-only' } },
    invalidOutputs: [{ apiKey: 'sk-abcdefgh12345' }],
  },
  'settings:chooseDataDir': {
    validInputs: [undefined],
    invalidInputs: [{ dir: '/tmp' }],
    validOutput: { nextStart: '/home/a/Tidying' },
    invalidOutputs: [{ nextStart: 5 }],
  },
  'settings:testModel': {
    validInputs: [undefined],
    invalidInputs: [{ model: 'x' }],
    validOutput: {
      ok: true,
      message: 'scripted answered: 3 of 4 checks work, 1 does not.',
      probe: {
        baseUrl: 'http://localhost:8080/v1',
        model: 'scripted',
        probedAt: 1,
        models: { listed: true, names: ['scripted'], found: true, message: 'The server lists 1 model, scripted among them.' },
        capabilities: [
          { capability: 'tools', status: 'fails', message: 'HTTP 400: tools param requires --jinja flag' },
          { capability: 'structured-output', status: 'works', mode: 'json_object', message: 'Best mode: json_object.' },
        ],
      },
    },
    invalidOutputs: [
      { ok: 'yes' },
      { ok: true, message: 'm', probe: { model: 'x', probedAt: 1, models: { listed: false, names: [], message: '' }, capabilities: [{ capability: 'telepathy', status: 'works', message: '' }] } },
      { ok: true, message: 'm', probe: { model: 'x', probedAt: 1, models: { listed: false, names: [], message: '' }, capabilities: [{ capability: 'tools', status: 'maybe', message: '' }] } },
    ],
  },
  'sessions:list': {
    validInputs: [undefined],
    invalidInputs: [{ all: true }],
    validOutput: {
      sessions: [{ id: 's1', startedAt: 1, updatedAt: 2, itemsProcessed: 3, status: 'active', coach: 'guided', current: false }],
      unreadable: [{ id: 'broken', reason: 'meta.json is not valid JSON' }],
    },
    invalidOutputs: [{ sessions: [{ id: 's1' }], unreadable: [] }],
  },
  'sessions:open': {
    validInputs: [{ id: 'a1b2-c3' }],
    invalidInputs: [{}, { id: '../etc' }, { id: 'x/y' }, { id: 'ok', extra: 1 }],
    validOutput: {
      sessionId: 's',
      coach: 'guided',
      opening: snapshot.state,
      steps: [
        { turn: 0, changes: [], person: [], answers: [], coach: [] },
        { turn: 1, changes: [{ op: 'replace', path: '/itemsProcessed', value: 1 }], person: ['hi'], answers: [], coach: ['Next.'] },
      ],
      unfinishedTurn: false,
    },
    invalidOutputs: [
      { sessionId: 's', coach: 'guided', opening: snapshot.state, steps: [], unfinishedTurn: false },
      { sessionId: 's', coach: 'guided', opening: snapshot.state, steps: [{ turn: 0, changes: [{ op: 'move', path: '/a' }], person: [], answers: [], coach: [] }], unfinishedTurn: false },
    ],
  },
  'sessions:resume': {
    validInputs: [{ id: 's1' }],
    invalidInputs: [{ id: '' }, { id: '..' }],
    validOutput: snapshot,
    invalidOutputs: [{}],
  },
  'sessions:summary': {
    validInputs: [{ id: 's1' }],
    invalidInputs: [{ id: '../x' }, {}],
    validOutput: { fileName: 'tidying-2026-11-22.md', markdown: '# Tidying session' },
    invalidOutputs: [{ fileName: '', markdown: '' }],
  },
  'exitPlan:open': {
    validInputs: [undefined],
    invalidInputs: [{ all: true }],
    validOutput: { plans: [{ sessionId: 's1', startedAt: 1, spaceFunction: 'Work', left: 3, total: 5 }] },
    invalidOutputs: [{ plans: [{ sessionId: 's1', startedAt: 1, left: 0, total: 5 }] }, { plans: 'none' }],
  },
  'exitPlan:get': {
    validInputs: [{ id: 's1' }],
    invalidInputs: [{ id: '../s1' }, {}, { id: 's1', itemId: 'a' }],
    validOutput: exitPlan,
    invalidOutputs: [{ ...exitPlan, groups: [{ kind: 'bury', key: 'x', title: 'x', items: [{ id: 'a', name: 'mug', done: false }] }] }, { ...exitPlan, done: -1 }],
  },
  'exitPlan:tick': {
    validInputs: [{ id: 's1', itemId: 'i1', done: true }, { id: 's1', itemId: 'i1', done: false }],
    invalidInputs: [{ id: 's1', itemId: 'i1' }, { id: 's1', itemId: '', done: true }, { id: '..', itemId: 'i1', done: true }, { id: 's1', itemId: 'i1', done: 'yes' }],
    validOutput: exitPlan,
    invalidOutputs: [{ ...exitPlan, groups: [{ kind: 'trash', key: 'trash', title: 'Trash', items: [{ id: 'a', name: 'mug' }] }] }],
  },
  'exitPlan:dismiss': {
    validInputs: [{ id: 's1' }],
    invalidInputs: [{ id: 's1', at: 5 }, {}],
    validOutput: { ...exitPlan, dismissedAt: 7 },
    invalidOutputs: [{ ...exitPlan, dismissedAt: 'today' }],
  },
  'errands:list': {
    validInputs: [undefined],
    invalidInputs: [{ room: 'r1' }],
    validOutput: {
      open: [
        {
          key: 'donate',
          kind: 'donate',
          title: 'Donation',
          left: 2,
          total: 3,
          rooms: [{ id: 'r1', name: 'Office', named: false }],
          lines: [
            { id: 'b1', ids: ['b1', 'b2'], name: 'book', sessionId: 's1', room: { id: 'r1', name: 'Office', named: false }, done: false },
            { id: 'j', ids: ['j'], name: 'jumper', sessionId: 's2', done: true },
          ],
        },
      ],
      done: [],
    },
    invalidOutputs: [{ open: [{ key: 'donate', kind: 'donate', title: 'Donation', left: 0, total: 0, rooms: [], lines: [] }], done: [] }, { open: [] }],
  },
  'errands:calendar': {
    validInputs: [{ key: 'donate' }, { key: "place:mum's" }],
    invalidInputs: [{}, { key: '' }, { key: 'x'.repeat(2001) }, { key: 'donate', at: 5 }],
    validOutput: { fileName: 'tidying-trip-donation.ics', text: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' },
    invalidOutputs: [{ fileName: '', text: 'x' }, { fileName: 'a.ics' }],
  },
  'reminders:get': {
    validInputs: [undefined],
    invalidInputs: [{ key: 'donate' }],
    validOutput: remindersView,
    invalidOutputs: [{ ...remindersView, days: { first: '28/11/2026', last: '2027-11-27' } }, { ...remindersView, set: [{ key: 'donate', at: 5 }] }],
  },
  'reminders:set': {
    validInputs: [
      { key: 'donate', when: { kind: 'evening' } },
      { key: 'donate', when: { kind: 'morning' } },
      { key: 'donate', when: { kind: 'saturday' } },
      { key: 'donate', when: { kind: 'day', day: '2026-12-05' } },
      { key: 'donate', when: { kind: 'morning' }, shown: 1_795_860_000_000 },
    ],
    invalidInputs: [
      { key: 'donate', when: { kind: 'day' } },
      { key: 'donate', when: { kind: 'day', day: '5 December' } },
      { key: 'donate', when: { kind: 'tonight' } },
      { key: 'donate', when: { kind: 'evening', at: 1 } },
      { when: { kind: 'evening' } },
      { key: 'donate', when: { kind: 'morning' }, shown: -1 },
    ],
    validOutput: remindersView,
    invalidOutputs: [{ ...remindersView, options: [{ when: { kind: 'evening' }, label: '', time: '7 pm', at: 1 }] }],
  },
  'reminders:cancel': {
    validInputs: [{ key: 'donate' }],
    invalidInputs: [{}, { key: 7 }],
    validOutput: { ...remindersView, set: [], problem: 'Your reminders could not be read: it is empty.' },
    invalidOutputs: [{ set: [], due: [] }],
  },
  'debug:events': {
    validInputs: [{ limit: 50 }],
    invalidInputs: [{ limit: 0 }, { limit: 5000 }, {}],
    validOutput: { events: [{ type: 'turn-ended', seq: 3 }], total: 4 },
    invalidOutputs: [{ events: 'none', total: 0 }],
  },
  'sessions:export': {
    validInputs: [{ id: 's1' }],
    invalidInputs: [{ id: '../s1' }],
    validOutput: { fileName: 'tidying-session.tar.gz', archive: 'H4sI' },
    invalidOutputs: [{ fileName: '', archive: '' }],
  },
  'sessions:import': {
    validInputs: [{ upload: 'u1' }, { path: '/home/a/session.tar.gz' }, { pick: true }],
    invalidInputs: [{}, { upload: 'u1', path: '/x' }, { pick: false }],
    validOutput: undefined,
    invalidOutputs: [{ steps: [] }],
  },
  'sessions:delete': {
    validInputs: [{ id: 's1' }],
    invalidInputs: [{ id: 's1/..' }],
    validOutput: { deleted: true },
    invalidOutputs: [{ deleted: false }],
  },
  'coach:status': {
    validInputs: [undefined],
    invalidInputs: [{}],
    validOutput: { status: 'thinking', draft: 'Mug: ' },
    invalidOutputs: [{ status: 'busy' }],
  },
  'sprint:control': {
    validInputs: [{ action: 'pause' }, { action: 'resume' }, { action: 'skipBreak' }],
    invalidInputs: [undefined, {}, { action: 'stop' }, { action: 'pause', minutes: 5 }],
    validOutput: { changed: true },
    invalidOutputs: [{}, { changed: 'yes' }],
  },
  'coach:stop': {
    validInputs: [undefined],
    invalidInputs: [{ force: true }],
    validOutput: { stopped: false },
    invalidOutputs: [{}, { stopped: 'yes' }],
  },
  'session:windDown': {
    validInputs: [undefined],
    invalidInputs: [{}, { force: true }],
    validOutput: { outcome: 'windingDown' },
    invalidOutputs: [{}, { outcome: 'stopped' }, { windingDown: true }],
  },
  'session:undo': {
    validInputs: [{ answer: 'a1' }],
    invalidInputs: [undefined, {}, { answer: '' }, { answer: 'a1', all: true }, { answer: 'x'.repeat(65) }],
    validOutput: { outcome: 'gone' },
    invalidOutputs: [{}, { outcome: 'undone' }],
  },
  'question:answer': {
    validInputs: [
      { questionId: 'q1', answer: { kind: 'disposition', pick: { type: 'choice', index: 0 } } },
      { questionId: 'q1', answer: { kind: 'disposition', pick: { type: 'unsure' } } },
      { questionId: 'q1', answer: { kind: 'disposition', pick: { type: 'other', text: 'give to my sister' } } },
      { questionId: 'q1', answer: { kind: 'choice', selected: ['Work'], followUp: ['Design'] } },
      { questionId: 'q1', answer: { kind: 'confirm', yes: true } },
      { questionId: 'q1', answer: { kind: 'text', text: 'the lamp' } },
      { questionId: 'q1', answer: { kind: 'point', point: { photoId: 'h1', box: { x: 0.1, y: 0.2, width: 0.3, height: 0.4 } } } },
      { questionId: 'q1', answer: { kind: 'stop' } },
    ],
    invalidInputs: [
      { questionId: 'q1' },
      { questionId: '', answer: { kind: 'confirm', yes: true } },
      { questionId: 'q1', answer: { kind: 'disposition', pick: { type: 'choice', index: 4 } } },
      { questionId: 'q1', answer: { kind: 'disposition', pick: { type: 'other', text: '  ' } } },
      { questionId: 'q1', answer: { kind: 'maybe' } },
      { questionId: 'q1', answer: { kind: 'point', point: { photoId: 'h1', box: { x: 0.8, y: 0, width: 0.3, height: 0.4 } } } },
      { questionId: 'q1', answer: { kind: 'confirm', yes: true }, extra: 1 },
    ],
    validOutput: { accepted: true },
    invalidOutputs: [{ accepted: false }],
  },
  'photos:import': {
    validInputs: [{ uploads: ['u1'] }, { paths: ['/home/a/Pictures/room'] }, { uploads: ['u1'], paths: ['/p'] }],
    invalidInputs: [{}, { uploads: [] }, { uploads: [''] }, { uploads: ['u1'], extra: true }, { paths: 'one' }],
    validOutput: { imported: [], duplicates: [], skipped: [{ file: 'a.txt', reason: 'not-an-image', message: 'Not a photo.' }], tooDeep: [], capped: false, cancelled: false },
    invalidOutputs: [{ imported: [] }, { imported: [], duplicates: [], skipped: [{ file: 'a', reason: 'cursed', message: '' }], tooDeep: [], capped: false, cancelled: false }],
  },
  'detection:cancel': {
    validInputs: [undefined],
    invalidInputs: [{ all: true }],
    validOutput: { cancelled: 3 },
    invalidOutputs: [{ cancelled: -1 }, {}],
  },
  'rooms:home': {
    validInputs: [undefined],
    invalidInputs: [{ id: 'r1' }],
    validOutput: home,
    invalidOutputs: [{ ...home, rooms: [{ ...home.rooms[0], waiting: { undecided: -1, trips: 0 } }] }, { now: 1 }],
  },
  'rooms:page': {
    validInputs: [{ id: 'r1' }],
    invalidInputs: [undefined, { id: '../r1' }, { id: 'r1', extra: 1 }],
    validOutput: { now: 1, room: home.rooms[0], visits: [visit], totals },
    invalidOutputs: [{ now: 1, room: home.rooms[0], visits: [{ ...visit, counts: { here: 1 } }], totals }, {}],
  },
  'rooms:visit': {
    validInputs: [{ id: 'r1' }, { newRoom: true }],
    invalidInputs: [undefined, {}, { id: 'r1', newRoom: true }, { newRoom: false }, { id: 'r 1' }],
    validOutput: snapshot,
    invalidOutputs: [{ ...snapshot, state: { ...snapshot.state, room: { id: '' } } }],
  },
  'rooms:rename': {
    validInputs: [{ id: 'r1', name: 'Kids’ room' }, { id: 'r1', name: '  Den  ' }],
    invalidInputs: [{ id: 'r1', name: '   ' }, { id: 'r1', name: 'x'.repeat(61) }, { id: 'r1' }],
    validOutput: home,
    invalidOutputs: [{}],
  },
  'rooms:merge': {
    validInputs: [{ from: 'r1', into: 'r2' }],
    invalidInputs: [{ from: 'r1' }, { from: 'r1', into: '' }],
    validOutput: home,
    invalidOutputs: [{ rooms: [] }],
  },
  'rooms:moveSession': {
    validInputs: [{ sessionId: 's1', to: { room: 'r2' } }, { sessionId: 's1', to: { newRoom: true } }],
    invalidInputs: [{ sessionId: 's1' }, { sessionId: 's1', to: 'r2' }, { sessionId: 's1', to: { room: 'r2', newRoom: true } }],
    validOutput: home,
    invalidOutputs: [{}],
  },
  'rooms:delete': {
    validInputs: [{ id: 'r1' }, { id: 'r1', sessions: 'delete' }, { id: 'r1', sessions: { moveTo: 'r2' } }],
    invalidInputs: [{ id: 'r1', sessions: 'keep' }, { id: 'r1', sessions: { moveTo: '' } }, {}],
    validOutput: home,
    invalidOutputs: [{}],
  },
  'rooms:summary': {
    validInputs: [{ id: 'r1' }],
    invalidInputs: [undefined, { id: '' }],
    validOutput: { fileName: 'tidying-office.md', markdown: '# Office' },
    invalidOutputs: [{ fileName: '', markdown: '' }],
  },
  'rooms:setUpAgain': {
    validInputs: [undefined],
    invalidInputs: [{ force: true }],
    validOutput: { ...home, problem: undefined },
    invalidOutputs: [{ ...home, month: {} }],
  },
  'photos:pick': {
    validInputs: [undefined],
    invalidInputs: [{ folder: '/etc' }],
    validOutput: undefined,
    invalidOutputs: [{ imported: 'all' }],
  },
  'point:send': {
    validInputs: [
      { point: { photoId: 'h1', box: { x: 0, y: 0, width: 1, height: 1 } } },
      { point: { photoId: 'h1', box: { x: 0.45, y: 0.9, width: 0.1, height: 0.1 } } },
    ],
    invalidInputs: [
      undefined,
      {},
      { point: { photoId: '', box: { x: 0, y: 0, width: 0.5, height: 0.5 } } },
      { point: { photoId: 'h1', box: { x: -0.1, y: 0, width: 0.5, height: 0.5 } } },
      { point: { photoId: 'h1', box: { x: 0.6, y: 0, width: 0.5, height: 0.5 } } },
      { point: { photoId: 'h1', box: { x: 0, y: 0, width: 0, height: 0.5 } } },
      { point: { photoId: 'h1', box: { x: 0, y: 0, width: Number.NaN, height: 0.5 } } },
      { point: { photoId: 'h1', box: { x: 0, y: 0, width: Number.POSITIVE_INFINITY, height: 0.5 } } },
      { point: { photoId: 'h1', box: { x: 0, y: 0, width: 0.5 } } },
      { point: { photoId: 'h1', box: { x: 0, y: 0, width: 0.5, height: 0.5, z: 1 } } },
      { point: { photoId: 'h1', box: { x: 0, y: 0, width: 0.5, height: 0.5 } }, text: 'this' },
    ],
    validOutput: { messageId: 'm3' },
    invalidOutputs: [{}],
  },
  'phone:open': {
    validInputs: [undefined],
    invalidInputs: [{ address: '0.0.0.0' }],
    validOutput: openLink,
    invalidOutputs: [{ status: 'open' }, { ...openLink, url: 'javascript:alert(1)' }, { ...openLink, qr: ['01x'] }, { status: 'listening' }],
  },
  'phone:close': {
    validInputs: [undefined],
    invalidInputs: [{ now: true }],
    validOutput: { status: 'closed' },
    invalidOutputs: [{}, { status: 'failed' }],
  },
  'phone:end': {
    validInputs: [{ phoneId: 'p_1-x' }],
    invalidInputs: [undefined, {}, { phoneId: '' }, { phoneId: '../x' }, { phoneId: 'p1', all: true }],
    validOutput: openLink,
    invalidOutputs: [{ ...openLink, phones: [{ id: 'p1', name: 'iPhone', photos: -1, duplicates: 0, problems: [], ended: false }] }],
  },
  'phone:status': {
    validInputs: [undefined],
    invalidInputs: [{ id: 1 }],
    validOutput: { status: 'noNetwork' },
    invalidOutputs: [{ status: 'failed' }],
  },
  'chat:send': {
    validInputs: [{ text: 'hello' }, { text: '  padded  ' }],
    invalidInputs: [undefined, {}, { text: '' }, { text: '   ' }, { text: 'x'.repeat(4001) }, { text: 'hi', extra: 1 }, { text: 42 }],
    validOutput: { messageId: 'm2' },
    invalidOutputs: [{}, { messageId: 2 }],
  },
};

const pushCases: Record<string, { valid: unknown[]; invalid: unknown[] }> = {
  'photos:progress': {
    valid: [{ done: 1, total: 3, currentFile: 'desk.jpg' }],
    invalid: [{ done: -1, total: 3, currentFile: 'x' }, { done: 1 }],
  },
  'detection:progress': {
    valid: [{ done: 0, total: 12, failed: 0 }, { done: 12, total: 12, failed: 1 }],
    invalid: [{ done: 1, total: 2 }, { done: 0.5, total: 2, failed: 0 }, { done: -1, total: 2, failed: 0 }],
  },
  'coach:activity': {
    valid: [{ status: 'idle' }, { status: 'thinking', draft: 'Trash. Ne' }, { status: 'retrying', notice: 'busy' }, { status: 'error', notice: 'down' }],
    invalid: [{ status: 'sleeping' }, { status: 'error' }, {}],
  },
  'phone:changed': {
    valid: [{ status: 'closed' }, { status: 'failed', message: 'Try again.' }, openLink],
    invalid: [{ status: 'open', url: 'http://192.168.1.23:5000/x/' }, {}],
  },
  'reminders:changed': {
    valid: [remindersView],
    invalid: [{ ...remindersView, due: [{ key: 'donate', title: 'Donation', at: 1, words: '' }] }],
  },
  'reminders:notify': {
    valid: [{ title: 'A trip you planned', body: 'Donation: 4 things, from the office.', tag: 'tidying-reminder' }],
    invalid: [{ title: '', body: 'x', tag: 't' }, { title: 'x' }],
  },
  'clock:changed': {
    valid: [{ now: 1_700_000_060_000, runs: false }],
    invalid: [{ now: '2026-01-01', runs: false }, {}],
  },
  'session:changed': {
    valid: [snapshot],
    invalid: [undefined, { rev: 1 }, { ...snapshot, state: { ...snapshot.state, itemsProcessed: 1.5 } }],
  },
};

describe('the IPC contract', () => {
  it('has test rows for every channel', () => {
    expect(Object.keys(invokeCases).sort()).toEqual([...invokeChannels].sort());
    expect(Object.keys(pushCases).sort()).toEqual([...pushChannels].sort());
  });

  describe.each(invokeChannels)('invoke channel %s', (channel) => {
    const rows = invokeCases[channel]!;
    const schemas = contract.invoke[channel];
    it.each(rows.validInputs.map((input) => [input]))('accepts input %j', (input) => {
      expect(schemas.input.safeParse(input).success).toBe(true);
    });
    it.each(rows.invalidInputs.map((input) => [input]))('rejects input %j', (input) => {
      expect(schemas.input.safeParse(input).success).toBe(false);
    });
    it('accepts a valid output', () => {
      expect(schemas.output.safeParse(rows.validOutput).success).toBe(true);
    });
    it.each(rows.invalidOutputs.map((output) => [output]))('rejects output %j', (output) => {
      expect(schemas.output.safeParse(output).success).toBe(false);
    });
  });

  describe.each(pushChannels)('push channel %s', (channel) => {
    const rows = pushCases[channel]!;
    it.each(rows.valid.map((payload) => [payload]))('accepts %j', (payload) => {
      expect(contract.push[channel].safeParse(payload).success).toBe(true);
    });
    it.each(rows.invalid.map((payload) => [payload]))('rejects %j', (payload) => {
      expect(contract.push[channel].safeParse(payload).success).toBe(false);
    });
  });

  it('trims chat text before main sees it', () => {
    expect(contract.invoke['chat:send'].input.parse({ text: '  tidy  ' })).toEqual({ text: 'tidy' });
  });

  it('recognises only declared channel names, not inherited object keys', () => {
    expect(isInvokeChannel('chat:send')).toBe(true);
    expect(isInvokeChannel('toString')).toBe(false);
    expect(isInvokeChannel('__proto__')).toBe(false);
  });
});

describe('the wire envelopes', () => {
  it('accepts invoke and cancel frames and nothing else', () => {
    expect(ClientFrameSchema.safeParse({ type: 'invoke', id: 'c1', channel: 'app:info' }).success).toBe(true);
    expect(ClientFrameSchema.safeParse({ type: 'cancel', id: 'c1' }).success).toBe(true);
    expect(ClientFrameSchema.safeParse({ type: 'invoke', channel: 'app:info' }).success).toBe(false);
    expect(ClientFrameSchema.safeParse({ type: 'invoke', id: '', channel: 'app:info' }).success).toBe(false);
    expect(ClientFrameSchema.safeParse({ type: 'invoke', id: 'x'.repeat(65), channel: 'app:info' }).success).toBe(false);
    expect(ClientFrameSchema.safeParse({ type: 'subscribe', id: 'c1' }).success).toBe(false);
  });

  it('requires a typed error on failed results', () => {
    expect(InvokeResultSchema.safeParse({ id: 'c1', ok: false, error: { code: 'internal', message: 'x' } }).success).toBe(true);
    expect(InvokeResultSchema.safeParse({ id: 'c1', ok: false, error: { code: 'oops', message: 'x' } }).success).toBe(false);
    expect(ServerFrameSchema.safeParse({ type: 'push', channel: 'session:changed', payload: {} }).success).toBe(true);
  });
});
