import type { InvokeRequest, InvokeResult, PushMessage } from './wire';

/** What the preload exposes as `window.tidy`. The renderer validates everything it receives through it. */
export interface PreloadApi {
  invoke(request: InvokeRequest): Promise<InvokeResult>;
  cancel(id: string): void;
  /** Returns the unsubscribe function. */
  onPush(listener: (message: PushMessage) => void): () => void;
  /** The path on disk of a file the person dropped ('' for anything else). */
  pathForFile(file: File): string;
}
