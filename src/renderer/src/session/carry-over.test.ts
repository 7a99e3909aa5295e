import { describe, expect, it } from 'vitest';
import { newSessionState } from '../../../shared/session/new-session';
import { canOfferCarryOver, carryOverText } from './carry-over';

describe('carryOverText', () => {
  it('says the space and both counts', () => {
    expect(carryOverText({ from: 's1', space: 'desk work', anchors: [], unsure: ['mug', 'lamp', 'cable', 'box'], nextTime: ['Drawer', 'Shelf'] })).toBe(
      'Last time (desk work): 4 unsure items and 2 things for next time.',
    );
  });

  it('says one thing in the singular and leaves out what is not there', () => {
    expect(carryOverText({ from: 's1', anchors: [], unsure: ['mug'], nextTime: [] })).toBe('Last time: 1 unsure item.');
    expect(carryOverText({ from: 's1', space: 'sleeping', anchors: [], unsure: [], nextTime: ['Drawer'] })).toBe('Last time (sleeping): 1 thing for next time.');
  });
});

describe('canOfferCarryOver', () => {
  const fresh = newSessionState('s2', 1000);

  it('offers in a session with nothing from the person, a coach notice included', () => {
    expect(canOfferCarryOver({ ...fresh, messages: [{ id: 'c', role: 'coach', text: 'No model is set up…', at: 1000 }] })).toBe(true);
  });

  it('stops offering once the person has said anything, added photos or chosen', () => {
    expect(canOfferCarryOver({ ...fresh, queued: [{ id: 'm', role: 'person', text: 'hi', at: 1001 }] })).toBe(false);
    expect(canOfferCarryOver({ ...fresh, messages: [{ id: 'm', role: 'person', text: 'hi', at: 1001 }] })).toBe(false);
    expect(canOfferCarryOver({ ...fresh, photos: [{ id: 'p', fileName: 'a.jpg', width: 1, height: 1 }] })).toBe(false);
    expect(canOfferCarryOver({ ...fresh, carriedOver: { from: 's1', anchors: [], unsure: ['mug'], nextTime: [] } })).toBe(false);
    expect(canOfferCarryOver({ ...fresh, status: 'ended' })).toBe(false);
    expect(canOfferCarryOver(undefined)).toBe(false);
  });
});
