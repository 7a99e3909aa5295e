/**
 * `npm run eval -- --base-url URL --model NAME [--api-key KEY] [--scenarios DIR] [--out DIR] [--structured-output MODE]
 * [--context-tokens N]`: plays the scripted
 * people against the conversational coach on a real model, writes one transcript per scenario and prints the
 * scores. `npm run eval -- --compare RUN_A RUN_B` scores two recorded runs again and prints them side by side.
 * `npm run eval -- --understanding [--corpus FILE] [--json FILE]` reads the labelled corpus of free-text answers with
 * the offline coach's `understand` and prints how much it read as meant, then rules, the learned classifier and both
 * side by side on every labelled set, each left out of the classifier that reads it; `--corpus FILE` judges a set from
 * outside them instead (a new blind set). No model is involved.
 * `npm run eval -- --detection [--compare] [--photos DIR | --record] [--json FILE]` runs the on-device detector over the
 * labelled real photos and prints recall and precision per class and overall, and time per photo (detection/run.ts);
 * `--photos ../shared/rooms` judges the shared photos of lived-in homes with the project's labels for them, left out by
 * k-fold, messy rooms apart; `--workers N` runs N detectors side by side (time per photo is then shared CPU);
 * `--record` keeps the candidates the unit test of the detector's choice scores (detection/recorded.ts).
 * `npm run eval -- --overlap [--record] [--json FILE]` cuts overlapping photos from real ones as a phone pans and
 * measures how often a thing seen in two of them would get two cards, with and without twins (overlap/cli.ts);
 * `--record` keeps the windows' detections for the twins unit test (overlap/recorded.ts).
 */
import { createOpenAI } from '@ai-sdk/openai';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { aiSdkLlm, type AiSdkLlmOptions, type Llm } from '../effects';
import { StructuredModeSchema } from '../../shared/model-probe/schema';
import { CONTEXT_TOKENS, ContextTokensSchema } from '../../shared/settings/schema';
import { parseCorpus } from '../guided/understanding/corpus';
import { shippedClassifier } from '../guided/intent/shipped';
import { compareReaders, formatReaders, readersWith } from '../guided/understanding/compare';
import { formatUnderstanding, scoreUnderstanding, understandingJson } from '../guided/understanding/score';
import { readSets } from '../guided/understanding/sets';
import { runDetectionEval } from './detection/cli';
import { runOverlapEval } from './overlap/cli';
import { formatComparison, formatReport, readRun, scoreRun } from './report';
import { runScenario } from './runner';
import { DEFAULT_SCENARIOS_DIR, loadScenarios } from './scenario';
import type { Transcript } from './transcript';

const USAGE = [
  'Usage: npm run eval -- --base-url URL --model NAME [--api-key KEY] [--scenarios DIR] [--out DIR] [--no-vision] [--turn-timeout SECONDS]',
  '                       [--structured-output json_schema|json_object|text] [--context-tokens N]',
  '       npm run eval -- --compare RUN_A RUN_B',
  '       npm run eval -- --understanding [--corpus FILE] [--json FILE]',
  '       npm run eval -- --detection [--compare | --clutter] [--photos DIR | --record] [--workers N] [--json FILE]',
  '       npm run eval -- --overlap [--record] [--json FILE]',
].join('\n');


export interface EvalCliDeps {
  readonly print: (text: string) => void;
  /** Makes the model (tests inject one; the default speaks Chat Completions to the server). */
  readonly llmFor?: (baseURL: string, model: string, apiKey: string, options: AiSdkLlmOptions) => Llm;
}

const openAiLlm = (baseURL: string, model: string, apiKey: string, options: AiSdkLlmOptions) =>
  aiSdkLlm(createOpenAI({ baseURL, apiKey }).chat(model), options);

