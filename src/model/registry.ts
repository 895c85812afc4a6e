import type { ArtifactType } from "./artifact-type.ts";
import { WorkspaceError } from "./errors.ts";
import type { FeedbackType } from "./feedback-type.ts";

/** The artifact and feedback types a workspace knows, looked up by name. */
export interface Registry {
  /** The artifact type named `kind`, if registered. */
  artifactType(kind: string): ArtifactType | undefined;
  /** The feedback type named `name`, if registered. */
  feedbackType(name: string): FeedbackType | undefined;
  /** Every artifact type, in the order registered (what a tool set is built from). */
  artifactTypes(): readonly ArtifactType[];
}

/** What a registry is made of. */
export interface RegistryOptions {
  /** Artifact types, each from `defineArtifactType`. */
  readonly artifactTypes?: readonly ArtifactType[];
  /** Feedback types, each from `defineFeedbackType`. */
  readonly feedbackTypes?: readonly FeedbackType[];
}

function byName<T>(items: readonly T[], name: (item: T) => string, what: string): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of items) {
    if (map.has(name(item))) {
      throw new WorkspaceError("duplicate_type", `${what} ${name(item)} is registered twice`);
    }
    map.set(name(item), item);
  }
  return map;
}

/**
 * Creates the registry the rules consult. Passed in, never global, so two workspaces in one
 * process can know different types.
 *
 * @throws WorkspaceError `duplicate_type` when two types share a name.
 */
export function createRegistry(options: RegistryOptions = {}): Registry {
  const artifacts = byName(options.artifactTypes ?? [], (t) => t.kind, "artifact type");
  const feedback = byName(options.feedbackTypes ?? [], (t) => t.name, "feedback type");
  return {
    artifactType: (kind) => artifacts.get(kind),
    feedbackType: (name) => feedback.get(name),
    artifactTypes: () => [...artifacts.values()],
  };
}
