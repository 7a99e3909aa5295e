import type { ImportProgress, ImportResult } from '../../../shared/photos/schema';
import type { Bridge, PhotoTransfer } from '../bridge';
import { filesFromItems, sessionFileIn, takeItems, type DroppedFile } from './collect';
import { Subscribers } from '../session/subscribers';

export type IntakeState =
  | { readonly phase: 'idle' }
  | { readonly phase: 'sending'; readonly sent: number; readonly total: number; readonly currentFile: string; readonly waiting?: number }
  | { readonly phase: 'importing'; readonly progress?: ImportProgress; readonly total: number; readonly waiting?: number }
  | { readonly phase: 'done'; readonly result: ImportResult }
  | { readonly phase: 'failed'; readonly message: string };

/**
 * Photos on their way into the session: sending (web mode uploads), then main's import with its progress, then a
 * summary of what was skipped and why. Lives outside React, like the session mirror. Cancel stops both steps.
 * Photos given while others are coming in wait and follow them (never dropped unsaid); the summary counts all.
 */
export class PhotoIntake {
  /** Where a dropped session archive goes (the app opens it). */
  #onSessionFile: ((file: File) => void) | undefined;
  /** Asked before photos go in (the app asks which room they are of, when none is picked); false keeps them out. */
  #beforeImport: (() => Promise<boolean>) | undefined;

