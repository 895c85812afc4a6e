// `agent-workspace/review`: the review page as a Web-standard handler a host mounts in its
// own server (node:http, Hono, a Next.js route): the page's files, its routes and the live
// protocol under `api/`, every request as the actor the host authenticates.

export type { Authenticate, ProtocolHandler } from "../edge/serve/api.ts";
export { nodeListener } from "../edge/serve/node-http.ts";
export { type ReviewOptions, reviewHandler } from "../edge/serve/review/handler.ts";
export type { StartOfferPorts } from "../host/start-offer.ts";
