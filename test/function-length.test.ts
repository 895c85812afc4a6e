// Functions stay small enough to read at once: none in src runs past eighty lines.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const LIMIT = 80;

/** Every function in a source text longer than `limit` lines, as `name (line): length`. */
function longFunctions(fileName: string, text: string, limit: number): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && "body" in node && node.body !== undefined) {
      const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const name = node.name?.getText(source) ?? "(anonymous)";
      if (end - start + 1 > limit) found.push(`${name} (${start + 1}): ${end - start + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("functions in src", () => {
  it(`run to at most ${LIMIT} lines`, () => {
    const root = join(import.meta.dirname, "..", "src");
    const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) =>
      f.endsWith(".ts"),
    );
    expect(files.length).toBeGreaterThan(100);
    const long = files.flatMap((file) =>
      longFunctions(file, readFileSync(join(root, file), "utf8"), LIMIT).map(
        (what) => `${file}: ${what}`,
      ),
    );
    expect(long).toEqual([]);
  });

  it("are measured from their first line to their last", () => {
    const body = Array.from({ length: 5 }, (_, i) => `  const x${i} = ${i};`).join("\n");
    const text = `function f() {\n${body}\n}\nconst g = () => {\n  return 1;\n};\n`;
    expect(longFunctions("x.ts", text, 6)).toEqual(["f (1): 7"]);
    expect(longFunctions("x.ts", text, 7)).toEqual([]);
  });
});
