// Compares compromise and wink-nlp (with wink-eng-lite-web-model) on the guided coach's labelled corpus: the
// primitives a reader of free-text answers needs (clauses, noun phrases, negation, part of speech) and their cost.
// Run: node compare.mjs [--verbose]   (from a folder where compromise@14.17.0, wink-nlp@2.4.0 and
// wink-eng-lite-web-model@1.8.1 are installed). --verbose lists each row's misses.
import { readFileSync } from 'node:fs';
import { execSync, spawnSync } from 'node:child_process';
import { loadavg, cpus } from 'node:os';
import nlp from 'compromise';
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

const CORPUS = process.env.CORPUS ?? new URL('../../src/main/guided/understanding/corpus.jsonl', import.meta.url).pathname;
const VERBOSE = process.argv.includes('--verbose');
const entries = readFileSync(CORPUS, 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line))
  .map((e) => ({ ...e, meant: Array.isArray(e.meant) ? e.meant : [e.meant], tags: e.tags ?? [] }));
const byId = new Map(entries.map((e) => [e.id, e]));

const wink = winkNLP(model);
const its = wink.its;

// ---------------------------------------------------------------------------------------------------------------
// What each library returns, as plain data with character offsets into the original text.

/** compromise: every term with its tags and offsets (contractions' implicit words have length 0). */
function cTerms(doc) {
  return doc.json({ offset: true }).flatMap((s) => s.terms.map((t) => ({ text: t.text, tags: t.tags, start: t.offset.start, end: t.offset.start + t.offset.length })));
}
/** compromise: the character ranges of a view's matches. */
function cRanges(view) {
  return view.json({ offset: true }).map((m) => [m.offset.start, m.offset.start + m.offset.length]);
}
/** wink: every token with its POS, negation flag and offsets (found left to right in the text). */
function wTokens(text) {
  const doc = wink.readDoc(text);
  const values = doc.tokens().out();
  const pos = doc.tokens().out(its.pos);
  const neg = doc.tokens().out(its.negationFlag);
  let cursor = 0;
  const tokens = values.map((value, i) => {
    const at = text.indexOf(value, cursor);
    const start = at >= 0 ? at : cursor;
    cursor = start + value.length;
    return { text: value, pos: pos[i], neg: neg[i], start, end: cursor };
  });
  return { doc, tokens };
}
const overlaps = (token, start) => token.start <= start && start < Math.max(token.end, token.start + 1);

