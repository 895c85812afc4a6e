import type { ActorInput } from "../../../model/actors.ts";
import type { McpAnswerChannel } from "./answer-channel.ts";

/** Whom an MCP server acts for, who answers its questions, and how. */
export interface McpServerOptions {
  /**
   * The agent every tool call is made as: a thread's `agent` (with its run, when there is
   * one) or an `external_agent`. The server exposes exactly `workspaceTools` for it.
   */
  readonly agent: ActorInput;
  /**
   * The person (a `user`) who answers `ask_person` in the MCP client. With it, and a client
   * that declared the `elicitation` capability, `ask_person` asks them there and waits for
   * their answer, recorded as theirs with surface `"mcp"`; in a run, the run is paused while
   * they are asked and resumed once the question ended. Without it, or with a client that
   * cannot elicit, `ask_person` is the core tool. Whoever drives the client is taken to be
   * this person: give it for a client the person runs, never for an agent's own process.
   */
  readonly person?: ActorInput;
  /**
   * The channel the host declared as `answerChannels.mcp` (`mcpAnswerChannel()`): an answer
   * given on another surface of this process reaches the waiting call through it at once.
   * Answers stored by other processes reach it through the log either way.
   */
  readonly answerChannel?: McpAnswerChannel;
  /** The channel the core `ask_person` asks on, when it does not elicit (see `workspaceTools`). */
  readonly decisionChannel?: string | null;
  /** Append the agent's new notes to every result (default true). */
  readonly notes?: boolean;
  /** How long the person has to answer in the client, in ms (default 10 minutes). */
  readonly elicitationTimeoutMs?: number;
  /**
   * While the person is asked, how often to send the client progress on the call (when it
   * sent a `progressToken`), so a client that resets its timeout on progress keeps waiting;
   * in ms (default 15 s).
   */
  readonly progressIntervalMs?: number;
  /**
   * Makes the id of each tool call (the question's decision id, the offer's id): MCP gives
   * calls none that is unique beyond the connection (default: `call_` and a random UUID).
   */
  readonly newCallId?: () => string;
  /** The server's name and version, as the client sees them (default `agent-workspace`). */
  readonly serverInfo?: { readonly name: string; readonly version: string };
}
