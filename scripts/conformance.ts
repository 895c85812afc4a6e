/**
 * `npm run conformance -- [file-or-dir...]`: runs conformance case files against this
 * implementation and prints the failures and a `N passed, N failed` line. With no paths it
 * runs the original's cases (`conformance/artifactr`) and ours (`conformance/cases`).
 * Exit codes: 0 all passed, 1 some case failed, 2 usage error or a malformed case file.
 */
import { existsSync } from "node:fs";
import { join, relative } from "node:path";
import { CaseFileError } from "../src/conformance/case-file.ts";
import { fixtureRegistry } from "../src/conformance/fixtures.ts";
import { formatReport } from "../src/conformance/report.ts";
import { runCaseFiles } from "../src/conformance/run-case.ts";

const USAGE = "usage: npm run conformance -- [case-file-or-directory...]";
const root = join(import.meta.dirname, "..");

// Shown relative to where the command runs, so FAIL lines are short and clickable.
function defaultPaths(): string[] {
  const dirs = [join(root, "conformance", "artifactr"), join(root, "conformance", "cases")];
  // Our own cases are optional: a checkout may not have written any yet.
  return dirs.filter((dir) => existsSync(dir)).map((dir) => relative(process.cwd(), dir) || ".");
}

function main(args: readonly string[]): number {
  if (args.includes("--help") || args.includes("-h")) {
    console.log(USAGE);
    return 0;
  }
  const option = args.find((arg) => arg.startsWith("-"));
  if (option !== undefined) {
    console.error(`unknown option ${option}\n${USAGE}`);
    return 2;
  }
  const missing = args.filter((path) => !existsSync(path));
  if (missing.length > 0) {
    console.error(`${missing.map((path) => `${path} does not exist`).join("\n")}\n${USAGE}`);
    return 2;
  }
  try {
    const files = runCaseFiles(args.length > 0 ? args : defaultPaths(), {
      registry: fixtureRegistry(),
    });
    console.log(formatReport(files));
    return files.every((file) => file.results.every((result) => result.passed)) ? 0 : 1;
  } catch (error) {
    if (!(error instanceof CaseFileError)) throw error;
    console.error(error.message);
    return 2;
  }
}

process.exitCode = main(process.argv.slice(2));
