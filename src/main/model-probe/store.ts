/**
 * Probe results kept per server and model in `model-probes.json` in the data folder, with the switches the person
 * set by hand since (those win over what a probe found).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../files/write-atomic';
import { StoredProbeSchema, type ProbeResult, type StoredProbe, type Switches } from '../../shared/model-probe/schema';


const ProbeFileSchema = z.object({ version: z.literal(1), probes: z.array(StoredProbeSchema) });

/** The key a result is kept under: OpenAI itself has no base URL. */
export interface Endpoint {
  readonly baseUrl?: string | undefined;
  readonly model: string;
}

export class ProbeStore {
  #probes: StoredProbe[];
  readonly #file: string;

  constructor(dataDir: string) {
    this.#file = path.join(dataDir, 'model-probes.json');
    this.#probes = readProbes(this.#file);
  }

  find(endpoint: Endpoint): StoredProbe | undefined {
    return this.#probes.find((entry) => same(entry.result, endpoint));
  }

  /** Keeps a new result, and the hand-set switches of the one before it. */
  async save(result: ProbeResult): Promise<StoredProbe> {
    const entry = { result, overrides: this.find(result)?.overrides ?? {} };
    await this.#write([...this.#probes.filter((other) => !same(other.result, result)), entry]);
    return entry;
  }

  /** Notes switches set by hand, for a server and model that has been probed (there is nothing to override otherwise). */
  async override(endpoint: Endpoint, switches: Switches): Promise<void> {
    const entry = this.find(endpoint);
    if (!entry) return;
    const updated = { ...entry, overrides: { ...entry.overrides, ...switches } };
    await this.#write(this.#probes.map((other) => (other === entry ? updated : other)));
  }

  async #write(probes: StoredProbe[]): Promise<void> {
    await writeFileAtomic(this.#file, `${JSON.stringify({ version: 1, probes }, null, 2)}\n`);
    this.#probes = probes;
  }
}

/** The switches a result sets: tools need forced calls and streamed ones (the coach streams its replies). */
export function switchesFrom(result: ProbeResult): Switches | undefined {
  const works = (capability: string) => result.capabilities.some((c) => c.capability === capability && c.status === 'works');
  // Nothing answered (a stall, a wrong address): that says nothing about the model, so no switch moves.
  if (!result.capabilities.some((c) => c.status === 'works')) return undefined;
  return { tools: works('tools') && works('streaming-tools'), vision: works('vision') };
}

function same(result: Endpoint, endpoint: Endpoint): boolean {
  return (result.baseUrl ?? '') === (endpoint.baseUrl ?? '') && result.model === endpoint.model;
}

/** A missing or damaged file is no results: probing again is cheap, and a bad file must not stop the app. */
function readProbes(file: string): StoredProbe[] {
  try {
    const parsed = ProbeFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data.probes : [];
  } catch {
    return [];
  }
}
