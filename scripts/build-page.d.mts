// Types of scripts/build-page.mjs, for the tests and tools that import it.

/** One file of the page: `index.html`, `review.js` or `review.css`. */
export interface PageFile {
  readonly name: string;
  readonly contents: Uint8Array;
}

/** Bundles the review page; with `outdir`, also writes its files there. */
export function buildPage(options?: {
  readonly outdir?: string;
  readonly minify?: boolean;
}): Promise<{ files: PageFile[]; problems: string[] }>;
