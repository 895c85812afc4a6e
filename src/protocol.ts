// `agent-workspace/protocol`: the live protocol, the original's `artifactr.v1` frames and
// resume rules, served for one workspace over SSE + POST (a Web-standard handler) and over
// WebSocket, with the runs' live output fanned out from a hub the host publishes into.

export type { FrameCommand } from "./model/protocol.ts";
export {
  ActiveRunSchema,
  type ClientFrame,
  ClientFrameSchema,
  type CommandFrame,
  CommandFrameSchema,
  type CommandResult,
  CommandResultSchema,
  type ErrorFrame,
  ErrorFrameSchema,
  type EventFrame,
  EventFrameSchema,
  FrameCommandSchema,
  type Hello,
  type HelloInput,
  HelloSchema,
  type LiveEvent,
  type LiveEventInput,
  LiveEventSchema,
  type LiveFrame,
  LiveFrameSchema,
  PROTOCOL,
  type ReplayComplete,
  ReplayCompleteSchema,
  type ServerFrame,
  ServerFrameSchema,
  StopRunSchema,
  WatchRunSchema,
  type Welcome,
  WelcomeSchema,
} from "./model/protocol.ts";
export { deliveredTo } from "./rules/protocol/delivery.ts";
export { helloFromQuery, helloToQuery, type StreamQuery } from "./rules/protocol/hello-query.ts";
export { helloRefusal, type ResumePlan, resume } from "./rules/protocol/resume.ts";
export type {
  Authenticate,
  ProtocolHandler,
  ProtocolOptions,
  ServeOptions,
  StopRun,
  StopRunAnswer,
} from "./serve/api.ts";
export { type CommandResults, commandResultMemory } from "./serve/command-memory.ts";
export type { Encoded } from "./serve/encoded.ts";
export { protocolHandler } from "./serve/handler.ts";
export {
  createLiveHub,
  type LiveHub,
  type LiveHubOptions,
  type LiveWatcher,
} from "./serve/live-hub.ts";
export { nodeListener } from "./serve/node-http.ts";
export {
  attachWebSocket,
  type WebSocketAttachment,
  type WebSocketOptions,
} from "./serve/websocket.ts";
