// `agent-workspace/checkout`: checkout adapters that touch the file system (git, plain
// folders). A subpath of its own, so the main entry never loads `node:child_process` and a
// review UI can import it in a browser.

export { directoryCheckout } from "../checkout/directory-checkout.ts";
export type { GitCheckoutOptions } from "../checkout/git-checkout.ts";
export { gitCheckout } from "../checkout/git-checkout.ts";
export type { CheckoutHolder, CheckoutRequest } from "../checkout/port.ts";
