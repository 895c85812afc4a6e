import type { LiveFrame } from "../../model/protocol.ts";
import type { LiveListener } from "./api.ts";
import type { ResumingStream } from "./resuming-stream.ts";

/** Opens the stream live frames come on, watching `watching()` on every connection. */
type OpenLive = (
  watching: () => readonly string[],
  onLive: (frame: LiveFrame) => void,
) => ResumingStream;

/**
 * The runs' live output for a client: one stream for every run watched, opened with the
 * first listener and closed with the last. A frame the client already has (the backlog of
 * a run watched again after a reconnect) is skipped by its `index`.
 */
export function liveRuns(open: OpenLive) {
  const listeners = new Map<string, Set<LiveListener>>();
  const lastIndex = new Map<string, number>();
  let stream: ResumingStream | null = null;
  const onLive = (frame: LiveFrame): void => {
    const heard = listeners.get(frame.run_id);
    if (heard === undefined) return;
    if (frame.index !== undefined) {
      const last = lastIndex.get(frame.run_id);
      if (last !== undefined && frame.index <= last) return;
      lastIndex.set(frame.run_id, frame.index);
    }
    for (const listener of heard) listener(frame.event, frame);
  };
  return {
    live(runId: string, listener: LiveListener): () => void {
      let heard = listeners.get(runId);
      const fresh = heard === undefined;
      heard ??= new Set();
      listeners.set(runId, heard);
      heard.add(listener);
      if (stream === null) stream = open(() => [...listeners.keys()], onLive);
      else if (fresh) stream.watch(runId);
      return () => {
        heard.delete(listener);
        if (heard.size > 0 || listeners.get(runId) !== heard) return;
        listeners.delete(runId);
        lastIndex.delete(runId);
        if (listeners.size === 0) {
          stream?.close();
          stream = null;
        }
      };
    },
    close(): void {
      stream?.close();
      stream = null;
      listeners.clear();
    },
  };
}
