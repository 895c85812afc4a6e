import { randomBytes, timingSafeEqual } from "node:crypto";
import { errorFrame } from "../../../protocol/frames.ts";
import { errorAnswer } from "../../serve/http-answers.ts";

/**
 * The key of one `serve` run, and the secret path the page lives under. The server acts as a
 * person for whoever holds the key, so loopback alone is not enough: any process on the
 * machine (an agent's shell among them) could reach it. The address `serve` prints carries
 * the key once; the page keeps it as a cookie (`HttpOnly`, `SameSite=Strict`) scoped to the
 * page's own secret path. Browsers do not keep cookies apart by port, so a cookie for `/`
 * would go to every other server on 127.0.0.1 the person's browser opens (an agent's dev
 * server among them); one for `/s/<secret>` goes only where that path is known.
 */
export interface RunKey {
  readonly value: string;
  /** The page's own path, `/s/<secret>/`: the only one served; the cookie is scoped to it. */
  readonly path: string;
  /** Whether the request carries the key: the page's cookie, or `Authorization: Bearer …`. */
  holds(request: Request): boolean;
  /**
   * A bare 404 for a request outside the page's path (saying nothing of what is served, or
   * whether a key was right), or `null` for one under it.
   */
  outside(request: Request): Response | null;
  /**
   * For a `GET` under the page's path whose address carries `?key=`: a redirect (303) to the
   * page's path, always that one, setting the cookie; 401 for a wrong key; `null` for any
   * other request.
   */
  landing(request: Request): Response | null;
}

/** A new key and page path, from the machine's random source. */
export function runKey(): RunKey {
  const value = randomBytes(24).toString("base64url");
  const secret = randomBytes(16).toString("base64url");
  const base = `/s/${secret}`;
  const expected = Buffer.from(value);
  // Named for the run, so two runs on one machine keep theirs apart; the name says nothing
  // of the key, and only requests under the page's path ever carry it.
  const cookie = `aw_serve_${secret.slice(0, 12)}`;
  const cookiePattern = new RegExp(`(?:^|;\\s*)${cookie}=([\\w-]+)`, "g");
  const same = (given: string | undefined): boolean => {
    if (given === undefined) return false;
    const bytes = Buffer.from(given);
    return bytes.length === expected.length && timingSafeEqual(bytes, expected);
  };
  const under = (request: Request): boolean => {
    const { pathname } = new URL(request.url);
    return pathname === base || pathname.startsWith(`${base}/`);
  };
  return {
    value,
    path: `${base}/`,
    holds(request) {
      const bearer = /^Bearer (\S+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
      // Every cookie of the name: one set for a wider path by someone else must not hide ours.
      const kept = [...(request.headers.get("cookie") ?? "").matchAll(cookiePattern)];
      return same(bearer) || kept.some((match) => same(match[1]));
    },
    outside: (request) => (under(request) ? null : errorAnswer(404, errorFrame("not found"))),
    landing(request) {
      const given = new URL(request.url).searchParams.get("key");
      if (given === null || request.method !== "GET" || !under(request)) return null;
      if (!same(given)) return errorAnswer(401, errorFrame("this is not the key serve printed"));
      return new Response(null, {
        status: 303,
        headers: {
          location: `${base}/`,
          "set-cookie": `${cookie}=${value}; HttpOnly; SameSite=Strict; Path=${base}`,
          "cache-control": "no-store",
        },
      });
    },
  };
}
