import type { Command } from "../model/command.ts";
import type { CommitResult } from "../model/commit-result.ts";
import type { DecideContext } from "../model/context.ts";
import type { Fact } from "../model/event.ts";
import type { Result } from "../model/result.ts";
import type { State } from "../model/state.ts";
import { commit, record } from "./commit.ts";
import { isFact } from "./needs.ts";

/** Decides a command with `commit` or a fact with `record`, whichever `item` is. */
export function decide(
  item: Command | Fact,
  state: State,
  context: DecideContext,
): Result<CommitResult> {
  return isFact(item) ? record(item, state, context) : commit(item, state, context);
}
