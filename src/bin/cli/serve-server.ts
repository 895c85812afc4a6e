import { createServer, type Server } from "node:http";
import { errorFrame } from "../../rules/protocol/frames.ts";
import { protocolHandler } from "../../serve/handler.ts";
import { errorAnswer } from "../../serve/http-answers.ts";
import { nodeListener } from "../../serve/node-http.ts";
import type { DeliveryResult } from "../../workspace/deliveries.ts";
import { usage } from "./exit.ts";
import { localHosts, refuseForeign } from "./serve-guard.ts";
import { type PageRoutesOptions, pageRoute } from "./serve-routes.ts";

/** Where the page's server listens, and what it serves. */
interface PageServerOptions extends PageRoutesOptions {
  /** The port on 127.0.0.1 (0: any free one). */
  readonly port: number;
  /** Hears what the server could not attribute to a request, and deliveries that failed. */
  readonly warn: (line: string) => void;
}

/** A running page server. */
export interface PageServer {
  /** The page's address: `http://127.0.0.1:<port>/`. */
  readonly url: string;
  /** Ends every stream and stops listening. */
  close(): Promise<void>;
}

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** Listens on 127.0.0.1 at `port`. @throws CliError `usage` when the port is taken or not ours. */
function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      const why = error.code === "EADDRINUSE" ? "is in use" : `cannot be used (${error.message})`;
      reject(usage(`--port ${port}: the port ${why}; pick another (0 for any free one)`));
    });
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      resolve(typeof address === "object" && address !== null ? address.port : port);
    });
  });
}

/**
 * Serves the review page and the live protocol for one workspace on 127.0.0.1, every request
 * as `person` (a local tool, not a server for others): `/` the page, `/assets/…` its files,
 * `/review/…` its own routes, `/api/…` the protocol (`protocolHandler` with basePath `/api`).
 * Requests addressed to another host name, and writes from another origin, are refused.
 *
 * @throws CliError `usage` when the port cannot be listened on.
 */
export async function startPageServer(options: PageServerOptions): Promise<PageServer> {
  const { workspace, person, warn } = options;
  const onDelivery = (delivery: DeliveryResult): void => {
    if (!delivery.ok)
      warn(`not delivered through ${delivery.channel}: ${messageOf(delivery.error)}`);
  };
  const protocol = protocolHandler(workspace, {
    authenticate: () => person,
    basePath: "/api",
    onDelivery,
    onError: (error) => warn(`serve: ${messageOf(error)}`),
  });
  const server = createServer();
  const port = await listen(server, options.port);
  const hosts = localHosts(port);
  const handle = async (request: Request): Promise<Response> => {
    const refused = refuseForeign(request, hosts);
    if (refused !== null) return refused;
    try {
      return (await pageRoute(options, request)) ?? (await protocol(request));
    } catch (error) {
      warn(`serve: ${messageOf(error)}`);
      return errorAnswer(500, errorFrame("the request failed on the server"));
    }
  };
  server.on("request", nodeListener(handle));
  return {
    url: `http://${hosts[0]}/`,
    close: async () => {
      protocol.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
