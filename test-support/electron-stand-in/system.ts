import { createCipheriv, createDecipheriv, pbkdf2Sync, randomBytes } from 'node:crypto';
import type { MessageBoxOptions, OpenDialogOptions, SaveDialogOptions } from 'electron';
import type { StandInProcess } from './runtime';

/** A native dialog the app showed, waiting for the person (the test) to answer it. */
export interface ShownDialog {
  kind: 'open' | 'save' | 'message' | 'error';
  options: OpenDialogOptions | SaveDialogOptions | MessageBoxOptions | { title: string; content: string };
  /** Whether it was attached to a window (modal) or free-standing. */
  attached: boolean;
}

type Answer = { canceled: true } | { filePaths: string[] } | { filePath: string } | { response: number };

/**
 * Electron's dialog module. Each dialog waits for an answer, as the person would: one queued beforehand with
 * `standIn.dialogs.answerNext`, or one given once the test sees it (`standIn.dialogs.next()`). Error boxes only
 * record their text (Electron's returns once the person closes it).
 */
export class Dialogs {
  readonly shown: ShownDialog[] = [];
  readonly #answers: Answer[] = [];
  readonly #waiting: Array<{ dialog: ShownDialog; settle: (answer: Answer) => void }> = [];
  readonly #watchers: Array<(dialog: ShownDialog) => void> = [];

  /** The module the app imports. */
  readonly api = {
    showOpenDialog: (windowOrOptions: unknown, maybeOptions?: OpenDialogOptions) => this.#show('open', windowOrOptions, maybeOptions).then(openResult),
    showSaveDialog: (windowOrOptions: unknown, maybeOptions?: SaveDialogOptions) => this.#show('save', windowOrOptions, maybeOptions).then(saveResult),
    showMessageBox: (windowOrOptions: unknown, maybeOptions?: MessageBoxOptions) =>
      this.#show('message', windowOrOptions, maybeOptions).then((answer) => ({ response: 'response' in answer ? answer.response : 0, checkboxChecked: false })),
    showErrorBox: (title: string, content: string) => {
      this.#record({ kind: 'error', options: { title, content }, attached: false });
    },
    showOpenDialogSync: () => {
      throw new Error('The Electron stand-in does not model synchronous dialogs.');
    },
  };

  /** The answer for the next dialog the app shows (queued; answers go in order). */
  answerNext(answer: Answer): void {
    const waiting = this.#waiting.shift();
    if (waiting) waiting.settle(answer);
    else this.#answers.push(answer);
  }

  /** Resolves with the next dialog shown from now on. */
  next(): Promise<ShownDialog> {
    return new Promise((resolve) => this.#watchers.push(resolve));
  }

  #show(kind: ShownDialog['kind'], windowOrOptions: unknown, maybeOptions: object | undefined): Promise<Answer> {
    const attached = maybeOptions !== undefined;
    const options = (maybeOptions ?? windowOrOptions) as ShownDialog['options'];
    const dialog: ShownDialog = { kind, options, attached };
    this.#record(dialog);
    const queued = this.#answers.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((settle) => this.#waiting.push({ dialog, settle }));
  }

  #record(dialog: ShownDialog): void {
    this.shown.push(dialog);
    for (const watcher of this.#watchers.splice(0)) watcher(dialog);
  }
}

const openResult = (answer: Answer) => ('filePaths' in answer ? { canceled: false, filePaths: answer.filePaths } : { canceled: true, filePaths: [] });
const saveResult = (answer: Answer) => ('filePath' in answer ? { canceled: false, filePath: answer.filePath } : { canceled: true, filePath: '' });

/** The OS keyrings of the machines tests run "Electron" on: one key each, kept across restarts of the app. */
const keyrings: Map<string, Buffer> = ((globalThis as Record<symbol, unknown>)[Symbol.for('electron-stand-in.keyrings')] ??= new Map()) as Map<
  string,
  Buffer
>;

/** Chromium's key for the Linux "basic_text" backend: a fixed, public one (so not real protection). */
const BASIC_TEXT_KEY = pbkdf2Sync('peanuts', 'saltysalt', 1, 32, 'sha1');

/**
 * Electron's safeStorage as on Linux: with a keyring the key lives there (here: per machine, in memory, so a
 * restarted app still decrypts); with "basic_text" there is no secret key, and Electron says encryption is not
 * available unless the app opts into plain text. Strings are AES-256-GCM sealed, tagged v11 (keyring) or v10
 * (basic_text) as Chromium tags them.
 */
export function createSafeStorage(standIn: StandInProcess) {
  let plainTextOptIn = false;
  const backend = () => standIn.config?.secretBackend ?? 'gnome_libsecret';
  const available = () => standIn.ready && (backend() !== 'basic_text' || plainTextOptIn);
  const key = () => {
    if (backend() === 'basic_text') return { version: 'v10', key: BASIC_TEXT_KEY };
    const machine = standIn.requireConfig().appData;
    let stored = keyrings.get(machine);
    if (!stored) keyrings.set(machine, (stored = randomBytes(32)));
    return { version: 'v11', key: stored };
  };
  return {
    isEncryptionAvailable: available,
    isAsyncEncryptionAvailable: () => Promise.resolve(available()),
    getSelectedStorageBackend: () => (standIn.ready ? backend() : 'unknown'),
    setUsePlainTextEncryption(usePlainText: boolean) {
      plainTextOptIn = usePlainText;
    },
    encryptString(plainText: string): Buffer {
      if (!available()) throw new Error('Error while encrypting the text provided to safeStorage.encryptString. Encryption is not available.');
      const { version, key: secret } = key();
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', secret, iv);
      const sealed = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from(version), iv, cipher.getAuthTag(), sealed]);
    },
    decryptString(encrypted: Buffer): string {
      if (!available()) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString. Decryption is not available.');
      const { version, key: secret } = key();
      try {
        if (encrypted.subarray(0, 3).toString() !== version) throw new Error('wrong version');
        const decipher = createDecipheriv('aes-256-gcm', secret, encrypted.subarray(3, 15));
        decipher.setAuthTag(encrypted.subarray(15, 31));
        return Buffer.concat([decipher.update(encrypted.subarray(31)), decipher.final()]).toString('utf8');
      } catch {
        throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      }
    },
  };
}

/** Electron's shell: nothing is opened; what the app asked to open is recorded. */
export function createShell() {
  const opened: string[] = [];
  return {
    opened,
    api: {
      openExternal(url: string): Promise<void> {
        opened.push(url);
        return Promise.resolve();
      },
      openPath(file: string): Promise<string> {
        opened.push(file);
        return Promise.resolve('');
      },
      showItemInFolder(file: string): void {
        opened.push(file);
      },
    },
  };
}
