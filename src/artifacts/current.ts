import type { Versioned } from "../model/artifacts.ts";
import { invalidState, notFound } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import { artifactIn, type State } from "../model/state.ts";

/** The artifact as it is now, if it exists and is not archived. */
export function currentArtifact(state: State, artifactId: string): Result<Versioned> {
  const artifact = artifactIn(state, artifactId);
  if (artifact === null) return refuse(notFound("artifact", artifactId));
  if (artifact.archived) return refuse(invalidState(`artifact ${artifactId} is archived`));
  return ok(artifact);
}
