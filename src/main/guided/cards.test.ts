import { describe, expect, it } from 'vitest';
import { CocoLabelSchema } from '../../shared/detection/schema';
import { itemKindOf } from '../../shared/recommendations/table';
import { classInfo, isProposable } from '../../shared/detection/classes';
import { ASK_CHOICES, cardChoices } from './cards';

const workRoom = { function: 'Work (Design)', anchors: ['desk'] };

describe('the guided coach’s cards', () => {
  it('come from the recommendation table for the space: papers in a work room are filed first', () => {
    expect(cardChoices('pile of old papers', workRoom)[0]).toMatchObject({ label: 'File it' });
    expect(cardChoices('blue mug', workRoom)[0]).toMatchObject({ label: 'To the kitchen', location: 'kitchen' });
    expect(cardChoices('hoodie', { function: 'Sleep', anchors: [] })[0]).toMatchObject({ label: 'To the wardrobe' });
  });

  it('lead with keeping an anchor', () => {
    expect(cardChoices('desk lamp', workRoom).map((choice) => choice.disposition)).toEqual(['keep', 'donate']);
  });

  it('ask where a thing the table does not know lives, with no destination to guess', () => {
    expect(cardChoices('mysterious green device', workRoom)).toEqual(ASK_CHOICES);
    expect(ASK_CHOICES[0]).toMatchObject({ disposition: 'place' });
    expect(ASK_CHOICES[0]).not.toHaveProperty('location');
  });

  it('know every kind of thing the detector can propose', () => {
    const unknown = CocoLabelSchema.options.filter((label) => isProposable(label) && !itemKindOf(classInfo(label).name));
    expect(unknown).toEqual([]);
  });
});
