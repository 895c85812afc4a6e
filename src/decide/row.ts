import type { AccessRule } from "../access/who-may.ts";
import type { Actor } from "../model/actors.ts";
import type { Command } from "../model/command.ts";
import type { CommitResult } from "../model/commit-result.ts";
import type { DecideContext } from "../model/context.ts";
import type { Fact } from "../model/event.ts";
import type { Registry } from "../model/registry.ts";
import type { Result } from "../model/result.ts";
import type { State } from "../model/state.ts";
import type { Wanted } from "./wanted.ts";

/**
 * Everything the workspace knows of one command or fact type, in one place: who may send it,
 * what deciding it needs loaded, and the rule that decides it. `needs`, `commit`, `record`
 * and the access check read the row; none has a switch of its own.
 */
export interface Row<I extends Command | Fact> {
  /** Who may send it (docs/spec.md section 9), checked before the rule. */
  readonly access: AccessRule<I>;
  /**
   * Adds to `want` what deciding it needs loaded (`state` holds what is loaded so far; the
   * registry has the artifact types, whose options decide what a write touches).
   */
  readonly needs: (want: Wanted, item: I, actor: Actor, state: State, registry: Registry) => void;
  /** The rule that decides it, once who may send it was checked. */
  readonly decide: (context: DecideContext, state: State, item: I) => Result<CommitResult>;
}

/** Each command type's command. */
export type CommandOf = { [K in Command["type"]]: Extract<Command, { type: K }> };
/** Each fact type's fact. */
export type FactOf = { [K in Fact["type"]]: Extract<Fact, { type: K }> };

/**
 * One row per command type, typed for its command: a type without a row, or a row without
 * one of its parts, does not compile. Indexed by a type `K`, it gives `Row<CommandOf[K]>`,
 * which is what lets the readers call a row with the command they hold, without a cast.
 */
export type CommandRows = { readonly [K in keyof CommandOf]: Row<CommandOf[K]> };
/** One row per fact type, typed for its fact (as {@link CommandRows}). */
export type FactRows = { readonly [K in keyof FactOf]: Row<FactOf[K]> };
