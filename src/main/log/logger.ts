/**
 * Main-process logging. Every line passes through redaction first, so a secret (an API key) that ends up in an
 * error message or a URL never reaches the terminal or a log file.
 */

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(message: string, details?: Record<string, unknown>): void;
  info(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
}

export type LogSink = (line: string, level: LogLevel) => void;

const REDACTED = '[redacted]';
/** Shapes of common API keys, caught even when the exact value was never registered. */
const KEY_PATTERNS = [/\bsk-[A-Za-z0-9_-]{16,}\b/g, /\bBearer\s+[A-Za-z0-9._~+/-]{16,}=*/g];

export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    // Short values would redact ordinary words; real keys are long.
    if (secret.length >= 8) out = out.split(secret).join(REDACTED);
  }
  for (const pattern of KEY_PATTERNS) out = out.replace(pattern, REDACTED);
  return out;
}

function describe(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export function createLogger(options: {
  sink?: LogSink;
  secrets?: () => readonly string[];
  minLevel?: LogLevel;
}): Logger {
  const sink: LogSink = options.sink ?? ((line) => process.stderr.write(`${line}\n`));
  const secrets = options.secrets ?? (() => []);
  const min = LEVELS[options.minLevel ?? 'info'];
  const write = (level: LogLevel, message: string, details?: Record<string, unknown>) => {
    if (LEVELS[level] < min) return;
    const rendered = details
      ? `${message} ${JSON.stringify(details, (_key, value: unknown) => describe(value))}`
      : message;
    sink(redact(`[${level}] ${rendered}`, secrets()), level);
  };
  return {
    debug: (m, d) => write('debug', m, d),
    info: (m, d) => write('info', m, d),
    warn: (m, d) => write('warn', m, d),
    error: (m, d) => write('error', m, d),
  };
}
