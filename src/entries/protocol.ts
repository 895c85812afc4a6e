// `agent-workspace/protocol`: the live protocol, the original's `artifactr.v1` frames and
// resume rules, served for one workspace over SSE + POST (a Web-standard handler) and over
// WebSocket, with the runs' live output fanned out from a hub the host publishes into.

export type {
  Authenticate,
  ProtocolHandler,
  ProtocolOptions,
  ServeOptions,
  StopRun,
  StopRunAnswer,
} from "../edge/serve/api.ts";
export { type CommandResults, commandResultMemory } from "../edge/serve/command-memory.ts";
export type { Encoded } from "../edge/serve/encoded.ts";
export { protocolHandler } from "../edge/serve/handler.ts";
export {
  createLiveHub,
  type LiveHub,
  type LiveHubOptions,
  type LiveWatcher,
} from "../edge/serve/live-hub.ts";
export { nodeListener } from "../edge/serve/node-http.ts";
export {
  attachWebSocket,
  type WebSocketAttachment,
  type WebSocketOptions,
} from "../edge/serve/websocket.ts";
export type { FrameCommand } from "../model/protocol.ts";
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
} from "../model/protocol.ts";
export { deliveredTo } from "../protocol/delivery.ts";
export { helloFromQuery, helloToQuery, type StreamQuery } from "../protocol/hello-query.ts";
export { helloRefusal, type ResumePlan, resume } from "../protocol/resume.ts";
