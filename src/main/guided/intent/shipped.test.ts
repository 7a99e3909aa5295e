import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { shippedClassifier, ShippedModelSchema } from './shipped';
import { buildShippedModel, MODEL_FILE } from './train';

describe('the shipped learnings', () => {
  it('are what `npm run train:intent` builds from the labelled sets today', () => {
    const shipped = ShippedModelSchema.parse(JSON.parse(readFileSync(MODEL_FILE, 'utf8')));
    const built = buildShippedModel();
    expect(shipped.trainedOn, 'a labelled set changed: run `npm run train:intent`').toEqual(built.trainedOn);
    expect(shipped.learnings === built.learnings, 'a labelled set changed: run `npm run train:intent`').toBe(true);
  });

  it('load and read', () => {
    expect(shippedClassifier().classify('rubbish', { kind: 'disposition', item: 'crisp packet' })[0]!.intent).toBe('disposition:trash');
  });
});
