/**
 * Real git repositories in a temp folder for the checkout adapter tests: a bare `origin`, a
 * clone `project` with `main` and a local-only `feature`, and origin's `main` one commit
 * ahead of the clone's (pushed from another clone), so "from origin" and local differ.
 */
import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const execFileAsync = promisify(execFile);

// Identity and a clean config, so the fixture builds the same on a bare machine.
const env: NodeJS.ProcessEnv = {
  ...process.env,
  GIT_AUTHOR_NAME: "Fixture",
  GIT_AUTHOR_EMAIL: "fixture@example.com",
  GIT_COMMITTER_NAME: "Fixture",
  GIT_COMMITTER_EMAIL: "fixture@example.com",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
};

/** Runs `git -C dir …` for the fixture and returns its trimmed stdout; throws on failure. */
export async function git(dir: string, ...args: string[]): Promise<string> {
  const { stdout } = await execFileAsync(
    "git",
    ["-c", "init.defaultBranch=main", "-C", dir, ...args],
    { env },
  );
  return stdout.trim();
}

/** The fixture's folders, all under `base`. */
export interface Fixture {
  /** The temp folder holding everything; removed by `cleanup`. */
  base: string;
  /** The bare repository the project's `origin` points at. */
  origin: string;
  /** The project root: a clone of origin. */
  root: string;
  /** The adapter's default worktrees folder for `root`. */
  defaultWorktrees: string;
  /** Removes the temp folder. */
  cleanup(): Promise<void>;
}

async function commitFile(dir: string, file: string, text: string): Promise<void> {
  await writeFile(join(dir, file), text);
  await git(dir, "add", file);
  await git(dir, "commit", "-q", "-m", `add ${file}`);
}

async function newBase(): Promise<string> {
  return realpath(await mkdtemp(join(tmpdir(), "aw-checkout-")));
}

function fixtureIn(base: string): Fixture {
  return {
    base,
    origin: join(base, "origin.git"),
    root: join(base, "project"),
    defaultWorktrees: join(base, "project-worktrees"),
    cleanup: () => rm(base, { recursive: true, force: true }),
  };
}

/** Builds a fresh fixture in a new temp folder. */
export async function makeFixture(): Promise<Fixture> {
  const base = await newBase();
  const { origin, root } = fixtureIn(base);
  const seed = join(base, "seed");

  await git(base, "init", "-q", "--bare", origin);
  await git(base, "init", "-q", seed);
  await commitFile(seed, "README.md", "one\n");
  await git(seed, "remote", "add", "origin", origin);
  await git(seed, "push", "-q", "origin", "main");

  await git(base, "clone", "-q", origin, root);
  await git(root, "switch", "-q", "-c", "feature");
  await commitFile(root, "feature.txt", "feature\n");
  await git(root, "switch", "-q", "main");

  // Origin moves on without the project knowing.
  await commitFile(seed, "two.txt", "two\n");
  await git(seed, "push", "-q", "origin", "main");

  return fixtureIn(base);
}

/**
 * A copy of a fixture in a new temp folder (much faster than building one); only the
 * project's `origin` URL names an absolute path, so it is pointed at the copy's origin.
 */
export async function copyFixture(template: Fixture): Promise<Fixture> {
  const fixture = fixtureIn(await newBase());
  await cp(template.base, fixture.base, { recursive: true, verbatimSymlinks: true });
  await git(fixture.root, "remote", "set-url", "origin", fixture.origin);
  return fixture;
}

/** A fresh git repository with one commit, for submodule tests. */
export async function makeRepository(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  await git(dir, "init", "-q");
  await commitFile(dir, "lib.txt", "lib\n");
  return dir;
}

/**
 * What a placement could change: registered worktrees, every ref, and the name of every file
 * under `base` (`.git` folders included). Equal snapshots mean nothing was made.
 */
export async function snapshot(fixture: Fixture, root = fixture.root): Promise<unknown> {
  const files = (await readdir(fixture.base, { recursive: true })).sort();
  let worktrees = "";
  let refs = "";
  try {
    worktrees = await git(root, "worktree", "list", "--porcelain");
    refs = await git(root, "for-each-ref");
  } catch {
    // Not a repository: the file listing is the whole state.
  }
  return { files, worktrees, refs };
}
