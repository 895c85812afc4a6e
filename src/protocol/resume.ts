import { type Hello, PROTOCOL } from "../model/protocol.ts";
import { type Rejection, validationFailed } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";

/** Where a connection's replay starts. */
export interface ResumePlan {
  /** Replay every event with a `seq` greater than this. */
  readonly replay_after: number;
  /** Whether the client must discard what it holds and rebuild from the replay. */
  readonly reset: boolean;
}

/**
 * What is wrong with a `hello` whatever the log holds: another protocol is
 * `unsupported_protocol`; asking both to start at the head and to resume is
 * `validation_failed` (the original's words). `null` when nothing is.
 */
export function helloRefusal(hello: Hello): Rejection | null {
  if (hello.protocol !== PROTOCOL) {
    return {
      type: "unsupported_protocol",
      message: `this server speaks ${PROTOCOL}; the client asked for ${hello.protocol}`,
    };
  }
  if (hello.from_head && hello.resume_after_seq !== 0) {
    return validationFailed("from_head replays nothing, so resume_after_seq must be 0", []);
  }
  return null;
}

/**
 * Decides where replay starts for a connecting client, by `seq` (never by time), as the
 * original's `resume`: `from_head` replays nothing; a position past the head (the log was
 * reset) or before the oldest retained event replays all that is retained, with `reset`;
 * otherwise replay resumes after the client's position.
 *
 * Refuses what {@link helloRefusal} refuses.
 */
export function resume(hello: Hello, head: number, firstRetained = 1): Result<ResumePlan> {
  const refusal = helloRefusal(hello);
  if (refusal !== null) return refuse(refusal);
  if (hello.from_head) return ok({ replay_after: head, reset: false });
  const oldestResumable = firstRetained - 1;
  if (hello.resume_after_seq > head || hello.resume_after_seq < oldestResumable) {
    // The client has seen events this log does not have, or ones it no longer keeps.
    return ok({ replay_after: oldestResumable, reset: true });
  }
  return ok({ replay_after: hello.resume_after_seq, reset: false });
}
