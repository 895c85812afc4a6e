// Runs a TypeScript script in a process of its own (Node with tsx), as a host restarting would:
// nothing but the files it is given is shared with the test's process.
import { execFile } from "node:child_process";
import { promisify } from "node:util";

/** Runs `script` with `args` in a new Node process; its last line of output, parsed as JSON. */
export async function inAnotherProcess(script: string, args: readonly string[]): Promise<unknown> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", script, ...args],
    { encoding: "utf8" },
  );
  const last = stdout.trim().split("\n").at(-1) ?? "null";
  return JSON.parse(last) as unknown;
}
