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

// Where looking for a port stops: the built-in prototypes, whose members are never ports.
const BUILT_IN: readonly unknown[] = [Object.prototype, Function.prototype];

/**
 * What `holder` has as `name`, its own or inherited from a class (a ports object or an
 * adapter written as a class instance); `undefined` for a name the built-in prototypes have
 * (`constructor`, `toString`, `call`: never a port, even where a class defines it).
 */
function portOf(holder: unknown, name: string): unknown {
  if ((typeof holder !== "object" && typeof holder !== "function") || holder === null) {
    return undefined;
  }
  if (BUILT_IN.some((prototype) => Object.hasOwn(prototype as object, name))) return undefined;
  for (let at: object | null = holder; at !== null && !BUILT_IN.includes(at); ) {
    if (Object.hasOwn(at, name)) return (holder as Record<string, unknown>)[name];
    at = Object.getPrototypeOf(at) as object | null;
  }
  return undefined;
}

/**
 * The ports a host left out (or passed as something other than a function), as the
 * `validation_failed` a service answers before it writes anything; `null` when all are there.
 * A port may be its object's own or inherited (a class's method); `"checkout.prepare"` names a
 * method of the `checkout` port.
 */
export function missingPorts(ports: unknown, names: readonly string[]): Rejection | null {
  const missing = names.filter((name) => {
    const [head = "", tail] = name.split(".");
    const port = portOf(ports, head);
    return typeof (tail === undefined ? port : portOf(port, tail)) !== "function";
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
