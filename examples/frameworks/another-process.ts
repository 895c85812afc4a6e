// Runs the person's side (person-accepts.ts) in a child process and waits for it.
import { execFileSync } from "node:child_process";
import { join } from "node:path";

/** Accepts the pending proposal in the SQLite file from another process; returns its output. */
export function personAcceptsElsewhere(path: string, workspaceId = "default"): string {
  const script = join(import.meta.dirname, "person-accepts.ts");
  return execFileSync(process.execPath, ["--import", "tsx", script, path, workspaceId], {
    encoding: "utf8",
  }).trim();
}
