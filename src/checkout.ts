// `agent-workspace/checkout`: checkout adapters that touch the file system (git, plain
// folders). A subpath of its own, so the main entry never loads `node:child_process` and a
// review UI can import it in a browser.

/** A plain folder: only ever the shared root. */
export { directoryCheckout } from "./checkout/directory-checkout.ts";
/** Options of {@link gitCheckout}. */
export type { GitCheckoutOptions } from "./checkout/git-checkout.ts";
/** Places threads in a git repository: the root, a new worktree, or an existing one. */
export { gitCheckout } from "./checkout/git-checkout.ts";
