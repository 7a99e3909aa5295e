/**
 * The files inside what the person dropped, in a browser (web mode). Folders are walked like main walks them on
 * the desktop: hidden files and folders skipped, at most eight levels deep, so both modes import the same photos.
 */
export const MAX_FOLDER_DEPTH = 8;

export interface DroppedFile {
  readonly file: File;
  /** The name to show and store: the path inside what was dropped, e.g. "desk/left.jpg". */
  readonly name: string;
}

const hidden = (name: string) => name.startsWith('.');

const isFile = (entry: FileSystemEntry): entry is FileSystemFileEntry => entry.isFile;
const isDirectory = (entry: FileSystemEntry): entry is FileSystemDirectoryEntry => entry.isDirectory;

function readAll(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  // readEntries hands out a directory in batches; an empty batch means the end.
  return new Promise((resolve, reject) => {
    const all: FileSystemEntry[] = [];
    const next = () =>
      reader.readEntries((batch) => {
        if (batch.length === 0) return resolve(all);
        all.push(...batch);
        next();
      }, reject);
    next();
  });
}

async function walk(entry: FileSystemEntry, prefix: string, depth: number, out: DroppedFile[]): Promise<void> {
  if (hidden(entry.name)) return;
  const name = prefix ? `${prefix}/${entry.name}` : entry.name;
  if (isFile(entry)) {
    const file = await new Promise<File>((resolve, reject) => entry.file(resolve, reject)).catch(() => undefined);
    if (file) out.push({ file, name });
    return;
  }
  if (isDirectory(entry) && depth < MAX_FOLDER_DEPTH) {
    const children = await readAll(entry.createReader()).catch(() => []);
    children.sort((a, b) => a.name.localeCompare(b.name));
    for (const child of children) await walk(child, name, depth + 1, out);
  }
}

export interface TakenItem {
  readonly entry: FileSystemEntry | null;
  readonly file: File | null;
}

/** Entries must be taken synchronously, before the drop event handler returns. */
export function takeItems(items: DataTransferItemList): TakenItem[] {
  return [...items].filter((item) => item.kind === 'file').map((item) => ({ entry: item.webkitGetAsEntry(), file: item.getAsFile() }));
}

/** An exported session, as `sessions:export` names it, or a session's own log. */
export const isSessionFile = (name: string) => /\.tar\.gz$/i.test(name) || name === 'log.jsonl';

/**
 * A dropped session rather than photos: an exported archive, a log.jsonl, or a session folder (one holding a
 * log.jsonl). The desktop gets the folder itself (main reads it); a browser gets the folder's log.
 */
export async function sessionFileIn(taken: readonly TakenItem[], wantFolder: boolean): Promise<File | undefined> {
  for (const { entry, file } of taken) {
    if (file && isSessionFile(file.name) && !entry?.isDirectory) return file;
    if (entry && isDirectory(entry)) {
      const children = await readAll(entry.createReader()).catch(() => []);
      const log = children.find((child) => child.name === 'log.jsonl');
      if (!log || !isFile(log)) continue;
      if (wantFolder && file) return file;
      const logFile = await new Promise<File>((resolve, reject) => log.file(resolve, reject)).catch(() => undefined);
      if (logFile) return logFile;
    }
  }
  return undefined;
}

/** What was dropped, folders walked. An item without an entry (handed over by a program, or built by script) is a file. */
export async function filesFromItems(taken: readonly TakenItem[]): Promise<DroppedFile[]> {
  const out: DroppedFile[] = [];
  for (const { entry, file } of taken) {
    if (entry) await walk(entry, '', 0, out);
    else if (file && !hidden(file.name)) out.push({ file, name: file.name });
  }
  return out;
}

/** Files from `<input type="file" webkitdirectory>`: their relative paths are already there. */
export function filesFromInput(files: FileList): DroppedFile[] {
  return [...files]
    .map((file) => ({ file, name: (file as File & { webkitRelativePath?: string }).webkitRelativePath || file.name }))
    .filter(({ name }) => !name.split('/').some(hidden) && name.split('/').length - 1 <= MAX_FOLDER_DEPTH);
}
