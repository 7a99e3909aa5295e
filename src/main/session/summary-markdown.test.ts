import { describe, expect, it } from 'vitest';
import { newSessionState } from '../../shared/session/new-session';
import { sessionSummaryMarkdown } from './summary-markdown';

const state = {
  ...newSessionState('s1', Date.UTC(2026, 10, 22, 9)),
  spaceFunction: 'work from home: design',
  anchors: ['desk', 'lamp'],
  itemsProcessed: 3,
  piles: {
    out: [{ id: 'a', name: 'empty amazon envelope', outcome: 'recycle' as const, decidedAt: 1 }],
    belongs: [{ id: 'b', name: 'coffee mug', outcome: 'place' as const, location: 'kitchen', decidedAt: 2 }],
    unsure: [{ id: 'c', name: 'sketchbook [2019]', outcome: 'unsure' as const, decidedAt: 3 }],
  },
  photos: [
    { id: 'p1', fileName: 'desk.jpg', width: 10, height: 10 },
    { id: 'p2', fileName: 'gone.jpg', width: 10, height: 10 },
  ],
  status: 'ended' as const,
  ending: { summary: '3 things decided.', nextTime: ['Decide on the sketchbook'], endedAt: 5 },
};

describe('the Markdown summary', () => {
  it('has the space, the piles, next time and the photos it has thumbnails for', () => {
    const markdown = sessionSummaryMarkdown(state, new Map([['p1', new Uint8Array([1, 2, 3])]]));
    expect(markdown).toContain('# Tidying session, 2026-11-22');
    expect(markdown).toContain('Space for: work from home: design · Stays: desk, lamp');
    expect(markdown).toContain('3 things decided: 0 stay here, 1 goes elsewhere in the home, 1 leaves the home, 1 undecided.');
    expect(markdown).toContain('## Goes elsewhere in the home\n\n- coffee mug → kitchen');
    expect(markdown).toContain('## Leaves the home\n\n- empty amazon envelope (recycle)');
    expect(markdown).toContain('## Undecided\n\n- sketchbook \\[2019\\]\n');
    expect(markdown).not.toContain('## Stays here');
    expect(markdown).toContain('## Next time\n\n- Decide on the sketchbook');
    expect(markdown).toContain('![desk.jpg](data:image/webp;base64,AQID)');
    expect(markdown).not.toContain('gone.jpg');
  });

  it('shows before and after side by side with what moved, the photos taken in between apart', () => {
    const photos = [
      { id: 'b1', fileName: 'desk.jpg', width: 10, height: 10, stage: 'before' as const },
      { id: 'b2', fileName: 'floor.jpg', width: 10, height: 10, stage: 'before' as const },
      { id: 'm1', fileName: 'drawer.jpg', width: 10, height: 10 },
      { id: 'a1', fileName: 'desk again.jpg', width: 10, height: 10, stage: 'after' as const },
    ];
    const thumbnails = new Map(photos.map((photo) => [photo.id, new Uint8Array([1])]));
    const markdown = sessionSummaryMarkdown({ ...state, photos }, thumbnails);
    expect(markdown).toContain('## Before and after\n\nWhat moved: 1 goes elsewhere in the home, 1 leaves the home, 1 undecided.\n\n| Before | After |\n| --- | --- |');
    expect(markdown).toContain('| ![desk.jpg](data:image/webp;base64,AQ==) | ![desk again.jpg](data:image/webp;base64,AQ==) |');
    expect(markdown).toContain('| ![floor.jpg](data:image/webp;base64,AQ==) |   |');
    expect(markdown).toContain('## Other photos\n\n![drawer.jpg]');
    expect(markdown.indexOf('drawer.jpg')).toBeGreaterThan(markdown.indexOf('desk again.jpg'));
  });

  it('says under the before and after what the detector counted in an after photo of the same view', () => {
    const view = btoa(String.fromCharCode(...Array.from({ length: 256 }, (_, cell) => (cell % 16) * 16)));
    const cup = { id: '1', label: 'cup' as const, name: 'cup', score: 0.5, box: { x: 0, y: 0, width: 5, height: 5 } };
    const photos = [
      { id: 'b1', fileName: 'desk.jpg', width: 10, height: 10, stage: 'before' as const, view, detections: { items: [cup, { ...cup, id: '2' }], busy: [] } },
      { id: 'a1', fileName: 'desk-now.jpg', width: 10, height: 10, stage: 'after' as const, view, detections: { items: [], busy: [] } },
    ];
    const markdown = sessionSummaryMarkdown({ ...state, photos }, new Map(photos.map((photo) => [photo.id, new Uint8Array([1])])));
    expect(markdown).toContain(
      '| ![desk.jpg](data:image/webp;base64,AQ==) | ![desk\\-now.jpg](data:image/webp;base64,AQ==) |\n\ndesk\\-now.jpg shows the same view as desk.jpg. Things the detector could see there: 2 before, 0 after. Their outlines covered 25% of the photo before, 0% after.\n\nIt counts only the things the detector recognises',
    );
  });

  it('says when a session is not finished, and leaves out empty piles', () => {
    const markdown = sessionSummaryMarkdown({ ...newSessionState('s2', 0) }, new Map());
    expect(markdown).toContain('This session is not finished yet.');
    expect(markdown).not.toContain('## Stays here');
  });
});

describe('the exit plan in the Markdown summary', () => {
  const ended = {
    ...state,
    piles: {
      out: [
        { id: 'a', name: 'empty amazon envelope', outcome: 'recycle' as const, decidedAt: 1 },
        { id: 't', name: 'old *receipts*', outcome: 'trash' as const, decidedAt: 2 },
        { id: 'd', name: 'blue jumper', outcome: 'donate' as const, decidedAt: 3 },
      ],
      belongs: [
        { id: 'b', name: 'coffee mug', outcome: 'place' as const, location: 'kitchen', decidedAt: 4 },
        { id: 'p', name: 'plate', outcome: 'place' as const, location: 'Kitchen', decidedAt: 5 },
        { id: 'k', name: 'lamp', outcome: 'keep' as const, decidedAt: 6 },
      ],
      unsure: [],
    },
  };

  it('lists each group as a task list, ticked where done, after the piles', () => {
    const markdown = sessionSummaryMarkdown(ended, new Map(), new Set(['t', 'p']));
    expect(markdown).toContain('## Exit plan\n\n2 of 5 done.');
    expect(markdown).toContain('### Leaves the home (3)\n\n#### Trash\n\nInto the bin on the way out.\n\n- [x] old \\*receipts\\*');
    expect(markdown).toContain('#### Recycling');
    expect(markdown).toContain('- [ ] empty amazon envelope');
    expect(markdown).toMatch(/#### Donation\n\nBag it[^\n]*\n\n- \[ \] blue jumper/);
    expect(markdown).toContain('### Goes elsewhere in the home (2)\n\n#### To the kitchen\n\n- [ ] coffee mug\n- [x] plate');
    expect(markdown).not.toContain('] lamp');
    expect(markdown.indexOf('## Exit plan')).toBeGreaterThan(markdown.indexOf('## Stays here'));
    expect(markdown.indexOf('## Exit plan')).toBeLessThan(markdown.indexOf('## Next time'));
  });

  it('has nothing ticked when no ticks are given, and no section when nothing leaves', () => {
    expect(sessionSummaryMarkdown(ended, new Map())).toContain('0 of 5 done.');
    expect(sessionSummaryMarkdown(ended, new Map())).not.toContain('- [x]');
    expect(sessionSummaryMarkdown({ ...newSessionState('s3', 0) }, new Map())).not.toContain('## Exit plan');
  });
});
