import type { ActorInput } from "../../../model/actors.ts";
import { usage } from "./exit.ts";

/** A person, by the user id `--as` gives. */
export interface Person {
  readonly kind: "user";
  readonly id: string;
}

/** The person `--as` names. @throws CliError `usage` when it is empty. */
export function person(id: string): Person {
  if (id.trim() === "") throw usage("--as needs a person's user id");
  return { kind: "user", id };
}

/**
 * An actor written as its participant key: `user:bob`, `agent:thr_1`, `external_agent:ci`,
 * `system` (or `system:<name>`), `evaluator:<name>@<version>`.
 *
 * @throws CliError `usage` for anything else.
 */
export function parseViewer(spec: string): ActorInput {
  const at = spec.indexOf(":");
  const [kind, rest] = at === -1 ? [spec, ""] : [spec.slice(0, at), spec.slice(at + 1)];
  if (kind === "system") return rest === "" ? { kind } : { kind, name: rest };
  if (rest !== "") {
    switch (kind) {
      case "user":
        return { kind, id: rest };
      case "agent":
        return { kind, thread_id: rest };
      case "external_agent":
        return { kind, client_id: rest };
      case "evaluator": {
        const [name = "", version = ""] = rest.split("@");
        if (name !== "" && version !== "") return { kind, name, version };
      }
    }
  }
  throw usage(
    `--viewer ${spec}: expected user:<id>, agent:<thread>, external_agent:<client>, system or evaluator:<name>@<version>`,
  );
}
