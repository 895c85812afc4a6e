import type { CommandResult } from "../../model/protocol.ts";
import type { ClientCommitResult } from "./api.ts";
import { answerError, ClientError, isClientError } from "./errors.ts";
import type { Http } from "./http.ts";
import { newCommandId } from "./ids.ts";

const ATTEMPTS = 3;

/**
 * Sends one command frame by POST and reads its `command_result`. When no answer comes
 * back (the connection dropped), or the server answers that it may be worth trying again
 * (503: the store went away mid-write, or was busy), it is sent again with the same
 * `command_id`, which the server keeps with the write: the command is carried out once.
 */
export async function sendCommand(
  http: Http,
  command: unknown,
  commandId = newCommandId(),
): Promise<ClientCommitResult> {
  const frame = { type: "command", command_id: commandId, command };
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await http.send("/commands", { method: "POST", body: frame });
      if (answer.status !== 200) throw answerError(answer.status, answer.body);
      const result = answer.body as CommandResult;
      if (result.ok && result.outcome !== null) return { ok: true, outcome: result.outcome };
      if (!result.ok && result.rejection !== null)
        return { ok: false, rejection: result.rejection };
      throw new ClientError("unreachable", "the server's answer is not a command result", {
        status: answer.status,
      });
    } catch (error) {
      const retry =
        isClientError(error) &&
        ((error.code === "unreachable" && error.status === null) || error.status === 503);
      if (!retry || attempt >= ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
    }
  }
}
