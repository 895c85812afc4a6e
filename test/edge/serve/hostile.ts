// Requests as an attacker (or a flaky network) sends them, over real sockets: bodies chunked,
// oversized, cut short, dropped mid-way or trickled in, and what came back.
import { request } from "node:http";

/** What came back: the status and parsed body, or how the connection ended without one. */
export interface Sent {
  /** The answer's status, or `null` when none came. */
  readonly status: number | null;
  /** The answer's body as JSON (`null` when none, or not JSON). */
  readonly body: unknown;
  /** The answer's `connection` header. */
  readonly connection: string | null;
  /** The client's error (`ECONNRESET`, `EPIPE`, …) when the connection ended without an answer. */
  readonly error: string | null;
}

/** How to send one request. */
export interface Hostile {
  readonly method?: string;
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** The body, written piece by piece (without `content-length`: chunked). */
  readonly chunks?: readonly (string | Buffer)[];
  /** The wait between two pieces, in ms. */
  readonly gapMs?: number;
  /** After the last piece: end the body, or drop the connection (the body left unfinished). */
  readonly finish?: "end" | "drop";
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/**
 * Sends a request to `url` (`http://127.0.0.1:<port>`) as `how` says, and answers what came
 * back. Once an answer arrives, nothing more of the body is written (as a client that reads
 * its 413 stops sending); one told to drop drops the connection then, or after its last piece.
 */
export function send(url: string, how: Hostile): Promise<Sent> {
  const { port } = new URL(url);
  return new Promise((resolve) => {
    let answered = false;
    let settled = false;
    const settle = (sent: Sent): void => {
      if (settled) return;
      settled = true;
      resolve(sent);
    };
    const req = request(
      { host: "127.0.0.1", port, method: how.method ?? "POST", path: how.path },
      (res) => {
        answered = true;
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        const done = (): void =>
          settle({
            status: res.statusCode ?? null,
            body: parse(text),
            connection: res.headers.connection ?? null,
            error: null,
          });
        res.on("end", done);
        res.on("close", done);
        res.on("error", done);
      },
    );
    for (const [name, value] of Object.entries(how.headers ?? {})) req.setHeader(name, value);
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (!answered)
        settle({ status: null, body: null, connection: null, error: error.code ?? "error" });
    });
    req.on("close", () => {
      if (!answered) settle({ status: null, body: null, connection: null, error: "closed" });
    });
    const pieces = [...(how.chunks ?? [])];
    const next = (): void => {
      if (req.destroyed) return;
      // A client that leaves leaves, answered or not (a stream's answer never ends).
      if (how.finish === "drop" && (answered || pieces.length === 0)) return void req.destroy();
      if (answered) return;
      const piece = pieces.shift();
      if (piece === undefined) return void req.end();
      req.write(piece);
      setTimeout(next, how.gapMs ?? 0);
    };
    req.flushHeaders();
    setTimeout(next, how.gapMs ?? 0);
  });
}

/** A command frame's JSON padded with spaces to `bytes`, in `pieces` pieces. */
export function paddedCommand(bytes: number, pieces: number): Buffer[] {
  const frame = JSON.stringify({
    type: "command",
    command_id: "cmd_big",
    command: { type: "create_thread", thread_id: "t_big" },
  });
  const whole = Buffer.from(frame.padEnd(bytes, " "));
  const size = Math.ceil(whole.length / pieces);
  return Array.from({ length: pieces }, (_, i) => whole.subarray(i * size, (i + 1) * size));
}

/** The headers of a JSON request as `token`. */
export const jsonAs = (token: string): Record<string, string> => ({
  authorization: `Bearer ${token}`,
  "content-type": "application/json",
});
