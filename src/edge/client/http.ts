import type { ClientOptions } from "./api.ts";
import { answerError, ClientError } from "./errors.ts";

/** A request's query, as name and value pairs (a name may repeat). */
export type Query = readonly (readonly [string, string])[];

/** An answer read: its status and JSON body. */
interface Answer {
  readonly status: number;
  readonly body: unknown;
}

/** How the client talks HTTP to the server: its URL, headers and fetch. */
export interface Http {
  /** The URL of `path` under the server's base, with `query`. */
  url(path: string, query?: Query): string;
  /** The headers for a request now. */
  headers(): Promise<Record<string, string>>;
  /** Sends a request and reads its JSON answer; a request that gets no answer throws `unreachable`. */
  send(path: string, init?: { method?: string; query?: Query; body?: unknown }): Promise<Answer>;
  /** `GET` of a read: the body, `null` for a 404, or a `ClientError` for any other refusal. */
  read<T>(path: string, query?: Query): Promise<T | null>;
  readonly fetch: typeof fetch;
}

/** The HTTP side of a client. */
export function clientHttp(options: ClientOptions): Http {
  const base = options.url.replace(/\/+$/, "");
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const headers = async (): Promise<Record<string, string>> => {
    const given = options.headers;
    return { ...(typeof given === "function" ? await given() : given) };
  };
  const url = (path: string, query: Query = []): string => {
    const search = new URLSearchParams(query as [string, string][]).toString();
    return `${base}${path}${search === "" ? "" : `?${search}`}`;
  };
  const send: Http["send"] = async (path, init = {}) => {
    const headed = await headers();
    if (init.body !== undefined) headed["content-type"] = "application/json";
    let response: Response;
    try {
      response = await doFetch(url(path, init.query), {
        method: init.method ?? "GET",
        headers: headed,
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
    } catch (cause) {
      throw new ClientError("unreachable", `the server could not be reached: ${String(cause)}`, {
        cause,
      });
    }
    let body: unknown = null;
    try {
      body = await response.json();
    } catch (cause) {
      if (response.ok)
        throw new ClientError("unreachable", "the server's answer is not JSON", {
          status: response.status,
          cause,
        });
    }
    return { status: response.status, body };
  };
  return {
    url,
    headers,
    send,
    fetch: doFetch,
    async read<T>(path: string, query?: Query): Promise<T | null> {
      const answer = await send(path, query === undefined ? {} : { query });
      if (answer.status === 200) return answer.body as T;
      const body = answer.body as { rejection?: { type?: string } } | null;
      if (answer.status === 404 && body?.rejection?.type === "not_found") return null;
      throw answerError(answer.status, answer.body);
    },
  };
}