// Plain word tokens of the raw text (for the rules that define targets), with offsets.
function words(text) {
  const out = [];
  for (const m of text.replace(/’/g, "'").matchAll(/[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*|[^\s\p{L}\p{N}]/gu)) {
    out.push({ w: m[0].toLowerCase(), start: m.index, end: m.index + m[0].length, punct: !/[\p{L}\p{N}]/u.test(m[0]) });
  }
  return out;
}

const rows = [];
function row(capability, c, w, n, misses = {}) {
  rows.push({ capability, c, w, n });
  if (VERBOSE) {
    for (const [lib, list] of Object.entries(misses)) if (list.length) console.log(`  [${capability}] ${lib} misses: ${list.join(' | ')}`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// 1. Clause splitting. Rule: an entry tagged contrast or multi-clause is eligible when its text has a marker
// between two words: punctuation , . ; : ! ? … / + or one of the words but, so, and, then, wait, also, though, tho.
// A split is right when it gives >= 2 parts, each with a letter or digit, and every boundary is at a marker: the
// part before ends with that punctuation or connective, or the part after starts with it.
// compromise: doc.clauses(). wink-nlp: it has no clause facility; its sentences are the only split.
const CONNECTIVE = new Set(['but', 'so', 'and', 'then', 'wait', 'also', 'though', 'tho']);
const PUNCT_MARK = /^[,.;:!?…/+]$/;
function hasMarker(text) {
  const ws = words(text);
  return ws.some((t, i) => i > 0 && i < ws.length - 1 && (CONNECTIVE.has(t.w) || PUNCT_MARK.test(t.w)) && ws.slice(0, i).some((x) => !x.punct) && ws.slice(i + 1).some((x) => !x.punct));
}
function splitRight(parts) {
  const clean = parts.map((p) => p.trim());
  if (clean.length < 2 || clean.some((p) => !/[\p{L}\p{N}]/u.test(p))) return false;
  for (let i = 0; i + 1 < clean.length; i++) {
    const before = words(clean[i]);
    const after = words(clean[i + 1]);
    const last = before.at(-1)?.w ?? '';
    const first = after[0]?.w ?? '';
    const ok = PUNCT_MARK.test(last) || CONNECTIVE.has(last) || CONNECTIVE.has(first) || /^[/+]$/.test(first);
    if (!ok) return false;
  }
  return true;
}
// 1c re-applies, to each library's parts, the cut understand/words.ts makes on top of compromise's clauses: after
// , . ; : ! ? … ( ), at a lone - – — / + & (kept at the end of the part before, so the boundary is visible), and
// before but, though, although, so, because, cause, cos, until, wait, then.
const OPENS_CLAUSE = new Set(['but', 'though', 'although', 'so', 'because', 'cause', 'cos', 'until', 'wait', 'then']);
function ownCut(part) {
  const pieces = [];
  let first = null, last = null;
  const flush = () => {
    if (first) pieces.push(part.slice(first.start, last.end));
    first = last = null;
  };
  const ws = words(part);
  ws.forEach((t, i) => {
    if (OPENS_CLAUSE.has(t.w)) flush();
    first ??= t;
    last = t;
    // A run of marks ("...", "?!") is one break.
    if (/^[,.;:!?…()\-–—/+&]$/.test(t.w) && !ws[i + 1]?.punct) flush();
  });
  flush();
  return pieces;
}
{
  const tagged = entries.filter((e) => e.tags.includes('contrast') || e.tags.includes('multi-clause'));
  const eligible = tagged.filter((e) => hasMarker(e.text));
  let c = 0, w = 0, cAny = 0, wAny = 0, cOwn = 0, wOwn = 0;
  const cMiss = [], wMiss = [], cOwnMiss = [], wOwnMiss = [];
  for (const e of eligible) {
    const cParts = nlp(e.text).clauses().out('array');
    const wParts = wink.readDoc(e.text).sentences().out();
    if (cParts.length >= 2) cAny++;
    if (wParts.length >= 2) wAny++;
    if (splitRight(cParts)) c++; else cMiss.push(`${e.id} ${JSON.stringify(cParts)}`);
    if (splitRight(wParts)) w++; else wMiss.push(`${e.id} ${JSON.stringify(wParts)}`);
    const cCut = cParts.flatMap(ownCut), wCut = wParts.flatMap(ownCut);
    if (splitRight(cCut)) cOwn++; else cOwnMiss.push(`${e.id} ${JSON.stringify(cCut)}`);
    if (splitRight(wCut)) wOwn++; else wOwnMiss.push(`${e.id} ${JSON.stringify(wCut)}`);
  }
  const skipped = tagged.filter((e) => !hasMarker(e.text)).map((e) => e.id);
  if (VERBOSE) console.log(`  [1] not eligible (no marker): ${skipped.join(', ')}`);
  row(`1a. splits into >= 2 parts (contrast/multi-clause with a marker; ${skipped.length} of ${tagged.length} have none)`, cAny, wAny, eligible.length);
  row('1b. ... and every split at a marker, parts non-empty', c, w, eligible.length, { compromise: cMiss, wink: wMiss });
  row("1c. 1b after understand/words.ts's own extra cut applied to each part", cOwn, wOwn, eligible.length, { compromise: cOwnMiss, wink: wOwnMiss });
}

// ---------------------------------------------------------------------------------------------------------------
// 2. Noun phrases at destinations and recipients. An entry passes when one returned chunk contains (any case) one
// of the label's location alternatives, or the recipient's head noun (table below, one per recipient entry).
// compromise: doc.nouns() (its noun-phrase facility); then doc.match('#Noun+').
// wink-nlp: no chunker; a chunk is built from its POS tags: a maximal run of DET, possessive PRON (my, your, his,
// her, its, our, their), NUM, ADJ, NOUN, PROPN and PART "'s", cut back to end at a NOUN/PROPN; then a bare run of
// NOUN/PROPN tokens.
const RECIPIENT = {
  'disp-068': 'sister', 'disp-069': 'friend', 'disp-070': 'neighbour', 'disp-071': 'brother', 'disp-074': 'school',
  'disp-075': 'shelter', 'disp-076': 'mum', 'disp-077': 'mom', 'disp-086': 'friend', 'disp-087': 'nan',
  'disp-088': 'nephew', 'disp-185': 'cousin', 'disp-186': 'kids', 'loc-038': 'sister',
};
for (const e of entries) if (e.tags.includes('recipient') && !RECIPIENT[e.id]) throw new Error(`no recipient word for ${e.id}`);
const POSSESSIVE = new Set(['my', 'your', 'his', 'her', 'its', 'our', 'their']);
function wChunks(tokens) {
  const chunks = [];
  let run = [];
  const flush = () => {
    while (run.length && !['NOUN', 'PROPN'].includes(run.at(-1).pos)) run.pop();
    if (run.length) chunks.push(run);
    run = [];
  };
  for (const t of tokens) {
    const inChunk = ['DET', 'NUM', 'ADJ', 'NOUN', 'PROPN'].includes(t.pos) || (t.pos === 'PRON' && POSSESSIVE.has(t.text.toLowerCase())) || (t.pos === 'PART' && /^'s$/i.test(t.text));
    if (inChunk) run.push(t); else flush();
  }
  flush();
  return chunks.map((run) => run.map((t) => t.text).join(' ').replace(/ 's\b/g, "'s"));
}
function wNounRuns(tokens) {
  const runs = [];
  let run = [];
  for (const t of tokens) {
    if (['NOUN', 'PROPN'].includes(t.pos)) run.push(t.text);
    else if (run.length) {
      runs.push(run.join(' '));
      run = [];
    }
  }
  if (run.length) runs.push(run.join(' '));
  return runs;
}
{
  const hit = (chunks, alts) => chunks.some((chunk) => alts.some((alt) => chunk.toLowerCase().includes(alt.toLowerCase())));
  const groups = [
    ['2a. NP contains the labelled location (all location labels)', entries.filter((e) => e.meant.some((m) => m.location))],
    ['2b. ... only entries tagged destination', entries.filter((e) => e.tags.includes('destination') && e.meant.some((m) => m.location))],
    ['2c. NP contains the recipient (tagged recipient)', entries.filter((e) => e.tags.includes('recipient'))],
  ];
  const bare = { c: 0, w: 0, n: 0, cMiss: [], wMiss: [] };
  for (const [name, list] of groups) {
    let c = 0, w = 0;
    const cMiss = [], wMiss = [];
    for (const e of list) {
      const alts = RECIPIENT[e.id] ? [RECIPIENT[e.id]] : e.meant.find((m) => m.location).location.split('|');
      const doc = nlp(e.text);
      const cNp = doc.nouns().out('array');
      const { tokens } = wTokens(e.text);
      const wNp = wChunks(tokens);
      if (hit(cNp, alts)) c++; else cMiss.push(`${e.id} ${JSON.stringify(cNp)}`);
      if (hit(wNp, alts)) w++; else wMiss.push(`${e.id} ${JSON.stringify(wNp)}`);
      if (!name.startsWith('2b')) {
        bare.n++;
        const cRun = doc.match('#Noun+').out('array');
        const wRun = wNounRuns(tokens);
        if (hit(cRun, alts)) bare.c++; else bare.cMiss.push(`${e.id} ${JSON.stringify(cRun)}`);
        if (hit(wRun, alts)) bare.w++; else bare.wMiss.push(`${e.id} ${JSON.stringify(wRun)}`);
      }
    }
    row(name, c, w, list.length, { compromise: cMiss, wink: wMiss });
  }
  row('2d. bare noun run contains it (2a + 2c; #Noun+ vs NOUN/PROPN run)', bare.c, bare.w, bare.n, { compromise: bare.cMiss, wink: bare.wMiss });
}

// ---------------------------------------------------------------------------------------------------------------
// 3. Negation, on entries tagged negation. A negator is not, no, never, nothing, cannot or an n't / nt word
// (don't, dont, can't, won't, doesn't...). Its target is the next word, skipping pronouns, auxiliaries and
// filler (SKIP below), before any punctuation or another negator; a negator with no such word has no target.
// 3a: the library marks a negation anywhere (compromise: doc.has('#Negative'); wink: any token's negationFlag).
// 3b: per negator with a target, the target is covered (compromise: inside a doc.verbs().isNegative() match;
//     wink: the target token's negationFlag).
// 3c: the marked scope leaks: a word the library marks negated lies past punctuation after its nearest negator
//     (e.g. "not trash, recycle them" with recycle marked). Lower is better.
const NEGATOR = /^(not|no|never|nothing|cannot|(ca|wo|do|does|did|is|are|was|were|have|has|had|could|would|should|ai|must|need)n'?t)$/;
const SKIP = new Set(['i', "i'm", 'im', "i'd", 'you', 'we', 'they', 'it', "it's", 'its', 'that', 'this', 'am', 'is', 'are', 'be',
  'was', 'were', 'been', 'do', 'does', 'want', 'wanna', 'to', 'the', 'a', 'an', 'my', 'even', 'really', 'yet', 'just',
  'gonna', 'going', 'in', 'on']);
function negations(text) {
  const ws = words(text);
  const found = [];
  ws.forEach((t, i) => {
    if (!NEGATOR.test(t.w)) return;
    let target = null;
    for (let j = i + 1; j < ws.length; j++) {
      if (ws[j].punct || NEGATOR.test(ws[j].w)) break;
      if (!SKIP.has(ws[j].w)) { target = ws[j]; break; }
    }
    found.push({ negator: t, target });
  });
  return { ws, found };
}
/** Entries where a negated word (by the library) lies past punctuation following its nearest preceding negator. */
function leaks(ws, negStarts) {
  return negStarts.some((start) => {
    const before = ws.filter((t) => t.start <= start); // a negator marked negated is its own nearest negator
    const lastNeg = before.map((t) => NEGATOR.test(t.w)).lastIndexOf(true);
    if (lastNeg < 0) return false;
    return before.slice(lastNeg + 1).some((t) => t.punct && /[,.;!?…]/.test(t.w));
  });
}
{
  const list = entries.filter((e) => e.tags.includes('negation'));
  let cDet = 0, wDet = 0, n = 0, cCov = 0, wCov = 0, cLeak = 0, wLeak = 0;
  const cMiss = [], wMiss = [], cLeaks = [], wLeaks = [];
  for (const e of list) {
    const { ws, found } = negations(e.text);
    const doc = nlp(e.text);
    const negRanges = cRanges(doc.verbs().isNegative());
    const { tokens } = wTokens(e.text);
    if (doc.has('#Negative')) cDet++;
    if (tokens.some((t) => t.neg)) wDet++;
    for (const { target } of found) {
      if (!target) continue;
      n++;
      if (negRanges.some(([s, end]) => s <= target.start && target.start < end)) cCov++; else cMiss.push(`${e.id}:${target.w}`);
      if (tokens.some((t) => overlaps(t, target.start) && t.neg)) wCov++; else wMiss.push(`${e.id}:${target.w}`);
    }
    // Words each library marks negated: compromise, the words of negative verb phrases; wink, flagged tokens.
    const cNeg = ws.filter((t) => !t.punct && negRanges.some(([s, end]) => s <= t.start && t.start < end)).map((t) => t.start);
    const wNeg = tokens.filter((t) => t.neg).map((t) => t.start);
    if (leaks(ws, cNeg)) {
      cLeak++;
      cLeaks.push(e.id);
    }
    if (leaks(ws, wNeg)) {
      wLeak++;
      wLeaks.push(e.id);
    }
  }
  row('3a. marks a negation (entries tagged negation)', cDet, wDet, list.length);
  row('3b. negation covers the target word (negators with a target)', cCov, wCov, n, { compromise: cMiss, wink: wMiss });
  row('3c. negation leaks past punctuation (lower is better)', cLeak, wLeak, list.length, { compromise: cLeaks, wink: wLeaks });
}

// ---------------------------------------------------------------------------------------------------------------
// 4. Outcome words used as nouns, in entries tagged noun-verb: the words below (listed by hand, first occurrence
// in the text) are nouns or noun modifiers in a compound ("junk mail", "trash bag", "bin day"). Entries whose
// outcome-like word is really a verb (disp-041 throw, disp-047 toss, split-005 keep) or an adjective in quotes
// (item-026 'done' pile) are left out. 4a: tagged a noun (compromise: tag Noun; wink: NOUN or PROPN).
// 4b: at least not tagged a verb (compromise: no Verb tag; wink: not VERB or AUX).
const NOUN_USE = {
  'fn-043': ['junk'], 'anc-026': ['stop'], 'anc-035': ['rubbish', 'bin'], 'anc-036': ['recycling', 'bins'],
  'item-012': ['junk'], 'item-013': ['trash'], 'item-014': ['recycling'], 'item-015': ['donation'], 'item-016': ['bin'],
  'item-021': ['stopwatch'], 'item-022': ['stop'], 'item-023': ['doorstop'], 'item-059': ['garbage'], 'item-060': ['keep'],
  'next-051': ['trash'], 'next-052': ['rubbish'], 'disp-013': ['bin'], 'disp-022': ['trash'], 'disp-023': ['bin'],
  'disp-024': ['rubbish', 'bin'], 'disp-025': ['junk'], 'disp-030': ['bin'], 'disp-150': ['stopwatch'],
  'disp-151': ['doorstop'], 'disp-177': ['garbage'], 'disp-178': ['recycling'], 'disp-179': ['donation'],
  'loc-023': ['junk'], 'loc-024': ['bin'], 'loc-025': ['donation'], 'loc-047': ['trash'],
};
{
  let n = 0, cNoun = 0, wNoun = 0, cNotVerb = 0, wNotVerb = 0;
  const cMiss = [], wMiss = [];
  for (const [id, list] of Object.entries(NOUN_USE)) {
    const e = byId.get(id);
    if (!e?.tags.includes('noun-verb')) throw new Error(`${id} is not a noun-verb entry`);
    const terms = cTerms(nlp(e.text));
    const { tokens } = wTokens(e.text);
    for (const word of list) {
      const m = new RegExp(`\\b${word}\\b`, 'i').exec(e.text);
      if (!m) throw new Error(`${word} not in ${id}`);
      n++;
      const term = terms.find((t) => t.text && overlaps(t, m.index));
      const token = tokens.find((t) => overlaps(t, m.index));
      if (term?.tags.includes('Noun')) cNoun++; else cMiss.push(`${id}:${word}=${term?.tags.join(',')}`);
      if (['NOUN', 'PROPN'].includes(token?.pos)) wNoun++; else wMiss.push(`${id}:${word}=${token?.pos}`);
      if (term && !term.tags.includes('Verb')) cNotVerb++;
      if (token && !['VERB', 'AUX'].includes(token.pos)) wNotVerb++;
    }
  }
  row('4a. outcome word used as a noun is tagged a noun', cNoun, wNoun, n, { compromise: cMiss, wink: wMiss });
  row('4b. ... is at least not tagged a verb', cNotVerb, wNotVerb, n);
}

// ---------------------------------------------------------------------------------------------------------------
// 5. Cost, as CPU time of the process (user + system; steadier than wall time on a shared machine).
// Load: import (+ model and instance for wink) in a fresh node process, median of 3. Processing: all 474 texts,
// one untimed warm-up pass then 3 timed passes, median pass: parse only, then parse + the queries used above.
// Size: du of the package folders (compromise with its three dependencies; wink-nlp with the model).
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function loadMs(code) {
  const times = [];
  for (let i = 0; i < 3; i++) {
    const script = `const t0 = process.cpuUsage(); ${code}; const t = process.cpuUsage(t0); console.log((t.user + t.system) / 1000);`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: import.meta.dirname, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
    times.push(Number(r.stdout.trim()));
  }
  return median(times);
}
function passMs(fn) {
  for (const e of entries) fn(e.text); // one warm-up pass, not timed
  const times = [];
  for (let pass = 0; pass < 3; pass++) {
    const t0 = process.cpuUsage();
    for (const e of entries) fn(e.text);
    const t = process.cpuUsage(t0);
    times.push((t.user + t.system) / 1000);
  }
  return median(times);
}
const cLoad = loadMs("const { default: nlp } = await import('compromise')");
const wLoad = loadMs("const { default: winkNLP } = await import('wink-nlp'); const { default: model } = await import('wink-eng-lite-web-model'); winkNLP(model)");
const cParse = passMs((t) => nlp(t));
const wParse = passMs((t) => wink.readDoc(t));
const cAll = passMs((t) => {
  const d = nlp(t);
  d.clauses().out('array'); d.nouns().out('array'); d.match('#Noun+').out('array'); d.has('#Negative'); cRanges(d.verbs().isNegative()); cTerms(d);
});
const wAll = passMs((t) => {
  const d = wink.readDoc(t);
  d.sentences().out(); d.tokens().out(); d.tokens().out(its.pos); d.tokens().out(its.negationFlag);
});
const duKb = (dirs) => dirs.reduce((sum, dir) => sum + Number(execSync(`du -sk node_modules/${dir}`, { cwd: import.meta.dirname, encoding: 'utf8' }).split(/\s/)[0]), 0);
const cSize = duKb(['compromise', 'efrt', 'grad-school', 'suffix-thumb']);
const wSize = duKb(['wink-nlp', 'wink-eng-lite-web-model']);

// ---------------------------------------------------------------------------------------------------------------
const pct = (k, n) => `${k} of ${n} (${n ? Math.round((100 * k) / n) : 0}%)`;
const table = [['capability', 'compromise 14.17.0', 'wink-nlp 2.4.0 + lite-web-model 1.8.1'], ...rows.map((r) => [r.capability, pct(r.c, r.n), pct(r.w, r.n)])];
table.push(
  ['5a. load, CPU (import [+ model, instance]), median of 3 fresh processes', `${cLoad.toFixed(0)} ms`, `${wLoad.toFixed(0)} ms`],
  [`5b. parse all ${entries.length} texts, CPU, median of 3 passes`, `${cParse.toFixed(1)} ms`, `${wParse.toFixed(1)} ms`],
  [`5c. parse + the queries above, all ${entries.length} texts, CPU, median of 3`, `${cAll.toFixed(1)} ms`, `${wAll.toFixed(1)} ms`],
  ['5d. installed size (du -sk: compromise + efrt, grad-school, suffix-thumb; wink-nlp + model)', `${(cSize / 1024).toFixed(1)} MB`, `${(wSize / 1024).toFixed(1)} MB`],
);
const widths = table[0].map((_, i) => Math.max(...table.map((r) => r[i].length)));
const line = (r) => `| ${r.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
console.log(line(table[0]));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const r of table.slice(1)) console.log(line(r));
console.log(`\nNode ${process.version}; corpus ${CORPUS} (${entries.length} entries); ${cpus().length} cores, load average ${loadavg().map((x) => x.toFixed(1)).join(' ')} (times are CPU ms).`);
