// The parts of wink's naive Bayes text classifier this project uses (the package ships no types).
declare module 'wink-naive-bayes-text-classifier' {
  interface NaiveBayesTextClassifier {
    defineConfig(config: { considerOnlyPresence?: boolean; smoothingFactor?: number }): boolean;
    definePrepTasks(tasks: ((input: string) => string[])[]): number;
    learn(input: string | string[], label: string): boolean;
    consolidate(): boolean;
    /** [label, log2 odds] pairs, most likely first; [['unknown', 0]] when no token was ever seen. */
    computeOdds(input: string | string[]): [string, number][];
    exportJSON(): string;
    importJSON(json: string): boolean;
  }
  function naiveBayesTextClassifier(): NaiveBayesTextClassifier;
  export = naiveBayesTextClassifier;
}
