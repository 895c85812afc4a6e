import manifest from "../../../../package.json" with { type: "json" };

/** The package's version, as `--version` prints it. */
export const VERSION: string = manifest.version;
