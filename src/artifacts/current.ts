import { artifactIn, type State } from "../core/state.ts";
import { invalidState, notFound } from "../rejections/rejection.ts";
import { ok, type Result, refuse } from "../rejections/result.ts";
import type { Versioned } from "./entities.ts";

/** The artifact as it is now, if it exists and is not archived. */
export function currentArtifact(state: State, artifactId: string): Result<Versioned> {
  const artifact = artifactIn(state, artifactId);
  if (artifact === null) return refuse(notFound("artifact", artifactId));
  if (artifact.archived) return refuse(invalidState(`artifact ${artifactId} is archived`));
  return ok(artifact);
}
