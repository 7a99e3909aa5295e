/** See ipc-codec.js. */
export function createIpcCodec(): {
  encode(args: readonly unknown[]): string;
  decode(text: string): unknown[];
};
