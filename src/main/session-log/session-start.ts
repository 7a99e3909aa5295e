/** What `session-started` says about the app: never the API key, never a full URL, only template hashes. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { isModelConfigured, type ModelSettings } from '../config/settings';
import type { ModelSummary } from './events';
import { sha256Hex } from './fingerprint';

export function describeModel(settings: ModelSettings): ModelSummary {
  return {
    ...(settings.model ? { name: settings.model } : {}),
    ...(settings.baseUrl ? { baseUrlHost: hostOf(settings.baseUrl) } : {}),
    vision: settings.vision,
    tools: settings.tools,
    configured: isModelConfigured(settings),
    ...(settings.structuredOutput && settings.structuredOutput !== 'json_schema' ? { structuredOutput: settings.structuredOutput } : {}),
    ...(settings.contextTokens ? { contextTokens: settings.contextTokens } : {}),
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '(not a URL)';
  }
}

/** Every file under the templates folder, by its `/`-separated relative path, to the sha256 of its bytes. */
export async function hashTemplates(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
  const hashes = await Promise.all(files.map(async (file) => [file, sha256Hex(await readFile(path.join(dir, file)))] as const));
  return Object.fromEntries(hashes);
}
