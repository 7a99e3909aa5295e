import { z } from 'zod';
import { IpcErrorPayloadSchema } from './errors';

/**
 * The envelopes that carry the contract over a transport (Electron IPC or the web-mode WebSocket).
 * Both transports speak exactly these shapes, so main handles them with one dispatcher.
 */

export const CallIdSchema = z.string().min(1).max(64);

export const InvokeRequestSchema = z.object({
  id: CallIdSchema,
  channel: z.string().min(1).max(100),
  input: z.unknown().optional(),
});
export type InvokeRequest = z.infer<typeof InvokeRequestSchema>;

export const InvokeResultSchema = z.discriminatedUnion('ok', [
  z.object({ id: CallIdSchema, ok: z.literal(true), output: z.unknown() }),
  z.object({ id: CallIdSchema, ok: z.literal(false), error: IpcErrorPayloadSchema }),
]);
export type InvokeResult = z.infer<typeof InvokeResultSchema>;

export const PushMessageSchema = z.object({ channel: z.string(), payload: z.unknown() });
export type PushMessage = z.infer<typeof PushMessageSchema>;

/** Web-mode socket frames. Electron uses one IPC channel per frame kind instead (see src/shared/ipc/electron.ts). */
export const ClientFrameSchema = z.discriminatedUnion('type', [
  InvokeRequestSchema.extend({ type: z.literal('invoke') }),
  z.object({ type: z.literal('cancel'), id: CallIdSchema }),
]);
export type ClientFrame = z.infer<typeof ClientFrameSchema>;

export const ServerFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('result'), result: InvokeResultSchema }),
  PushMessageSchema.extend({ type: z.literal('push') }),
  /** A frame that could not be matched to a call (unparseable, no id). */
  z.object({ type: z.literal('error'), error: IpcErrorPayloadSchema }),
]);
export type ServerFrame = z.infer<typeof ServerFrameSchema>;
