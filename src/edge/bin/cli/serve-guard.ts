import { errorFrame } from "../../../protocol/frames.ts";
import { errorAnswer } from "../../serve/http-answers.ts";

/** The `Host` values a server on 127.0.0.1 at `port` answers: its own names only. */
export function localHosts(port: number): readonly string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
}

/**
 * Refuses what a local tool acting as a person must not answer: a request addressed to
 * another name (a DNS-rebinding page reaching 127.0.0.1 under its own name), and a write from
 * a page of another origin. Answers the refusal (403), or `null` to go on.
 */
export function refuseForeign(request: Request, hosts: readonly string[]): Response | null {
  const host = request.headers.get("host") ?? "";
  if (!hosts.includes(host)) {
    return errorAnswer(403, errorFrame(`this server answers only http://${hosts[0]}/`));
  }
  const origin = request.headers.get("origin");
  const reads = request.method === "GET" || request.method === "HEAD";
  if (!reads && origin !== null && !hosts.some((name) => origin === `http://${name}`)) {
    return errorAnswer(403, errorFrame(`writes come only from the page at http://${hosts[0]}/`));
  }
  return null;
}
