import { realpath } from "node:fs/promises";
import type { Placement } from "../model/placement.ts";
import { type Checkout, type CheckoutAdapter, CheckoutError, type PlacementCheck } from "./port.ts";

function checkPlacement(placement: Placement): PlacementCheck {
  if (placement.type === "root") return { ok: true };
  return {
    ok: false,
    problem: {
      reason: "invalid_placement",
      field: "placement.type",
      message: `the project is a plain folder: only the shared root can be granted, not ${placement.type}`,
    },
  };
}

/**
 * The checkout adapter for a plain folder: it can only ever grant the project root itself, as
 * a shared checkout with no branch or commit. Any other placement is `invalid_placement`;
 * there is nothing to isolate with. `prepare` rejects with the fs error if `root` is missing.
 */
export function directoryCheckout(root: string): CheckoutAdapter {
  return {
    async check(placement): Promise<PlacementCheck> {
      return checkPlacement(placement);
    },
    async prepare(placement): Promise<Checkout> {
      const verdict = checkPlacement(placement);
      if (!verdict.ok) throw new CheckoutError(verdict.problem);
      return { mode: "shared", path: await realpath(root), branch: null, commit: null };
    },
    // The root is shared, never made: nothing to undo.
    async release(): Promise<void> {},
  };
}