  /** Who is asked before photos go in; returns the way to stop. */
  askBeforeImport(ask: () => Promise<boolean>): () => void {
    this.#beforeImport = ask;
    return () => {
      if (this.#beforeImport === ask) this.#beforeImport = undefined;
    };
  }

  /** Who opens a dropped session archive; returns the way to stop. */
  handleSessionFiles(handler: (file: File) => void): () => void {
    this.#onSessionFile = handler;
    return () => {
      if (this.#onSessionFile === handler) this.#onSessionFile = undefined;
    };
  }

  private state: IntakeState = { phase: 'idle' };
  private controller: AbortController | undefined;
  /** Photos given while an import was under way: they are imported when it ends. */
  #waiting: DroppedFile[] = [];
  /** What the imports since the last summary added up to, while more follow. */
  #sofar: ImportResult | undefined;
  private readonly subscribers = new Subscribers();

  constructor(
    private readonly bridge: Bridge,
    private readonly transfer: PhotoTransfer,
  ) {
    bridge.on('photos:progress', (progress) => {
      if (this.state.phase === 'importing') this.set({ phase: 'importing', progress, total: progress.total });
    });
  }

  get current(): IntakeState {
    return this.state;
  }

  get busy(): boolean {
    return this.state.phase === 'sending' || this.state.phase === 'importing';
  }

  readonly subscribe = this.subscribers.subscribe;

  /**
   * How main gets a single file that is not a photo (an exported session): its dropped path in the window, or its
   * bytes uploaded in web mode.
   */
  async fileSource(file: File, signal: AbortSignal): Promise<{ path: string } | { upload: string }> {
    if (this.transfer.kind === 'paths') return { path: this.transfer.pathFor(file) };
    return { upload: await this.transfer.upload(file, file.name, signal) };
  }

  /** Whether this window can show the desktop's own picker (otherwise: a folder input). */
  get canPick(): boolean {
    return this.transfer.kind === 'paths';
  }

  /**
   * A drop. The desktop sends main the dropped paths themselves (folders included: main walks them, and main only
   * accepts paths the preload saw dropped); a browser walks the folders here and uploads the files.
   */
  async addDrop(data: DataTransfer): Promise<void> {
    const taken = takeItems(data.items);
    const files = [...data.files];
    // A dropped session (its archive, its folder or its log) opens it instead.
    const session = await sessionFileIn(taken, this.transfer.kind === 'paths');
    if (session) {
      this.#onSessionFile?.(session);
      return;
    }
    if (this.transfer.kind === 'paths') {
      await this.add(files.map((file) => ({ file, name: file.name })));
      return;
    }
    await this.add(await filesFromItems(taken));
  }

  /** Dropped files or folders, or what a folder input picked; while others are coming in, they follow them. */
  async add(files: readonly DroppedFile[]): Promise<void> {
    if (files.length === 0) return;
    if (this.busy) {
      this.#waiting.push(...files);
      this.set(this.state);
      return;
    }
    if (this.#beforeImport && !(await this.#beforeImport())) return;
    await this.#import(files);
  }

  async #import(files: readonly DroppedFile[]): Promise<void> {
    const controller = this.start();
    const transfer = this.transfer;
    try {
      if (transfer.kind === 'paths') {
        const paths = files.map(({ file }) => transfer.pathFor(file)).filter((path) => path.length > 0);
        this.set({ phase: 'importing', total: paths.length });
        await this.finish(this.bridge.invoke('photos:import', { paths }, { signal: controller.signal }));
        return;
      }
      const uploads: string[] = [];
      for (const [index, { file, name }] of files.entries()) {
        this.set({ phase: 'sending', sent: index, total: files.length, currentFile: name });
        uploads.push(await transfer.upload(file, name, controller.signal));
      }
      this.set({ phase: 'importing', total: uploads.length });
      await this.finish(this.bridge.invoke('photos:import', { uploads }, { signal: controller.signal }));
    } catch (error) {
      this.fail(error, controller);
    }
  }

  /** The desktop's own picker: main shows it and imports what was picked. */
  async pick(): Promise<void> {
    if (this.busy) return;
    if (this.#beforeImport && !(await this.#beforeImport())) return;
    const controller = this.start();
    try {
      this.set({ phase: 'importing', total: 0 });
      await this.finish(this.bridge.invoke('photos:pick', undefined, { signal: controller.signal }));
    } catch (error) {
      this.fail(error, controller);
    }
  }

  /** Stops what is coming in now and everything waiting to follow it. */
  cancel(): void {
    this.#waiting = [];
    this.controller?.abort();
  }

  dismiss(): void {
    if (!this.busy) this.set({ phase: 'idle' });
  }

  private start(): AbortController {
    this.controller = new AbortController();
    return this.controller;
  }

  private async finish(call: Promise<ImportResult | undefined>): Promise<void> {
    const result = merged(this.#sofar, await call);
    const next = this.#waiting.splice(0);
    if (next.length > 0) {
      this.#sofar = result;
      await this.#import(next);
      return;
    }
    this.#sofar = undefined;
    this.set(result ? { phase: 'done', result } : { phase: 'idle' });
  }

  private fail(error: unknown, controller: AbortController): void {
    // The failure is said for all of them: what was waiting is not imported either.
    this.#waiting = [];
    this.#sofar = undefined;
    if (controller.signal.aborted) {
      this.set({ phase: 'idle' });
      return;
    }
    this.set({ phase: 'failed', message: (error as Error).message });
  }

  private set(next: IntakeState): void {
    const waiting = this.#waiting.length;
    this.state = (next.phase === 'sending' || next.phase === 'importing') && waiting > 0 ? { ...next, waiting } : next;
    this.subscribers.notify();
  }
}

/** Two imports' results as one summary. */
function merged(before: ImportResult | undefined, after: ImportResult | undefined): ImportResult | undefined {
  if (!before || !after) return after ?? before;
  return {
    imported: [...before.imported, ...after.imported],
    duplicates: [...before.duplicates, ...after.duplicates],
    skipped: [...before.skipped, ...after.skipped],
    tooDeep: [...before.tooDeep, ...after.tooDeep],
    capped: before.capped || after.capped,
    cancelled: before.cancelled || after.cancelled,
    ...(before.livePhotoMovies || after.livePhotoMovies ? { livePhotoMovies: [...(before.livePhotoMovies ?? []), ...(after.livePhotoMovies ?? [])] } : {}),
  };
}
