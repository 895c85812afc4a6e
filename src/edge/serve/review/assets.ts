// Where the review page's files come from: the folder `npm run build` writes (dist/page of the
// published package), or, running from the TypeScript sources, bundled on the fly.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** The page's files, by name: `index.html`, `review.js`, `review.css`. */
export interface PageAssets {
  /** Where they come from, for a startup line: the built folder, or the sources. */
  readonly from: string;
  /** A file's bytes, or `null` for a name the page does not have. */
  get(name: string): Promise<Uint8Array<ArrayBuffer> | null>;
}

/** The names the page is made of. */
const PAGE_FILES: readonly string[] = ["index.html", "review.js", "review.css"];

/** The package's root: the nearest folder above this file with a package.json. */
function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const up = dirname(dir);
    if (up === dir) throw new Error("the agent-workspace package's folder cannot be found");
    dir = up;
  }
  return dir;
}

/**
 * The page as `npm run build` left it in `dir` (`dist/page` of the published package): read
 * from disk as asked.
 *
 * @throws Error when the folder lacks a file (the page was not built).
 */
export function builtAssets(dir: string): PageAssets {
  const missing = PAGE_FILES.filter((name) => !existsSync(join(dir, name)));
  if (missing.length > 0) {
    throw new Error(
      `the review page is not built (${dir} lacks ${missing.join(", ")}): run npm run build`,
    );
  }
  return {
    from: dir,
    get: async (name) =>
      PAGE_FILES.includes(name) ? new Uint8Array(await readFile(join(dir, name))) : null,
  };
}

interface PageBuilder {
  buildPage(options: { minify?: boolean }): Promise<{
    files: { name: string; contents: Uint8Array }[];
    problems: string[];
  }>;
}

/**
 * The page bundled from the sources by `scripts/build-page.mjs` (with esbuild, a dev
 * dependency), once, on first use: how the page is served from a checkout (tsx, the tests).
 *
 * @throws Error (from `get`) when the bundle cannot be made.
 */
export function sourceAssets(root: string): PageAssets {
  const script = join(root, "scripts", "build-page.mjs");
  let built: Promise<Map<string, Uint8Array<ArrayBuffer>>> | null = null;
  const bundle = async (): Promise<Map<string, Uint8Array<ArrayBuffer>>> => {
    const { buildPage } = (await import(pathToFileURL(script).href)) as PageBuilder;
    const { files, problems } = await buildPage({ minify: false });
    if (problems.length > 0) throw new Error(`the review page's bundle: ${problems.join("; ")}`);
    return new Map(files.map((file) => [file.name, new Uint8Array(file.contents)]));
  };
  return {
    from: `${join(root, "src", "edge", "page")} (bundled on the fly)`,
    async get(name) {
      // A bundle that failed is made again on the next request (the sources may be fixed).
      built ??= bundle().catch((error: unknown) => {
        built = null;
        throw error;
      });
      return (await built).get(name) ?? null;
    },
  };
}

/**
 * The page's files for this process: those in `dir` when given; else bundled on the fly when
 * running from the TypeScript sources (this very file is `.ts`), else the prebuilt
 * `dist/page` of the package.
 *
 * @throws Error when the prebuilt page is missing.
 */
export function pageAssets(dir?: string): PageAssets {
  if (dir !== undefined) return builtAssets(dir);
  const root = packageRoot();
  return import.meta.url.endsWith(".ts")
    ? sourceAssets(root)
    : builtAssets(join(root, "dist", "page"));
}
