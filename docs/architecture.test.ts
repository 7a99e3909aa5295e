/**
 * The layers of docs/architecture.md are live: `npm run lint:layers` refuses what the page forbids, and the page,
 * the lint's layer lists and the folders under src/main agree.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { appendFile, cp, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const layers = createRequire(import.meta.url)('../scripts/layers.cjs') as Record<string, string[]>;
const DEPCRUISE = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');

interface LintRun {
  readonly code: number;
  readonly output: string;
}

/** Runs the same command as `npm run lint:layers` in `dir`. */
function lintLayers(dir: string): Promise<LintRun> {
  const args = [DEPCRUISE, 'src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err', '--no-progress'];
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: dir }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

describe('the layers of docs/architecture.md', () => {
  let scratch: string;

  beforeAll(async () => {
    // A scratch copy of the sources and the lint's configuration; the repository itself is never touched.
    scratch = await mkdtemp(path.join(os.tmpdir(), 'tidy-layers-'));
    await cp(path.join(ROOT, 'src'), path.join(scratch, 'src'), {
      recursive: true,
      filter: (source) => !/[\\/]fixtures([\\/]|$)/.test(source),
    });
    for (const file of ['.dependency-cruiser.cjs', 'tsconfig.base.json', 'tsconfig.node.json']) {
      await cp(path.join(ROOT, file), path.join(scratch, file));
    }
    await cp(path.join(ROOT, 'scripts/layers.cjs'), path.join(scratch, 'scripts/layers.cjs'));
    await symlink(path.join(ROOT, 'node_modules'), path.join(scratch, 'node_modules'), 'dir');
  });

  afterAll(async () => {
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('the code as it is breaks none of them', async () => {
    const run = await lintLayers(scratch);
    expect(run.output).toContain('no dependency violations found');
    expect(run.code).toBe(0);
  });

  it('a type-only import cycle added under src/main is refused, naming the modules of the cycle', async () => {
    // effects is below agent; agent.ts imports effects, so this closes a cycle through a type-only import.
    const effects = path.join(scratch, 'src/main/effects/effects.ts');
    const before = await readFile(effects, 'utf8');
    await appendFile(effects, "\nimport type { Agent } from '../agent/agent';\nexport type AgentOfEffects = Agent;\n");
    try {
      const run = await lintLayers(scratch);
      expect(run.code).not.toBe(0);
      const cycles = [...run.output.matchAll(/error no-circular: ((?:\S+ →\s+)+\S+)/g)].map((match) =>
        match[1]!.split(/ →\s+/),
      );
      expect(cycles.length).toBeGreaterThan(0);
      // Each message walks the whole cycle, back to where it started, through the import that closed it.
      for (const cycle of cycles) expect(cycle.at(-1)).toBe(cycle[0]);
      expect(cycles).toContainEqual(expect.arrayContaining(['src/main/effects/effects.ts', 'src/main/agent/agent.ts']));
    } finally {
      await writeFile(effects, before);
    }
  });

  it('an upward import and product code reaching for test tooling are refused, each by its rule', async () => {
    const upward = path.join(scratch, 'src/main/detection/upward.ts');
    const tooling = path.join(scratch, 'src/main/coach/uses-vitest.ts');
    await writeFile(upward, "import { createAppCore } from '../core/app-core';\nexport const make = createAppCore;\n");
    await writeFile(tooling, "import { expect } from 'vitest';\nexport const check = expect;\n");
    try {
      const run = await lintLayers(scratch);
      expect(run.code).not.toBe(0);
      expect(run.output).toContain('error foundations-below-coaches: src/main/detection/upward.ts → src/main/core/app-core.ts');
      expect(run.output).toContain('error core-is-the-top-of-its-layer: src/main/detection/upward.ts → src/main/core/app-core.ts');
      expect(run.output).toMatch(/error product-uses-no-test-libraries: src\/main\/coach\/uses-vitest\.ts → \S*node_modules\/vitest\//);
    } finally {
      await rm(upward);
      await rm(tooling);
    }
  });

  it('every folder under src/main is in exactly one layer, and the page lists it under that layer', async () => {
    const folders = (await readdir(path.join(ROOT, 'src/main'), { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    const listed = Object.values(layers).flat();
    expect([...listed].sort()).toEqual(folders);

    const page = await readFile(path.join(ROOT, 'docs/architecture.md'), 'utf8');
    const headings: Record<string, RegExp> = {
      foundations: /^### 2\. Foundations/m,
      coaches: /^### 3\. Coaches/m,
      sessions: /^### 4\. Sessions and core/m,
      adapters: /^### 5\. Adapters/m,
    };
    expect(Object.keys(layers).sort()).toEqual(Object.keys(headings).sort());
    const sections = page.split(/^### /m);
    for (const [layer, names] of Object.entries(layers)) {
      const section = sections.find((text) => headings[layer]!.test(`### ${text}`));
      expect(section, `docs/architecture.md has a section for ${layer}`).toBeDefined();
      for (const name of names) expect(section, `${name} is named under ${layer}`).toContain(`\`${name}\``);
    }
  });
});
