// The layers of docs/architecture.md, enforced by `npm run lint` (dependency-cruiser). Bottom to top:
//   contract (src/shared) → foundations → coaches → sessions & core → adapters.
// A module may import its own layer and the layers below it, never above; nothing imports in a cycle (type-only
// imports included). Change a layer here and in docs/architecture.md together.

const TEST = '\\.test\\.tsx?$';

/** Each folder of src/main belongs to exactly one layer. */
const layers = require('./scripts/layers.cjs');

const folders = (names) => `^src/main/(${names.join('|')})/`;
const FOUNDATIONS = folders(layers.foundations);
const COACHES = folders(layers.coaches);
const SESSIONS = folders(layers.sessions);
// The two entry files (src/main/index.ts for Electron, src/main/web.ts for web mode) are adapters too.
const ADAPTERS = [folders(layers.adapters), '^src/main/[^/]+\\.ts$'];
const LAYERED = [FOUNDATIONS, COACHES, SESSIONS, ...ADAPTERS];
const TOOLING = '^(test-support|bench|e2e|scripts|packaging)/';

/** A layer may not reach the ones above it. */
function upward(name, from, above) {
  return {
    name,
    severity: 'error',
    comment: `${name}: a layer imports only its own and lower layers (docs/architecture.md).`,
    from: { path: from, pathNot: TEST },
    to: { path: above },
  };
}

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles, type-only ones included, tie modules together so neither can change alone.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-is-the-contract',
      severity: 'error',
      comment: 'src/shared runs in main, preload and the page: it imports only src/shared.',
      from: { path: '^src/shared/' },
      to: { path: '^(src/(main|preload|renderer)|test-support|bench|e2e|scripts|packaging)/' },
    },
    {
      name: 'renderer-reaches-main-only-through-the-bridge',
      severity: 'error',
      comment: 'The renderer imports only src/shared and its own files.',
      from: { path: '^src/renderer/', pathNot: TEST },
      to: { path: '^(src/(main|preload)|test-support|bench|e2e|scripts|packaging)/' },
    },
    {
      name: 'preload-is-thin',
      severity: 'error',
      comment: 'The preload imports only src/shared (and electron).',
      from: { path: '^src/preload/' },
      to: { path: '^(src/(main|renderer)|test-support|bench|e2e|scripts|packaging)/' },
    },
    upward('foundations-below-coaches', FOUNDATIONS, [COACHES, SESSIONS, ...ADAPTERS]),
    upward('coaches-below-sessions', COACHES, [SESSIONS, ...ADAPTERS]),
    upward('sessions-below-adapters', SESSIONS, ADAPTERS),
    {
      name: 'core-is-the-top-of-its-layer',
      severity: 'error',
      comment: 'core wires everything together: only the adapters (and tooling) import it.',
      from: { path: '^src/main/', pathNot: ['^src/main/core/', ...ADAPTERS, TEST] },
      to: { path: '^src/main/core/' },
    },
    {
      name: 'every-folder-has-a-layer',
      severity: 'error',
      comment:
        'A new folder under src/main needs a layer: add it to .dependency-cruiser.cjs and docs/architecture.md.',
      from: { path: '^src/main/', pathNot: LAYERED },
      to: {},
    },
    {
      name: 'every-folder-has-a-layer',
      severity: 'error',
      comment:
        'A new folder under src/main needs a layer: add it to .dependency-cruiser.cjs and docs/architecture.md.',
      from: {},
      to: { path: '^src/main/', pathNot: LAYERED },
    },
    {
      name: 'product-uses-no-test-tooling',
      severity: 'error',
      comment: 'Product code imports no test, bench, e2e, script or packaging tooling; tests may.',
      from: { path: '^src/', pathNot: TEST },
      to: { path: TOOLING },
    },
    {
      name: 'electron-stand-in-only-under-test',
      severity: 'error',
      comment:
        'The Electron stand-in (test-support/electron-stand-in) is what `electron` resolves to under Vitest: only tests and test support use it; the app, bench, e2e and scripts never do.',
      from: { pathNot: [TEST, '^test-support/'] },
      to: { path: '^test-support/electron-stand-in/' },
    },
    {
      name: 'product-uses-no-test-libraries',
      severity: 'error',
      comment: 'Test libraries stay out of the product; tests may use them.',
      from: { path: '^src/', pathNot: TEST },
      // Not anchored: a checkout whose node_modules is a link resolves packages to where the link points.
      to: { path: '(^|/)node_modules/(vitest|@vitest|@playwright|playwright|playwright-core|fast-check|@axe-core)/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.node.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(out|coverage|test-results)/' },
    enhancedResolveOptions: { conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
