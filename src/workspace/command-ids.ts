import { type Actor, participantKey } from "../model/actors.ts";
import type { CommandRecord } from "../model/command-record.ts";
import { commitResult, RECORDED } from "../model/commit-result.ts";
import type { Envelope } from "../model/envelope.ts";
import { IdSchema } from "../model/ids.ts";
import type { Outcome } from "../model/outcome.ts";
import { validationFailed } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import { toValidationErrors } from "../model/validation-errors.ts";
import type { WriteResult } from "./api.ts";
import type { WorkspaceCore } from "./core.ts";
import { heldDelivery } from "./held-answers.ts";

/** A write's sender and the id it gave the command: what the command is kept under. */
export interface CommandKey {
  readonly participant: string;
  readonly command_id: string;
}

/**
 * The `commandId` write option, checked before anything is read or written: left out, or an
 * id (1 to 256 characters, as ids are). Refuses anything else with `validation_failed` at
 * `commandId`.
 */
export function parseCommandKey(option: unknown, actor: Actor): Result<CommandKey | null> {
  if (option === undefined) return ok(null);
  const parsed = IdSchema.safeParse(option, { reportInput: true });
  if (parsed.success) return ok({ participant: participantKey(actor), command_id: parsed.data });
  const errors = toValidationErrors(parsed.error, option, IdSchema).map((error) => ({
    ...error,
    loc: ["commandId", ...error.loc],
  }));
  return refuse(validationFailed("invalid write options", errors));
}

/** The command kept under `key`, when the write has one and it already wrote. */
export function keptCommand(
  core: WorkspaceCore,
  key: CommandKey | null,
): Promise<CommandRecord | null> {
  if (key === null) return Promise.resolve(null);
  return core.store.command(core.id, key.participant, key.command_id);
}

/** The record an append keeps for its command: where it starts, and what it led to. */
export function commandRecord(
  key: CommandKey,
  envelopes: readonly Envelope[],
  outcome: Outcome,
): CommandRecord | undefined {
  const first = envelopes[0];
  if (first === undefined) return undefined;
  return { ...key, seq: first.seq, envelope_id: first.id, outcome };
}

// A repeat writes nothing: the result carries no envelopes and no entities.
const { outcome: _, events: __, ...NOTHING } = commitResult(RECORDED);

/**
 * The answer to a command whose id already wrote: the first write's outcome, `repeated`, with
 * nothing appended now. An answer to a decision it stored but could not deliver (its append
 * ended `unknown_outcome` in this instance) is delivered now, once.
 */
export function repeatedResult(core: WorkspaceCore, record: CommandRecord): WriteResult {
  const delivery = heldDelivery(core, record.envelope_id);
  return {
    ok: true,
    outcome: record.outcome,
    envelopes: [],
    entities: NOTHING,
    repeated: true,
    ...(delivery === undefined ? {} : { delivery }),
  };
}
