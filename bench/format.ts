/** How the bench writes its figures. */
export const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
export const pad = (text: string, width = 10) => text.padStart(width);
