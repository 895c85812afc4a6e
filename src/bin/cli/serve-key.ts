import { randomBytes, timingSafeEqual } from "node:crypto";
import { errorFrame } from "../../rules/protocol/frames.ts";
import { errorAnswer } from "../../serve/http-answers.ts";

/**
 * The key of one `serve` run. The server acts as a person for whoever holds it, so loopback
 * alone is not enough: any process on the machine (an agent's shell among them) could reach
 * it. The address `serve` prints carries the key once; the page keeps it as a cookie only
 * this origin's own pages send (`SameSite=Strict`, not readable by scripts).
 */
export interface RunKey {
  readonly value: string;
  /** Whether the request carries the key: the page's cookie, or `Authorization: Bearer …`. */
  holds(request: Request): boolean;
  /**
   * For a `GET` whose address carries `?key=`: the same address without it, setting the
   * cookie (303), or 401 for a wrong key; `null` for any other request.
   */
  landing(request: Request): Response | null;
}

/** A new key, from the machine's random source. */
export function runKey(): RunKey {
  const value = randomBytes(24).toString("base64url");
  const expected = Buffer.from(value);
  // Named by the key, so two runs on one machine (cookies ignore ports) keep theirs apart.
  const cookie = `aw_serve_${value.slice(0, 8)}`;
  const cookiePattern = new RegExp(`(?:^|;\\s*)${cookie}=([\\w-]+)`);
  const same = (given: string | undefined): boolean => {
    if (given === undefined) return false;
    const bytes = Buffer.from(given);
    return bytes.length === expected.length && timingSafeEqual(bytes, expected);
  };
  return {
    value,
    holds(request) {
      const bearer = /^Bearer (\S+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
      const kept = cookiePattern.exec(request.headers.get("cookie") ?? "")?.[1];
      return same(bearer) || same(kept);
    },
    landing(request) {
      const url = new URL(request.url);
      const given = url.searchParams.get("key");
      if (given === null || request.method !== "GET") return null;
      if (!same(given)) return errorAnswer(401, errorFrame("this is not the key serve printed"));
      url.searchParams.delete("key");
      return new Response(null, {
        status: 303,
        headers: {
          location: `${url.pathname}${url.search}`,
          "set-cookie": `${cookie}=${value}; HttpOnly; SameSite=Strict; Path=/`,
          "cache-control": "no-store",
        },
      });
    },
  };
}
