/** `npm run train:intent`: rebuilds the learned reader's shipped learnings from the labelled sets of answers. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildShippedModel, MODEL_FILE } from '../src/main/guided/intent/train';

const model = buildShippedModel();
writeFileSync(MODEL_FILE, `${JSON.stringify(model)}\n`);
const total = Object.values(model.trainedOn).reduce((sum, count) => sum + count, 0);
console.log(`Wrote ${fileURLToPath(MODEL_FILE)}: learned from ${total} answers (${Object.entries(model.trainedOn).map(([name, count]) => `${name} ${count}`).join(', ')}), ${(model.learnings.length / 1024).toFixed(0)} KB.`);