export async function runEvalCli(argv: readonly string[], deps: EvalCliDeps): Promise<number> {
  const { print } = deps;
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        'base-url': { type: 'string' },
        model: { type: 'string' },
        'api-key': { type: 'string' },
        scenarios: { type: 'string' },
        out: { type: 'string' },
        'no-vision': { type: 'boolean', default: false },
        'turn-timeout': { type: 'string' },
        'structured-output': { type: 'string' },
        'context-tokens': { type: 'string' },
        compare: { type: 'boolean', default: false },
        understanding: { type: 'boolean', default: false },
        corpus: { type: 'string' },
        json: { type: 'string' },
        detection: { type: 'boolean', default: false },
        overlap: { type: 'boolean', default: false },
        photos: { type: 'string' },
        record: { type: 'boolean', default: false },
        workers: { type: 'string' },
        clutter: { type: 'boolean', default: false },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    print(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;

  if (values.overlap) {
    if (positionals.length > 0 || values.detection || values.understanding || values.corpus || values.compare || values.photos) {
      print(USAGE);
      return 2;
    }
    return runOverlapEval({ record: values.record, ...(values.json ? { json: values.json } : {}) }, deps);
  }
  if (values.detection) {
    if (positionals.length > 0 || values.understanding || values.corpus) {
      print(USAGE);
      return 2;
    }
    if (values.record && values.photos) {
      print(`--record keeps the candidates of the eval's own photos: it does not go with --photos.\n${USAGE}`);
      return 2;
    }
    if (values.clutter && (values.compare || values.record)) {
      print(`--clutter judges the clutter model alone: it goes with neither --compare nor --record.\n${USAGE}`);
      return 2;
    }
    const workers = values.workers === undefined ? 1 : Number(values.workers);
    if (!Number.isInteger(workers) || workers < 1 || workers > 8) {
      print(`--workers is how many detectors run side by side, 1 to 8, not ${values.workers}.\n${USAGE}`);
      return 2;
    }
    return runDetectionEval(
      {
        compare: values.compare,
        record: values.record,
        workers,
        clutter: values.clutter,
        ...(values.photos ? { photos: values.photos } : {}),
        ...(values.json ? { json: values.json } : {}),
      },
      deps,
    );
  }
  if (values.photos || values.record || values.clutter) {
    print(`--photos and --clutter go with --detection, --record with --detection or --overlap.\n${USAGE}`);
    return 2;
  }

  if (values.understanding) {
    if (positionals.length > 0) {
      print(USAGE);
      return 2;
    }
    let corpus;
    let table;
    try {
      if (values.corpus) {
        // A set from outside the labelled sets, read by the shipped reader: its classifier never learned from it.
        const file = path.resolve(values.corpus);
        corpus = parseCorpus(await readFile(file, 'utf8'), file);
        const readers = readersWith(shippedClassifier());
        table = formatReaders([{ name: path.basename(file, '.jsonl'), scores: { rules: scoreUnderstanding(corpus, readers.rules), classifier: scoreUnderstanding(corpus, readers.classifier), both: scoreUnderstanding(corpus, readers.both) } }]);
      } else {
        // Every labelled set, each judged by a classifier that never learned from it; then the corpus in detail.
        const sets = readSets();
        corpus = sets[0]!.entries;
        table = formatReaders(compareReaders(sets));
      }
    } catch (error) {
      print((error as Error).message);
      return 2;
    }
    const score = scoreUnderstanding(corpus);
    print(formatUnderstanding(score));
    print(`\n${table}`);
    if (values.json) {
      const out = path.resolve(values.json);
      await writeFile(out, `${JSON.stringify(understandingJson(score), null, 2)}\n`);
      print(`\nJSON: ${out}`);
    }
    // A measurement, not a gate: misreadings are the figures, not a failure.
    return 0;
  }
  if (values.corpus || values.json) {
    print(`--corpus and --json go with --understanding.\n${USAGE}`);
    return 2;
  }

  if (values.compare) {
    if (positionals.length !== 2) {
      print(USAGE);
      return 2;
    }
    try {
      const [a, b] = await Promise.all(positionals.map((dir) => readRun(dir)));
      print(formatComparison(scoreRun(a!), scoreRun(b!)));
      return 0;
    } catch (error) {
      print((error as Error).message);
      return 2;
    }
  }

  const baseUrl = values['base-url'];
  const model = values.model;
  if (!baseUrl || !model || positionals.length > 0) {
    print(USAGE);
    return 2;
  }
  const turnTimeout = values['turn-timeout'] === undefined ? undefined : Number(values['turn-timeout']);
  if (turnTimeout !== undefined && !(turnTimeout > 0)) {
    print(`--turn-timeout takes a number of seconds.\n${USAGE}`);
    return 2;
  }
  // The two things Test connection finds and the app then uses: how the server takes structured output, and the
  // context window to fit the history to.
  const structured = StructuredModeSchema.optional().safeParse(values['structured-output']);
  if (!structured.success) {
    print(`--structured-output takes json_schema, json_object or text.\n${USAGE}`);
    return 2;
  }
  const contextTokens = ContextTokensSchema.optional().safeParse(values['context-tokens'] === undefined ? undefined : Number(values['context-tokens']));
  if (!contextTokens.success) {
    print(`--context-tokens takes a whole number of tokens from ${CONTEXT_TOKENS.min} to ${CONTEXT_TOKENS.max}.\n${USAGE}`);
    return 2;
  }
  let scenarios;
  try {
    scenarios = await loadScenarios(path.resolve(values.scenarios ?? DEFAULT_SCENARIOS_DIR));
  } catch (error) {
    print((error as Error).message);
    return 2;
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = path.resolve(values.out ?? path.join(os.tmpdir(), 'tidying-eval', `${stamp}-${model.replace(/[^\w.-]+/g, '_')}`));
  await mkdir(out, { recursive: true });
  // Local servers need no key; a placeholder keeps the client from looking for one in the environment.
  const apiKey = values['api-key'] ?? process.env.OPENAI_API_KEY ?? 'no-key-needed';
  const llm = (deps.llmFor ?? openAiLlm)(baseUrl, model, apiKey, structured.data ? { structuredOutput: structured.data } : {});

  const transcripts: Transcript[] = [];
  for (const scenario of scenarios) {
    print(`Playing ${scenario.name}...`);
    const transcript = await runScenario(scenario, {
      llm,
      modelName: model,
      vision: !values['no-vision'],
      ...(contextTokens.data ? { contextTokens: contextTokens.data } : {}),
      ...(turnTimeout ? { turnTimeoutMs: turnTimeout * 1000 } : {}),
    });
    await writeFile(path.join(out, `${scenario.name}.json`), `${JSON.stringify(transcript, null, 2)}\n`);
    transcripts.push(transcript);
  }
  print(formatReport(scoreRun(transcripts)));
  print(`\nTranscripts: ${out}`);
  return 0;
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (invokedDirectly) {
  runEvalCli(process.argv.slice(2), { print: (text) => process.stdout.write(`${text}\n`) }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`eval failed: ${(error as Error).message}\n`);
      process.exit(2);
    },
  );
}
