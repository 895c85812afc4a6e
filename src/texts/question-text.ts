import { type Decision, NOTES_CHANNEL } from "../model/decisions.ts";

/** A question an agent asked, as it was stored: what the words to the model depend on. */
interface AskedQuestion {
  /** Whether its run is paused on it (a deferred request on the run's own channel). */
  readonly paused: boolean;
  /** The decision as stored: its channel is `null` when the person cannot answer it there. */
  readonly decision: Pick<Decision, "channel">;
}

const AGAIN = "Do not ask it again.";

/**
 * The text a model reads once its question is in front of the person: whether it can be
 * answered where the person sees it, how the answer reaches the agent (as a note on the
 * built-in channels, whose answers its notes tell; through the host on the host's own), and
 * what to do meanwhile.
 * Neutral: the question was asked, nothing was answered yet.
 */
export function questionAcknowledgement(asked: AskedQuestion): string {
  if (asked.paused) {
    return `Your question is in front of the person, and your run is paused until they answer. Their answer will come to you as a note. ${AGAIN}`;
  }
  const { channel } = asked.decision;
  if (channel === null) {
    return `Your question is shown to the person, but it cannot be answered where they see it: they will answer you in this conversation. Go on with what does not depend on it. ${AGAIN}`;
  }
  if (channel === NOTES_CHANNEL) {
    return `Your question and its options are in front of the person. Their answer will come to you as a note, with a later tool result or from read_notes; go on with what does not depend on it until then. ${AGAIN}`;
  }
  return `Your question and its options are in front of the person. Their answer will come to you through your host. ${AGAIN}`;
}
