// `agent-workspace/client`: a workspace over the live protocol, for a browser — its reads,
// commit, subscribe with resume, and runs' live output — with no schemas and no Node
// modules in it (it imports only types from the rest of the package).

export type {
  ClientCommitResult,
  ClientOptions,
  ClientSubscription,
  LiveListener,
  SubscribeOptions,
  WebSocketConstructor,
  WebSocketLike,
  WorkspaceClient,
} from "../edge/client/api.ts";
export { createClient } from "../edge/client/client.ts";
export { ClientError, type ClientErrorCode, isClientError } from "../edge/client/errors.ts";
export type { Envelope } from "../model/envelope.ts";
export type { LiveEvent, LiveFrame } from "../model/protocol.ts";
