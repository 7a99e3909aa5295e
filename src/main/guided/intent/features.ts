/**
 * The words the learned reader sees, independent of the rules' reading: lower-case words with letters held down
 * shortened ("binnnn" is "binn") and apostrophes dropped ("don't" is "dont"), each word after a negation marked as
 * negated within its clause ("not rubbish" is "~rubbish"), word pairs, the letters of each word in fours for typos,
 * a question mark, and the card. Emoji are words too.
 */
import type { Expecting } from '../input';

const NEGATORS = new Set(['not', 'no', 'never', 'dont', 'doesnt', 'didnt', 'cant', 'cannot', 'wont', 'wouldnt', 'shouldnt', 'isnt', 'arent', 'aint', 'nothing', 'nobody', 'without', 'nah']);
const CLAUSE_END = /[,.;:!?…()\n]|\s(?:but|so|and then|though)\s/;
const WORD = /[\p{L}\p{N}]+|\p{Extended_Pictographic}/gu;

/** One clause's words, lower case, apostrophes dropped, any letter held down three or more times kept twice. */
function wordsOf(clause: string): string[] {
  return (clause.toLowerCase().replace(/['’‘`]/g, '').replace(/(\p{L})\1{2,}/gu, '$1$1').match(WORD) ?? []);
}

export function featuresOf(text: string, expecting: Expecting): string[] {
  const features = [`card:${expecting.kind}`];
  const said = text.slice(0, 400);
  if (said.includes('?')) features.push('mark:?');
  const clauses = said.split(CLAUSE_END).map(wordsOf).filter((words) => words.length > 0);
  if (clauses.length > 1) features.push('shape:clauses');
  const count = clauses.reduce((sum, words) => sum + words.length, 0);
  features.push(`shape:${count <= 2 ? 'short' : count <= 8 ? 'medium' : 'long'}`);
  clauses.forEach((words, index) => {
    let negated = false;
    const marked = words.map((word) => {
      const token = negated ? `~${word}` : word;
      if (NEGATORS.has(word)) negated = true;
      return token;
    });
    if (index === 0 && words[0]) features.push(`first:${words[0]}`);
    features.push(...marked.map((word) => `w:${word}`));
    for (let i = 1; i < marked.length; i++) features.push(`b:${marked[i - 1]}_${marked[i]}`);
    for (const word of words) {
      const padded = `#${word}#`;
      if (padded.length <= 5) continue;
      for (let i = 0; i + 4 <= padded.length; i++) features.push(`c:${padded.slice(i, i + 4)}`);
    }
  });
  return features;
}
