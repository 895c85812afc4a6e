import type { Result } from "../rejections/result.ts";
import type { Command } from "./command.ts";
import { commit, record } from "./commit.ts";
import type { DecideContext } from "./context.ts";
import type { Fact } from "./event.ts";
import { isFact } from "./needs.ts";
import type { CommitResult } from "./result.ts";
import type { State } from "./state.ts";

/** Decides a command with `commit` or a fact with `record`, whichever `item` is. */
export function decide(
  item: Command | Fact,
  state: State,
  context: DecideContext,
): Result<CommitResult> {
  return isFact(item) ? record(item, state, context) : commit(item, state, context);
}
