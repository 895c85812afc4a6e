import { type Actor, participantKey } from "./actors.ts";
import { type Event, isKnownEvent, type KnownEvent } from "./event.ts";

/**
 * Which envelopes a read by subject returns (the store's `read` option `about`): those about
 * any of `artifacts`, those of thread `threadId` that its agent's notes read, and those
 * addressed to the participant `participant`. See {@link subjectsOf} for what each names.
 */
export interface About {
  /** Envelopes about any of these artifacts (see {@link artifactsOf}). */
  readonly artifacts: readonly string[];
  /**
   * And those of this thread that its agent hears of whatever it follows: artifacts created
   * in it, notices posted in it, answers to decisions and deferred questions asked in it.
   */
  readonly threadId?: string;
  /**
   * And those addressed to this participant key: the answers to its proposals (accepted,
   * rejected, expired), comments on them, and reverts of its changes.
   */
  readonly participant?: string;
}

/**
 * The artifact ids an event is about: the artifact an artifact event changed, or a proposal
 * event's artifact (the one its change targets). None for every other event.
 */
export function artifactsOf(event: Event): string[] {
  if (!isKnownEvent(event)) return [];
  switch (event.type) {
    case "artifact_created":
    case "artifact_changed":
    case "artifact_archived":
    case "proposal_resolved":
    case "proposal_expired":
    case "proposal_commented":
    case "proposal_superseded":
      return [event.artifact_id];
    case "proposal_created":
      return [event.change.artifact_id];
    default:
      return [];
  }
}

// Subject keys: one namespace each, so an artifact id never reads as a thread or participant.
const artifactKey = (id: string) => `a:${id}`;
const threadKey = (id: string) => `t:${id}`;
const participantOf = (actor: Actor) => `p:${participantKey(actor)}`;

// The thread an event concerns for that thread's agent, whatever the agent follows.
function threadOf(event: KnownEvent): string | null {
  switch (event.type) {
    case "artifact_created":
      return event.thread_id;
    case "message_posted":
      return event.kind === "notice" ? event.thread_id : null;
    case "decision_answered":
    case "deferred_answered":
      return event.thread_id;
    default:
      return null;
  }
}

// The participant an event is addressed to: a proposal's author, a reverted change's.
function addresseeOf(event: KnownEvent): Actor | null {
  switch (event.type) {
    case "proposal_resolved":
    case "proposal_expired":
    case "proposal_commented":
      return event.proposed_by;
    case "artifact_changed":
      return event.reverted?.author ?? null;
    default:
      return null;
  }
}

/**
 * The subjects an event is filed under for reads by {@link About}, as keys (each distinct):
 * its artifacts, the thread it concerns, the participant it is addressed to. A store files
 * each envelope under these at append and reads {@link subjectKeys} of a filter by them.
 */
export function subjectsOf(event: Event): string[] {
  if (!isKnownEvent(event)) return [];
  const keys = artifactsOf(event).map(artifactKey);
  const thread = threadOf(event);
  if (thread !== null) keys.push(threadKey(thread));
  const addressee = addresseeOf(event);
  if (addressee !== null) keys.push(participantOf(addressee));
  return [...new Set(keys)];
}

/** The subject keys a filter reads (each distinct), matching those of {@link subjectsOf}. */
export function subjectKeys(about: About): string[] {
  const keys = about.artifacts.map(artifactKey);
  if (about.threadId !== undefined) keys.push(threadKey(about.threadId));
  if (about.participant !== undefined) keys.push(`p:${about.participant}`);
  return [...new Set(keys)];
}
