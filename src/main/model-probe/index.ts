export { DEFAULT_PROBE_TIMEOUT_MS, OPENAI_BASE_URL, probeModel, type ProbeOptions, type ProbeTarget } from './probe';
export { ProbeStore, switchesFrom, type Endpoint } from './store';
export { summarize } from './summary';
export { formatTable } from './table';
