import { timingSafeEqual } from 'node:crypto';

/**
 * The one content security policy, for the window and web mode alike: only this app's own files, and in web mode
 * the socket back to its server (`origin`, http turned ws).
 */
export function contentSecurityPolicy(origin?: string): string {
  const connect = origin ? `'self' ${origin.replace(/^http/, 'ws')}` : "'self'";
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

export function tokensEqual(expected: string, given: string | null | undefined): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The names this server answers to. Checking Host defeats DNS rebinding: a page on another site that resolves
 * its own name to 127.0.0.1 still sends its own name as Host.
 */
export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

export function allowedOrigins(port: number): Set<string> {
  return new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
}
