// The build's last step (scripts/client-size.mjs) measures the client as built, with every
// chunk it imports: it fails the build when zod, a Node module or another package is in them,
// or when they are over 30 kB gzipped.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const SCRIPT = join(import.meta.dirname, "..", "..", "..", "scripts", "client-size.mjs");

/** A built client of `files` (the first one the entry), measured by the script. */
async function measure(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), "aw-client-size-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const entry = join(dir, Object.keys(files)[0] ?? "");
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [SCRIPT, entry]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("the client's size check", () => {
  it("passes a small client that imports only its own chunks", async () => {
    const measured = await measure({
      "client.mjs": 'import { a } from "./chunk-1.mjs";\nexport const b = () => a;\n',
      "chunk-1.mjs": "export const a = 1;\n",
    });
    expect(measured.code).toBe(0);
    expect(measured.stdout).toMatch(/and 1 chunk\(s\): \d+ bytes gzipped as published/);
  });

  it("fails when a chunk it imports brings in zod or a Node module", async () => {
    const measured = await measure({
      "client.mjs": 'export { a } from "./chunk-1.mjs";\n',
      "chunk-1.mjs":
        'import { z } from "zod";\nimport { readFileSync } from "node:fs";\nexport const a = [z, readFileSync];\n',
    });
    expect(measured.code).toBe(1);
    expect(measured.stderr).toContain("chunk-1.mjs imports zod (zod)");
    expect(measured.stderr).toContain("chunk-1.mjs imports node:fs (a Node built-in module)");
  });

  it("fails over 30 kB gzipped", async () => {
    const noise = randomBytes(40 * 1024).toString("base64");
    const measured = await measure({ "client.mjs": `export const noise = "${noise}";\n` });
    expect(measured.code).toBe(1);
    expect(measured.stderr).toMatch(/bytes gzipped as published, over the budget of 30720/);
  });
});
