import type { Revision, Versioned } from "../model/artifacts.ts";
import type { CommandRecord } from "../model/command-record.ts";
import type { CommitResult } from "../model/commit-result.ts";
import type { Envelope } from "../model/envelope.ts";
import type { Proposal } from "../model/proposals.ts";
import type { Run } from "../model/runs.ts";
import { type Needs, revisionKey } from "../model/state.ts";
import type { Thread } from "../model/threads.ts";
import type { AppendBatch } from "../stores/port.ts";
import type { View } from "./write-cache.ts";

/** What one command of a group wrote: its envelopes, entities and kept command. */
export interface CommandWrites {
  readonly envelopes: readonly Envelope[];
  readonly entities: Omit<CommitResult, "outcome" | "events">;
  readonly command: CommandRecord | undefined;
}

/**
 * What the commands of a group commit decided so far wrote (ADR 0055), merged as one append
 * writes it: a later write of an entity replaces an earlier one, as `respond_to_proposals`
 * merges its answers (src/proposals/batch.ts). Each command is decided against the state the
 * earlier ones leave: their entities put over what the store holds at the group's head. The
 * lists the store derives from records (an artifact's pending and rejected proposals, a
 * thread's deciding runs) cannot be derived here without the store's order, so a command
 * that needs one an earlier command changed waits for the next group.
 */
export class GroupWrites {
  readonly #envelopes: Envelope[] = [];
  readonly #commands: CommandRecord[] = [];
  readonly #artifacts = new Map<string, Versioned>();
  readonly #revisions = new Map<string, Revision>();
  readonly #proposals = new Map<string, Proposal>();
  readonly #threads = new Map<string, Thread>();
  readonly #runs = new Map<string, Run>();
  readonly #messages = new Set<string>();
  // Artifacts whose proposal lists, and threads whose deciding runs, the writes changed.
  readonly #listed = new Set<string>();
  readonly #deciding = new Set<string>();

  /** How many envelopes the group appends so far: the next command starts after them. */
  get appended(): number {
    return this.#envelopes.length;
  }

  /** Whether any command of the group wrote (its append is to be made, even if empty). */
  wrote = false;

  /** Adds one command's writes, after those of the commands before it. */
  add({ envelopes, entities, command }: CommandWrites): void {
    this.wrote = true;
    this.#envelopes.push(...envelopes);
    if (command !== undefined) this.#commands.push(command);
    for (const a of entities.artifacts) this.#artifacts.set(a.id, a);
    for (const r of entities.revisions) this.#revisions.set(revisionKey(r), r);
    for (const p of entities.proposals) {
      this.#proposals.set(p.id, p);
      this.#listed.add(p.change.artifact_id);
    }
    for (const t of entities.threads) this.#threads.set(t.id, t);
    for (const r of entities.runs) {
      this.#runs.set(r.id, r);
      this.#deciding.add(r.thread_id);
    }
    for (const m of entities.messages) this.#messages.add(m);
  }

  /** The command kept under `participant` and `commandId` by an earlier command of the group. */
  command(participant: string, commandId: string): CommandRecord | null {
    const found = this.#commands.find(
      (c) => c.participant === participant && c.command_id === commandId,
    );
    return found ?? null;
  }

  /** Puts what the group wrote into a command's view, before anything is loaded into it. */
  over(view: View): void {
    for (const [id, a] of this.#artifacts) view.put("artifacts", id, a);
    for (const [key, r] of this.#revisions) view.put("revisions", key, r);
    for (const [id, p] of this.#proposals) view.put("proposals", id, p);
    for (const [id, t] of this.#threads) view.put("threads", id, t);
    for (const [id, r] of this.#runs) view.put("runs", id, r);
    for (const id of this.#messages) view.put("messages", id, true);
  }

  /** Whether `wanted` asks for a derived list the group's writes changed (see the class). */
  changes(wanted: Needs): boolean {
    return (
      wanted.pending.some((ref) => this.#listed.has(ref.artifact_id)) ||
      wanted.rejected.some((ref) => this.#listed.has(ref.artifact_id)) ||
      wanted.deciding.some((id) => this.#deciding.has(id))
    );
  }

  /** The group's one append. */
  batch(): AppendBatch {
    const [only, ...more] = this.#commands;
    return {
      envelopes: this.#envelopes,
      artifacts: [...this.#artifacts.values()],
      revisions: [...this.#revisions.values()],
      proposals: [...this.#proposals.values()],
      threads: [...this.#threads.values()],
      runs: [...this.#runs.values()],
      messages: [...this.#messages],
      // One command is kept as an append of one command always was.
      ...(only !== undefined && more.length === 0 && { command: only }),
      ...(more.length > 0 && { commands: this.#commands }),
    };
  }
}
