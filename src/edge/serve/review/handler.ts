// The review page as one Web-standard handler a host mounts in its own server: the page's
// files, its routes and the live protocol, every request as the actor the host authenticates.
import type { StartOfferPorts } from "../../../host/start-offer.ts";
import { errorFrame } from "../../../protocol/frames.ts";
import type { Workspace } from "../../../workspace/api.ts";
import type { ProtocolHandler, ProtocolOptions } from "../api.ts";
import { authenticateRequest } from "../core.ts";
import { protocolHandler } from "../handler.ts";
import { hostCheck, refuseHost } from "../hosts.ts";
import { errorAnswer, faultAnswer } from "../http-answers.ts";
import { type PageAssets, pageAssets } from "./assets.ts";
import { pageRoute } from "./routes.ts";

/** How `reviewHandler` serves the page. */
export interface ReviewOptions extends ProtocolOptions {
  /**
   * Where the page is mounted (default `""`): the page at `<basePath>/`, its files under
   * `<basePath>/assets/`, its routes under `<basePath>/review/`, the protocol under
   * `<basePath>/api` (the protocol's own `basePath`). `<basePath>` alone redirects to `<basePath>/`.
   */
  readonly basePath?: string;
  /** The host's ports for starting offers (`startOffer`); without them the page cannot start one. */
  readonly offerPorts?: StartOfferPorts;
  /**
   * The names of the answer channels the workspace was given (`createWorkspace({
   * answerChannels })`): a decision on another channel shows no buttons, only where to answer it.
   */
  readonly answerChannels?: readonly string[];
  /**
   * The folder of the built page (default: the package's `dist/page`, written by its build;
   * run from the package's TypeScript sources, the page is bundled on the fly instead).
   */
  readonly pageDir?: string;
}

/**
 * The review page with its files already had: what `reviewHandler` and `agent-workspace
 * serve` (which says where they come from) both mount.
 *
 * @throws WorkspaceError `invalid_argument` when `allowedHosts` lists something that is not a
 * host name.
 */
export function mountReview(
  workspace: Workspace,
  options: ReviewOptions,
  assets: PageAssets,
): ProtocolHandler {
  const hosts = hostCheck(options.allowedHosts);
  const base = (options.basePath ?? "").replace(/\/+$/, "");
  const api = protocolHandler(workspace, { ...options, basePath: `${base}/api` });
  const routes = {
    workspace,
    assets,
    offerPorts: options.offerPorts ?? null,
    answerChannels: options.answerChannels ?? [],
  };
  const report = (error: unknown): void => {
    try {
      options.onError?.(error);
    } catch {
      // A hook that throws must not take a request down with it.
    }
  };
  let closed = false;
  const handle = async (request: Request): Promise<Response> => {
    try {
      const foreign = refuseHost(request, hosts);
      if (foreign !== null) return foreign;
      const url = new URL(request.url);
      const path = url.pathname;
      if (path === `${base}/api` || path.startsWith(`${base}/api/`)) return await api(request);
      if (closed) return errorAnswer(503, errorFrame("the server is closing"));
      if (base !== "" && path === base) {
        return new Response(null, { status: 308, headers: { location: `${base}/${url.search}` } });
      }
      if (!path.startsWith(`${base}/`)) return errorAnswer(404, errorFrame("no such route"));
      const who = await authenticateRequest(options.authenticate, request, report);
      if (!who.ok) return errorAnswer(who.status, who.body);
      return await pageRoute(routes, who.actor, request, path.slice(base.length));
    } catch (error) {
      report(error);
      return faultAnswer(error);
    }
  };
  return Object.assign(handle, {
    close: () => {
      closed = true;
      api.close();
    },
  });
}

/**
 * Serves the review page for one workspace as a Web-standard handler, `(request) =>
 * Response`, to mount in `node:http` (`nodeListener`), Hono or a Next.js route: under
 * `basePath`, `/` the page (proposals with their rebased diff, conflicts, decisions, offers,
 * all live), `/assets/…` its files, `/review/…` its own routes (the editor's document,
 * accepting what was saved, offer cards, starting an offer through `offerPorts`), and `/api/…`
 * the live protocol (`protocolHandler`). Every request, the page's files too, is
 * authenticated first (401 without an actor), and everything the page does is done as that
 * actor, recorded from surface `page`; before that, a request addressed to a host name the
 * server does not answer is 403 (see `allowedHosts`: by default only the loopback names).
 * A body past its route's limit is 413, read no further. After `close()`, every request is
 * answered 503.
 *
 * @throws Error when the built page cannot be found (the package was not built).
 * @throws WorkspaceError `invalid_argument` when `allowedHosts` lists something that is not a
 * host name.
 */
export function reviewHandler(workspace: Workspace, options: ReviewOptions): ProtocolHandler {
  return mountReview(workspace, options, pageAssets(options.pageDir));
}
