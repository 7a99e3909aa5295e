/** See bridge-end.js: runs in a page only (given as source text). */
export function createBridgeEnd(ends: { send: string; receive: string }): unknown;
