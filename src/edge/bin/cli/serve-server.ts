import { createServer, type Server } from "node:http";
import type { Workspace } from "../../../workspace/api.ts";
import type { DeliveryResult } from "../../../workspace/deliveries.ts";
import { faultAnswer } from "../../serve/http-answers.ts";
import { nodeListener } from "../../serve/node-http.ts";
import type { PageAssets } from "../../serve/review/assets.ts";
import { mountReview } from "../../serve/review/handler.ts";
import type { Person } from "./actors.ts";
import { usage } from "./exit.ts";
import { type CliHost, offerPorts } from "./modules.ts";
import { localHosts, refuseForeign } from "./serve-guard.ts";
import { type RunKey, runKey } from "./serve-key.ts";

/** Where the page's server listens, and what it serves. */
interface PageServerOptions {
  readonly workspace: Workspace;
  readonly person: Person;
  readonly host: CliHost | null;
  readonly assets: PageAssets;
  /** The port on 127.0.0.1 (0: any free one). */
  readonly port: number;
  /** Hears what the server could not attribute to a request, and deliveries that failed. */
  readonly warn: (line: string) => void;
  /**
   * How long a request may take to arrive whole, headers and body, in ms (default 30,000):
   * past it the connection is closed, so a body trickled in slowly holds nothing for long.
   */
  readonly requestTimeoutMs?: number;
}

/** A running page server. */
export interface PageServer {
  /** The page's address with the run's key: `http://127.0.0.1:<port>/s/<secret>/?key=…`, to open once. */
  readonly url: string;
  /** The server's origin: `http://127.0.0.1:<port>/`. */
  readonly origin: string;
  /**
   * The page's own address, `http://127.0.0.1:<port>/s/<secret>/`: everything is served under
   * it (the protocol at `api/`, the page's routes at `review/`), nothing anywhere else.
   */
  readonly page: string;
  /** The run's key: a request carries it as the page's cookie or `Authorization: Bearer …`. */
  readonly key: string;
  /** Ends every stream and stops listening. */
  close(): Promise<void>;
}

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** How long a request's headers may take to arrive, in ms. */
const HEADERS_TIMEOUT_MS = 10_000;

/**
 * A server whose requests must arrive whole within `requestTimeoutMs` (headers within 10 s):
 * Node's own checks, made every second rather than every 30 (its default), so a slow body is
 * cut off near its deadline. A stream's response may last; only its request is timed.
 */
function pageHttpServer(requestTimeoutMs: number): Server {
  return createServer({
    requestTimeout: requestTimeoutMs,
    headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs),
    connectionsCheckingInterval: Math.min(1_000, requestTimeoutMs),
  });
}

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

/** The `--host` module's offer ports, or `null` when it gives none (the page cannot start). */
function portsOf(host: CliHost | null) {
  try {
    return offerPorts(host);
  } catch {
    return null;
  }
}

/**
 * Serves the review page for one workspace on 127.0.0.1, every request as `person` (a local
 * tool, not a server for others): the library's review handler under the run's secret path
 * `/s/<secret>` (`/` the page, `/assets/…` its files, `/review/…` its routes, `/api/…` the
 * protocol), with the `--host` module's offer ports and answer channels. Requests addressed
 * to another host name, and writes from another origin, are refused; anything outside the
 * secret path is a bare 404; a request without the run's key (see {@link RunKey}) is 401.
 * No request ends the process (see `nodeListener`), and one that takes longer than
 * `requestTimeoutMs` to arrive is cut off.
 *
 * @throws CliError `usage` when the port cannot be listened on.
 */
export async function startPageServer(options: PageServerOptions): Promise<PageServer> {
  const { workspace, person, host, warn } = options;
  const onDelivery = (delivery: DeliveryResult): void => {
    if (!delivery.ok)
      warn(`not delivered through ${delivery.channel}: ${messageOf(delivery.error)}`);
  };
  const ports = portsOf(host);
  const key = runKey();
  const review = mountReview(
    workspace,
    {
      basePath: key.path,
      authenticate: (request) => (key.holds(request) ? person : null),
      onDelivery,
      onError: (error) => warn(`serve: ${messageOf(error)}`),
      answerChannels: Object.keys(host?.answerChannels ?? {}),
      ...(ports === null ? {} : { offerPorts: ports }),
    },
    options.assets,
  );
  const server = pageHttpServer(options.requestTimeoutMs ?? 30_000);
  const port = await listen(server, options.port);
  const hosts = localHosts(port);
  const handle = async (request: Request): Promise<Response> => {
    try {
      return (
        refuseForeign(request, hosts) ??
        key.outside(request) ??
        key.landing(request) ??
        (await review(request))
      );
    } catch (error) {
      warn(`serve: ${messageOf(error)}`);
      return faultAnswer(error);
    }
  };
  server.on("request", nodeListener(handle));
  const origin = `http://${hosts[0]}`;
  return {
    url: `${origin}${key.path}?key=${key.value}`,
    origin: `${origin}/`,
    page: `${origin}${key.path}`,
    key: key.value,
    close: async () => {
      review.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
