import type { ActorInput } from "../model/actors.ts";

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
