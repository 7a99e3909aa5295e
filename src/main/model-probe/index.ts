export { DEFAULT_PROBE_TIMEOUT_MS, OPENAI_BASE_URL, probeModel, type ProbeOptions, type ProbeTarget } from './probe';
export { ProbeStore, switchesFrom, type Endpoint } from './store';
export { discoverContextLength, OLLAMA_DEFAULT_NUM_CTX, type ContextQuery } from './context-length';
export { summarize } from './summary';
export { describeContext } from '../../shared/model-probe/context';
export { formatTable } from './table';
