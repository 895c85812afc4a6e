import type { ServerNotification } from "@modelcontextprotocol/sdk/types.js";

/** Where progress goes while a call waits for the person. */
interface KeepAliveOptions {
  /** The token the client sent with its call (`_meta.progressToken`); none: nothing is sent. */
  readonly token: string | number | undefined;
  /** How often to tell the client the call is still waiting, in ms. */
  readonly everyMs: number;
  readonly send: (notification: ServerNotification) => Promise<void>;
}

/**
 * Tells the client, every `everyMs`, that the call is waiting for the person (a progress
 * notification), so a client that resets its timeout on progress does not give up on a
 * person who takes their time. Returns the function that stops it.
 */
export function keepAlive(options: KeepAliveOptions): () => void {
  const { token, everyMs, send } = options;
  if (token === undefined) return () => {};
  let progress = 0;
  const timer = setInterval(() => {
    progress += 1;
    const params = { progressToken: token, progress, message: "waiting for the person" };
    // A lost progress notification only costs the client's patience.
    send({ method: "notifications/progress", params }).catch(() => {});
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
