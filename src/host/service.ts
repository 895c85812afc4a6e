import type { ActorInput } from "../model/actors.ts";
import { type Rejection, validationFailed } from "../model/rejections.ts";

/**
 * How every host service is called: `service(workspace, { request, actor, ports })` — what is
 * asked, who asks (parsed like any actor; the rules decide what they may do), and the host's
 * side of the work. Each service answers `{ ok: true, … }` or `{ ok: false, stage, … }`,
 * where `stage` names the step that did not go through and says what was already written.
 */
export interface ServiceCall<Request, Ports> {
  readonly request: Request;
  readonly actor: ActorInput;
  readonly ports: Ports;
}

/**
 * The ports a host left out (or passed as something other than a function), as the
 * `validation_failed` a service answers before it writes anything; `null` when all are there.
 */
export function missingPorts(ports: unknown, names: readonly string[]): Rejection | null {
  const given = (typeof ports === "object" && ports !== null ? ports : {}) as Record<
    string,
    unknown
  >;
  const missing = names.filter((name) => {
    const [head = "", tail] = name.split(".");
    const port = Object.hasOwn(given, head) ? given[head] : undefined;
    if (tail === undefined) return typeof port !== "function";
    const inner =
      typeof port === "object" && port !== null ? (port as Record<string, unknown>) : {};
    return typeof (Object.hasOwn(inner, tail) ? inner[tail] : undefined) !== "function";
  });
  if (missing.length === 0) return null;
  return validationFailed(
    "invalid ports",
    missing.map((name) => ({
      type: "missing",
      loc: ["ports", ...name.split(".")],
      msg: "a function is required",
    })),
  );
}
