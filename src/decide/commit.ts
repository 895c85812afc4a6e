import { mayAct } from "../access/who-may.ts";
import type { Command } from "../model/command.ts";
import type { CommitResult } from "../model/commit-result.ts";
import { actingAs, type DecideContext } from "../model/context.ts";
import type { Fact } from "../model/event.ts";
import type { Result } from "../model/result.ts";
import type { State } from "../model/state.ts";
import { sideGate } from "../sides/sides.ts";
import { commandRow } from "./commands.ts";
import { factRow } from "./facts.ts";
import type { Row } from "./row.ts";

/**
 * Decides a command against the loaded state: the outcome, the events and the changed
 * entities, or a typed rejection. Who may do what is checked first, for every command, by
 * its row; then the row's rule decides. Pure: no clock, no randomness, no I/O.
 *
 * @throws WorkspaceError `not_loaded` when `needs` was not satisfied (a host bug).
 */
export function commit(
  command: Command,
  state: State,
  decideContext: DecideContext,
): Result<CommitResult> {
  return decideBy(commandRow(command.type), command, state, decideContext);
}

/**
 * Decides a fact about a run or the application against the loaded state, by its row.
 *
 * @throws WorkspaceError `not_loaded` when `needs` was not satisfied (a host bug).
 */
export function record(
  fact: Fact,
  state: State,
  decideContext: DecideContext,
): Result<CommitResult> {
  return decideBy(factRow(fact.type), fact, state, decideContext);
}

// The same for both kinds: the side conversation's gate, the row's access, the row's rule.
function decideBy<I extends Command | Fact>(
  row: Row<I>,
  item: I,
  state: State,
  decideContext: DecideContext,
): Result<CommitResult> {
  const context = asParticipant(decideContext);
  // A side conversation's own limits first: they say more than the table would. It records
  // no facts either: the same gate for both kinds.
  const gate = sideGate(context, state, item);
  if (!gate.ok) return gate;
  const allowed = mayAct(context, state, item, row.access);
  return allowed.ok ? row.decide(context, state, item) : allowed;
}

// A write from a side conversation is made as the side (see `actingAs`).
function asParticipant(context: DecideContext): DecideContext {
  const actor = actingAs(context.actor, context.side);
  return actor === context.actor ? context : { ...context, actor };
}
