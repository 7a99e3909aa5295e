/** Every prompt and every line the coaches say, rendered from the real templates with a realistic session. */
import { readdirSync } from 'node:fs';
import { utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import type { Mode, SessionState } from '../../shared/session/schema';
import { startSprint } from '../../shared/sprints/sprint';
import { templateContext } from '../coach/context';
import { MODE_TEMPLATES } from '../coach/modes';
import { newSessionState } from '../session';
import { TEMPLATES_DIR } from '../../../test-support/fixtures';
import { tempFolder } from '../../../test-support/temp-folder';
import { createTemplateRenderer, dropTagLines } from '.';

const templates = createTemplateRenderer(TEMPLATES_DIR);
const START = Date.UTC(2026, 10, 22, 10, 0, 0);
const NOW = START + 12 * 60_000;

/**
 * Where a line end was lost, two sentences or list entries are glued: "yet.Items", "left.Piles", "booksEarlier",
 * "trash- pen". Names in camelCase (the vision prompt's `roomType:`, an action's `"instructTrash"`) are words, not glue.
 */
function runTogether(text: string): string[] {
  return [...text.replace(/\b[a-z]+(?:[A-Z][a-z]+)+(?=:|")/g, '').matchAll(/\S*(?:[a-z0-9.,:;!?)][A-Z]|[a-z.)]- )\S*/g)].map((match) => match[0]);
}


/** Twelve minutes into a session in a home office: photos looked at, a few decisions, a sprint running. */
function session(mode: Mode, changes: Partial<SessionState> = {}): SessionState {
  return {
    ...newSessionState('s', START),
    mode,
    spaceFunction: 'work (design)',
    anchors: ['desk', 'drawing tablet'],
    itemsProcessed: 3,
    sprint: startSprint(undefined, START + 9 * 60_000, 15 * 60_000, 5 * 60_000),
    piles: {
      belongs: [{ id: 'b', name: 'stapler', outcome: 'place', location: 'desk drawer', decidedAt: START + 120_000 }],
      out: [{ id: 'a', name: 'amazon envelope', outcome: 'trash', decidedAt: START + 60_000 }],
      unsure: [{ id: 'c', name: 'old mug', outcome: 'unsure', decidedAt: START + 180_000 }],
    },
    decisions: [
      { item: 'amazon envelope', outcome: 'trash', at: START + 60_000 },
      { item: 'stapler', outcome: 'place', location: 'desk drawer', at: START + 120_000 },
      { item: 'old mug', outcome: 'unsure', at: START + 180_000 },
    ],
    photos: [
      {
        id: 'desk',
        fileName: 'desk.jpg',
        width: 1000,
        height: 600,
        facts: {
          roomType: 'home office',
          chaosLevel: 'cluttered',
          visibleItems: ['cardboard box under the desk', 'cables'],
          blockedFunction: 'no room to draw',
          firstTarget: 'the cardboard box',
        },
        detections: { items: [{ id: '1', label: 'cup', name: 'mug', score: 0.8, box: { x: 300, y: 300, width: 60, height: 80 } }], busy: [] },
      },
      {
        id: 'shelf',
        fileName: 'shelf.jpg',
        width: 1000,
        height: 600,
        facts: { roomType: 'bookshelf', chaosLevel: 'moderate', visibleItems: ['books'] },
      },
    ],
    carriedOver: { from: 'earlier-1', space: 'work (design)', anchors: ['desk'], unsure: ['tangled cable'], nextTime: ['The drawer'] },
    ...changes,
  };
}

/** Eight person turns, of which the oldest two are summarised in the prompt. */
const HISTORY: ModelMessage[] = Array.from({ length: 8 }, (_, turn): ModelMessage[] => [
  { role: 'user', content: `message ${turn + 1}` },
  { role: 'assistant', content: 'ok' },
]).flat();

function coachPrompt(state: SessionState): string {
  return templates.render(MODE_TEMPLATES[state.mode.kind], templateContext(state, { now: NOW, history: HISTORY, recentTurns: 6, droppedTurns: 1 }));
}

const MODES: Mode[] = [
  { kind: 'surveying' },
  { kind: 'sorting', currentItem: 'blue mug', itemLocation: 'on the windowsill' },
  { kind: 'clarifying', item: 'green device', photoContext: 'desk.jpg, by the desk leg', reason: 'the person could not see it' },
  { kind: 'decisionSupport', stuckItem: 'old mug', reframeQuestion: 'Have you used it in the past year?' },
  { kind: 'windingDown', sessionSummary: '3 things decided.', nextTime: ['old mug'] },
];

describe('the conversational coach’s prompt', () => {
  it.each(MODES.map((mode) => [mode.kind, mode] as const))('in %s mode, keeps every line of its context on its own line', (_kind, mode) => {
    const prompt = coachPrompt(session(mode));
    expect(runTogether(prompt)).toEqual([]);
    expect(prompt.split('\n')).toEqual(
      expect.arrayContaining([
        'The space is for: work (design).',
        'Must stay no matter what: desk, drawing tablet.',
        'Things decided so far: 3 in 12 min. Sprint 1: 12 min left.',
        'Piles: 1 stays here, 0 go elsewhere in the home, 1 leaves the home, 1 undecided.',
        'Undecided so far: old mug.',
        'Left from last time (the person chose to start with these): still to decide: tangled cable. For this time: The drawer.',
        'Recent decisions (oldest first):',
        '- amazon envelope: trash, leaves the home',
        '- stapler: place (desk drawer), stays here',
        '- old mug: unsure, undecided',
        'What the photos show:',
        '- desk.jpg: home office, cluttered; visible: cardboard box under the desk, cables; blocked: no room to draw; first target: the cardboard box; found on the device, not decided yet: mug (left side)',
        '- shelf.jpg: bookshelf, moderate; visible: books',
        'Earlier in this session (3 older turns, summarised):',
        '- person said: message 1',
        '- person said: message 2',
      ]),
    );
  });

  it('at the very start says the space is not known yet on a line of its own, with no empty lines where nothing is known', () => {
    const fresh = { ...newSessionState('s', START), sprint: startSprint(undefined, START, 15 * 60_000, 5 * 60_000) };
    const prompt = templates.render('coach/surveying.njk', templateContext(fresh, { now: START, history: [], recentTurns: 6, droppedTurns: 0 }));
    expect(prompt).not.toContain('yet.Things');
    expect(prompt).not.toContain('left.Piles');
    expect(prompt.split('\n').slice(-3)).toEqual(['What the space is for: not known yet.', 'Things decided so far: 0. Sprint 1: 15 min left.', 'Piles: 0 stay here, 0 go elsewhere in the home, 0 leave the home, 0 undecided.']);
    expect(prompt).not.toMatch(/\n\n\n/);
  });

  it('gives the item in hand the recommendation table’s choices for this space, recommended first', () => {
    const prompt = coachPrompt(session({ kind: 'sorting', currentItem: 'blue mug', itemLocation: 'on the windowsill' }));
    expect(prompt.split('\n')).toContain(
      'Usual choices for it in this space: To the kitchen (recommended), then Keep it here or Donate. Keepsakes and photos are never trash; medicines never go in the bin.',
    );
    const unknown = coachPrompt(session({ kind: 'sorting', currentItem: 'green device' }));
    expect(unknown).toContain('Usual choices for it in this space: not a kind of thing the table knows: ask where it goes rather than guessing.');
    expect(coachPrompt(session({ kind: 'sorting' }))).not.toContain('Usual choices');
  });

  it('keeps the question it last asked apart from the rules in decision support', () => {
    const prompt = coachPrompt(session({ kind: 'decisionSupport', stuckItem: 'old mug', reframeQuestion: 'Would you buy it again?' }));
    expect(prompt).toContain('Stuck on: old mug.\nYou last asked: Would you buy it again?\n\n- Reframe');
  });
});

describe('the guided coach’s model prompts', () => {
  it('keeps the space and the piles on lines of their own when phrasing a reply', () => {
    const prompt = templates.render('guided/phrase.njk', {
      action: '{"kind":"instructTrash","item":"envelope","outcome":"trash"}',
      draft: 'Envelope: trash. Next.',
      function: 'work',
      piles: { text: '1 stays here, 0 go elsewhere in the home, 2 leave the home, 0 undecided' },
    });
    expect(runTogether(prompt)).toEqual([]);
    expect(prompt.split('\n').slice(-4)).toEqual([
      'The decided action: {"kind":"instructTrash","item":"envelope","outcome":"trash"}',
      'The draft: Envelope: trash. Next.',
      'The space is for: work.',
      'Piles: 1 stays here, 0 go elsewhere in the home, 2 leave the home, 0 undecided.',
    ]);
  });

  it('ends the extraction prompt with what the coach asked, then the space, each on its own line', () => {
    const prompt = templates.render('guided/extract.njk', { expecting: { kind: 'disposition', item: 'mug' }, function: 'work' });
    expect(runTogether(prompt)).toEqual([]);
    expect(prompt.split('\n').slice(-2)).toEqual(['The coach asked where the mug goes.', 'The space is for: work.']);
  });
});

describe('every template', () => {
  const files = ['coach', 'guided', 'sprints'].flatMap((folder) =>
    readdirSync(path.join(TEMPLATES_DIR, folder)).filter((name) => name.endsWith('.njk')).map((name) => `${folder}/${name}`),
  );

  it.each(files)('%s renders with no sentence running into the next', (name) => {
    const state = session({ kind: 'sorting' });
    const context = {
      ...templateContext(state, { now: NOW, history: HISTORY, recentTurns: 6, droppedTurns: 1 }),
      item: 'blue mug',
      Item: 'Blue mug',
      where: 'on the windowsill',
      expecting: { kind: 'item' },
      piles: { belongs: 1, out: 2, unsure: 3 },
      minutes: 15,
    };
    expect(runTogether(templates.render(name, context))).toEqual([]);
  });
});

describe('names in the coach’s sentences', () => {
  const said = (name: string, context: object) => templates.render(`guided/${name}.njk`, context);
  const AWKWARD = ['an empty crisp packet', 'scissors', "my grandma's ring", '12 books'];

  it('asks where a thing lives and where it goes with the right article and verb', () => {
    expect(AWKWARD.map((item) => said('ask-where-live', { item }))).toEqual([
      'Where does the empty crisp packet live?',
      'Where do the scissors live?',
      "Where does my grandma's ring live?",
      'Where do the 12 books live?',
    ]);
    expect(said('ask-clarify', { about: 'disposition', item: 'scissors' })).toBe('I didn’t catch that. Where do the scissors go?');
    expect(said('extract', { expecting: { kind: 'location', item: 'socks' } }).split('\n').at(-1)).toMatch(/^The coach asked where the socks live: a place they name is the answer/);
  });

  it('names the thing in hand with "the" or its owner, once', () => {
    expect(said('decision-aid', { item: "my grandma's ring", function: 'sleep' })).toMatch(/^No rush with my grandma's ring\. /);
    expect(said('decision-aid', { item: 'the empty crisp packet', function: 'sleep' })).toMatch(/^No rush with the empty crisp packet\. /);
    expect(said('ask-item-decision', { item: 'an empty crisp packet', where: 'on the desk', picked: true })).toBe(
      'Let me pick one for you: the empty crisp packet, on the desk. Just this one thing.',
    );
    expect(said('ask-item-decision', { item: "my grandma's ring", where: 'on the desk', pointed: 'one' })).toBe("My grandma's ring you pointed at (on the desk).");
    expect(said('pivot-away', { trigger: 'boxes', location: 'desk' })).toBe('Leave the boxes for another day. Turn to the desk instead: tell me one thing there.');
  });

  it('says "a", "an" or "some" for what it found, and counts in number', () => {
    expect(said('ask-function', { seen: ['umbrella', 'scissors', 'cup'] })).toBe('In your photos I can see an umbrella, some scissors and a cup. What is this space mostly for?');
    expect(said('ask-which-one', { item: 'cup', options: [{}, {}] })).toMatch(/^I can see 2 cups\. Which one\?/);
    expect(said('summary', { summary: '1 thing decided: 1 stays here.', nextTime: [] })).toBe('Good stopping point. 1 thing decided: 1 stays here.');
    expect(said('instruct-split', { unsure: 1, categories: [{ name: 'cables', items: ['cable'] }] })).toMatch(/^1 thing is undecided\./);
    expect(said('instruct-split', { unsure: 5, categories: [{ name: 'cables', items: ['cable'] }] })).toMatch(/^5 things are undecided\./);
  });

  it('says where recycling that is not the household bin goes', () => {
    expect(said('instruct-trash', { Item: 'Old paracetamol', outcomeWord: 'recycling', location: 'pharmacy' })).toBe('Old paracetamol: recycling → pharmacy. Next.');
    expect(said('instruct-trash', { Item: 'Crisp packet', outcomeWord: 'trash' })).toBe('Crisp packet: trash. Next.');
  });

  it('says where a thing goes as a place: "to the garage", "to mom’s house", "to work"', () => {
    expect(['garage', 'the kitchen drawer', "mom's house", 'work'].map((location) => said('instruct-place', { Item: 'Box', location }))).toEqual([
      'Box: to the garage. Next.',
      'Box: to the kitchen drawer. Next.',
      "Box: to mom's house. Next.",
      'Box: to work. Next.',
    ]);
  });
});

describe('lines of tags alone', () => {
  it('leave nothing behind, while a line of text keeps its line end even when it ends in a tag', () => {
    expect(dropTagLines('{% if a %}\n  {% for x in xs %}\nA {{ x }}{% if b %} b{% endif %}\n{% endfor %}{% endif %}\n{# why #}\nB\n')).toBe(
      '{% if a %}{% for x in xs %}A {{ x }}{% if b %} b{% endif %}\n{% endfor %}{% endif %}{# why #}B\n',
    );
  });
});

describe('a prompt template changed while the app runs', () => {
  it('is read again at the next render, a partial it includes too', async () => {
    const dir = await tempFolder('tidy-templates-');
    await writeFile(path.join(dir, 'card.njk'), 'Card: {% include "part.njk" %}');
    await writeFile(path.join(dir, 'part.njk'), 'the {{ item }}.');
    const renderer = createTemplateRenderer(dir);
    expect(renderer.render('card.njk', { item: 'mug' })).toBe('Card: the mug.');
    expect(renderer.render('card.njk', { item: 'lamp' })).toBe('Card: the lamp.');
    await writeFile(path.join(dir, 'part.njk'), 'the {{ item }}, please.');
    // A second later, so even a file system that keeps whole seconds sees the change.
    const later = new Date(Date.now() + 1000);
    await utimes(path.join(dir, 'part.njk'), later, later);
    expect(renderer.render('card.njk', { item: 'mug' })).toBe('Card: the mug, please.');
    await writeFile(path.join(dir, 'card.njk'), 'Next: {% include "part.njk" %}');
    await utimes(path.join(dir, 'card.njk'), new Date(Date.now() + 2000), new Date(Date.now() + 2000));
    expect(renderer.render('card.njk', { item: 'mug' })).toBe('Next: the mug, please.');
  });
});
