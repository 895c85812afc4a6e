// Which names a server answers to. A browser sends a page's own host name as `Host`; a site
// whose name its owner points at 127.0.0.1 (DNS rebinding) is same-origin with whatever
// listens there, and its script could read what the server answers. Only names the server
// knows to be its own are answered.
import { WorkspaceError } from "../../model/errors.ts";
import { errorFrame } from "../../protocol/frames.ts";
import type { ServeOptions } from "./api.ts";
import { errorAnswer } from "./http-answers.ts";

/** The names every server answers: this machine's own, at any port. */
const LOOPBACK: readonly string[] = ["127.0.0.1", "localhost", "[::1]"];

/** The parts of an authority (`name[:port]`), or `null` when it is something else. */
function authorityOf(authority: string): URL | null {
  // A path, query, fragment or user part would make the URL's host another name.
  if (!/^[^\s/?#@\\]+$/.test(authority)) return null;
  try {
    return new URL(`http://${authority}`);
  } catch {
    return null;
  }
}

/** Whether a request addressed to an authority (its `Host`; `null`: none) may be answered. */
export type HostCheck = (authority: string | null) => boolean;

/**
 * The check of `allowedHosts` (see {@link ServeOptions.allowedHosts}): the loopback names
 * and those listed, compared without their port and case; `"any"` answers every name. A
 * request without a `Host` (not from a browser, so not a rebinding page) is answered.
 *
 * @throws WorkspaceError `invalid_argument` when it is neither a list nor `"any"`, or an entry
 * is not a host name (or has a port).
 */
export function hostCheck(allowed: ServeOptions["allowedHosts"]): HostCheck {
  if (allowed === "any") return () => true;
  if (allowed !== undefined && !Array.isArray(allowed)) {
    throw new WorkspaceError("invalid_argument", 'allowedHosts: a list of host names, or "any"');
  }
  const names = new Set(LOOPBACK);
  for (const entry of allowed ?? []) {
    const url = typeof entry === "string" ? authorityOf(entry) : null;
    if (url === null || url.port !== "" || entry.endsWith(":")) {
      throw new WorkspaceError(
        "invalid_argument",
        `allowedHosts: ${JSON.stringify(entry)} is not a host name (give names without a port)`,
      );
    }
    names.add(url.hostname);
  }
  return (authority) => {
    if (authority === null) return true;
    const url = authorityOf(authority);
    return url !== null && names.has(url.hostname);
  };
}

/**
 * The refusal (403, an `error` frame) of a request addressed to a name `check` does not
 * answer, or `null` to go on. The name is its `Host` header, else its URL's host (a request
 * made in process, as Hono's `app.request` makes them).
 */
export function refuseHost(request: Request, check: HostCheck): Response | null {
  const authority = request.headers.get("host") ?? new URL(request.url).host;
  if (check(authority)) return null;
  return errorAnswer(
    403,
    errorFrame(`this server does not answer for the host ${JSON.stringify(authority)}`),
  );
}
