import type { Writable } from 'node:stream';

/** The client closed the connection, or took nothing for too long. */
export class ClientGone extends Error {}

/** Resolves when `stream` can take more; rejects with ClientGone when it closes or stays full `timeoutMs`. */
export function drained(stream: Writable, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const finish = (error?: Error) => {
      clearTimeout(timer);
      stream.off('drain', onDrain);
      stream.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => finish();
    const onClose = () => finish(new ClientGone('the client closed the connection'));
    const timer = setTimeout(
      () => finish(new ClientGone(`the client took nothing for ${timeoutMs} ms`)),
      timeoutMs,
    );
    stream.on('drain', onDrain);
    stream.on('close', onClose);
    if (stream.destroyed) onClose();
  });
}
