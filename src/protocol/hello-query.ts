import type { HelloInput } from "../model/protocol.ts";

/** A stream's request as query parameters: the `hello` and the runs to watch from the start. */
export interface StreamQuery {
  readonly hello: HelloInput;
  /** Runs whose live frames to receive, besides those of followed threads (ours). */
  readonly watch?: readonly string[];
}

/**
 * A `hello` (and runs to watch) as query parameters, for a stream that cannot send a first
 * frame (SSE): `protocol`, `resume_after_seq`, `from_head`, one `threads` per thread (a
 * lone empty `threads=` for none) and one `watch` per run.
 */
export function helloToQuery({ hello, watch = [] }: StreamQuery): [string, string][] {
  const pairs: [string, string][] = [["protocol", hello.protocol]];
  if (hello.resume_after_seq !== undefined) {
    pairs.push(["resume_after_seq", String(hello.resume_after_seq)]);
  }
  if (hello.from_head !== undefined) pairs.push(["from_head", String(hello.from_head)]);
  const threads = hello.threads ?? null;
  if (threads !== null) {
    if (threads.length === 0) pairs.push(["threads", ""]);
    for (const thread of threads) pairs.push(["threads", thread]);
  }
  for (const run of watch) pairs.push(["watch", run]);
  return pairs;
}

// Text that reads as the value meant; anything else is passed on for the schema to refuse.
const integer = (text: string): unknown => (/^\d{1,15}$/.test(text) ? Number(text) : text);
const boolean = (text: string): unknown =>
  text === "true" || text === "1" ? true : text === "false" || text === "0" ? false : text;

/**
 * Reads a `hello` from query parameters (see {@link helloToQuery}), unparsed: the schema
 * refuses what is wrong. A `Last-Event-ID` (an SSE client reconnecting by itself) is the last
 * `seq` the client has, so it resumes from there.
 */
export function helloFromQuery(
  pairs: Iterable<readonly [string, string]>,
  lastEventId: string | null = null,
): { hello: Record<string, unknown>; watch: string[] } {
  const hello: Record<string, unknown> = { type: "hello" };
  const watch: string[] = [];
  let threads: string[] | null = null;
  for (const [key, value] of pairs) {
    if (key === "protocol") hello.protocol = value;
    else if (key === "resume_after_seq") hello.resume_after_seq = integer(value);
    else if (key === "from_head") hello.from_head = boolean(value);
    else if (key === "threads") {
      threads ??= [];
      if (value !== "") threads.push(value);
    } else if (key === "watch" && value !== "") watch.push(value);
  }
  if (threads !== null) hello.threads = threads;
  if (lastEventId !== null && /^\d{1,15}$/.test(lastEventId)) {
    hello.resume_after_seq = Number(lastEventId);
    hello.from_head = false;
  }
  return { hello, watch };
}
