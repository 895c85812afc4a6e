import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { CheckoutError } from "./port.ts";

const execFileAsync = promisify(execFile);

/** What one git command did: its exit code and output. */
export interface GitOutput {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `git -C <dir> <args…>` and reports the exit code instead of throwing on it. */
export type RunGit = (dir: string, args: readonly string[]) => Promise<GitOutput>;

// Variables that would point git at another repository than the one named with -C.
const REPOSITORY_VARIABLES = [
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_INDEX_FILE",
  "GIT_COMMON_DIR",
  "GIT_OBJECT_DIRECTORY",
  "GIT_ALTERNATE_OBJECT_DIRECTORIES",
  "GIT_NAMESPACE",
  "GIT_PREFIX",
];

function gitEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_TERMINAL_PROMPT: "0" };
  for (const name of REPOSITORY_VARIABLES) delete env[name];
  return env;
}

/**
 * A {@link RunGit} for the given binary. Arguments go to the process as a list, never through
 * a shell. Throws {@link CheckoutError} (`git_failed`) when git cannot be started at all or
 * does not finish within `timeoutMs`.
 */
export function runGit(binary: string, timeoutMs: number): RunGit {
  return async (dir, args) => {
    try {
      const { stdout, stderr } = await execFileAsync(binary, ["-C", dir, ...args], {
        env: gitEnvironment(),
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
        windowsHide: true,
        timeout: timeoutMs,
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as {
        code?: unknown;
        killed?: unknown;
        stdout?: unknown;
        stderr?: unknown;
      };
      if (failed.killed === true) {
        throw new CheckoutError({
          reason: "git_failed",
          field: "placement",
          message: `git ${args.join(" ")} did not finish within ${timeoutMs} ms`,
        });
      }
      if (typeof failed.code === "number") {
        return { code: failed.code, stdout: String(failed.stdout), stderr: String(failed.stderr) };
      }
      throw new CheckoutError({
        reason: "git_failed",
        field: "placement",
        message: `could not run ${binary}: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  };
}
