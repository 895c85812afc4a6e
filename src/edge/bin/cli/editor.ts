import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { failed } from "./exit.ts";
import type { Io } from "./io.ts";

/** A text the person edited, with the file it is in until `discard` removes it. */
interface Edited {
  readonly text: string;
  /** Where the saved text is, kept when it is refused so the person's work is not lost. */
  readonly file: string;
  /** Removes the file and its folder. */
  discard(): Promise<void>;
}

/** The editor to run: `$EDITOR`, else `$VISUAL`, else `vi`. */
function editorOf(env: Io["env"]): string {
  return env.EDITOR || env.VISUAL || "vi";
}

/**
 * Opens the person's editor on `text` in a new file named `name`, on the terminal, and reads
 * what they saved once it exits. The editor runs through `sh`, as git runs it, so `$EDITOR`
 * may carry arguments (`code --wait`).
 *
 * @throws CliError `failed` when the editor cannot start or exits with an error.
 */
export async function editText(io: Io, name: string, text: string): Promise<Edited> {
  const dir = await mkdtemp(join(tmpdir(), "agent-workspace-"));
  const file = join(dir, name);
  const discard = () => rm(dir, { recursive: true, force: true });
  await writeFile(file, text, "utf8");
  const editor = editorOf(io.env);
  const exit = await new Promise<number | string>((resolve) => {
    const child = spawn("sh", ["-c", `${editor} "$@"`, "editor", file], {
      stdio: "inherit",
      env: { ...io.env },
      cwd: io.cwd,
    });
    child.on("error", (error) => resolve(error.message));
    child.on("exit", (code, signal) => resolve(code ?? signal ?? "unknown"));
  });
  if (exit !== 0) {
    await discard();
    throw failed(`the editor (${editor}) exited with ${exit}; nothing was written`);
  }
  return { text: await readFile(file, "utf8"), file, discard };
}
