import { z } from 'zod';

export const IpcErrorCodeSchema = z.enum([
  /** The message itself is not a well-formed request. */
  'invalid-message',
  /** No such channel in the contract. */
  'unknown-channel',
  /** The channel exists but its input does not match the schema. */
  'invalid-input',
  /** The caller cancelled the call. */
  'aborted',
  /** Main failed; the details stay in main's log. */
  'internal',
  /** The transport closed before the call finished. */
  'disconnected',
  /** What the call refers to is no longer open (an expired question, an ended session). */
  'closed',
]);
export type IpcErrorCode = z.infer<typeof IpcErrorCodeSchema>;

export const IpcErrorPayloadSchema = z.object({
  code: IpcErrorCodeSchema,
  message: z.string(),
  /** For invalid input: which field, and what is wrong with it. */
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type IpcErrorPayload = z.infer<typeof IpcErrorPayloadSchema>;

/** The error a bridge call rejects with; `code` says what kind of failure it was. */
export class IpcError extends Error {
  readonly code: IpcErrorCode;
  readonly issues: IpcErrorPayload['issues'];

  constructor(payload: IpcErrorPayload) {
    super(payload.message);
    this.name = 'IpcError';
    this.code = payload.code;
    this.issues = payload.issues;
  }

  toPayload(): IpcErrorPayload {
    return { code: this.code, message: this.message, ...(this.issues ? { issues: this.issues } : {}) };
  }
}

export function issuesOf(error: z.ZodError): NonNullable<IpcErrorPayload['issues']> {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(input)',
    message: issue.message,
  }));
}
