import { needs } from "../decide/needs.ts";
import type { Actor } from "../model/actors.ts";
import { validateData } from "../model/artifact-type.ts";
import type { Revision, Versioned } from "../model/artifacts.ts";
import type { Command } from "../model/command.ts";
import type { Fact } from "../model/event.ts";
import type { Proposal } from "../model/proposals.ts";
import type { Registry } from "../model/registry.ts";
import type { Run } from "../model/runs.ts";
import {
  emptyState,
  isSatisfied,
  type Needs,
  pendingKey,
  rejectedKey,
  revisionKey,
  type State,
} from "../model/state.ts";
import type { Thread } from "../model/threads.ts";
import { CaseFileError, type Given, type GivenArtifact, type GivenRevision } from "./case-file.ts";

/** What a case's `given` holds, by id: the store a host would look entities up in. */
export interface GivenStore {
  readonly artifacts: ReadonlyMap<string, Versioned>;
  readonly proposals: ReadonlyMap<string, Proposal>;
  readonly threads: ReadonlyMap<string, Thread>;
  readonly runs: ReadonlyMap<string, Run>;
  readonly messages: ReadonlySet<string>;
  /** Past versions, by `revisionKey`. */
  readonly revisions: ReadonlyMap<string, Revision>;
}

function byId<T extends { id: string }>(items: readonly T[], what: string): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of items) {
    if (map.has(item.id)) throw new CaseFileError(`given ${what} ${item.id} is listed twice`);
    map.set(item.id, item);
  }
  return map;
}

// The original rebuilds given artifacts with `load_versioned`, which validates the data
// against the registered type: stored data always has its defaults filled.
function versioned(artifact: GivenArtifact, index: number, registry: Registry): Versioned {
  const where = `given.artifacts[${index}]`;
  const type = registry.artifactType(artifact.kind);
  if (type === undefined) {
    throw new CaseFileError(`${where}: the artifact type ${artifact.kind} is not registered`);
  }
  const data = validateData(type, artifact.data);
  if (!data.ok) {
    const { rejection } = data;
    const errors = rejection.type === "validation_failed" ? rejection.errors : [];
    const fields = errors.map((e) => `${e.loc.join(".")}: ${e.msg}`).join("; ");
    throw new CaseFileError(`${where}.data: ${rejection.message} (${fields})`);
  }
  return { ...artifact, data: data.value };
}

/**
 * Turns a case's `given` into a store, validating artifact data against the registry.
 *
 * @throws CaseFileError when an artifact's type is unknown, its data invalid, or an id repeats.
 */
export function resolveGiven(given: Given | undefined, registry: Registry): GivenStore {
  return {
    artifacts: byId(
      (given?.artifacts ?? []).map((artifact, i) => versioned(artifact, i, registry)),
      "artifact",
    ),
    proposals: byId(given?.proposals ?? [], "proposal"),
    threads: byId(given?.threads ?? [], "thread"),
    runs: byId(given?.runs ?? [], "run"),
    messages: new Set(given?.messages ?? []),
    revisions: new Map(
      (given?.revisions ?? []).map((r, i) => [
        revisionKey(r),
        revision(r, i, given?.artifacts ?? [], registry),
      ]),
    ),
  };
}

function revision(
  given: GivenRevision,
  index: number,
  artifacts: readonly GivenArtifact[],
  registry: Registry,
): Revision {
  const kind = given.kind ?? artifacts.find((a) => a.id === given.artifact_id)?.kind;
  if (kind === undefined)
    throw new CaseFileError(
      `given.revisions[${index}]: no kind, and no given artifact to take it from`,
    );
  const { data } = versioned(
    {
      id: given.artifact_id,
      kind,
      version: given.version,
      data: given.data,
      updated_by: { kind: "system", name: "system" },
      archived: false,
    },
    index,
    registry,
  );
  return {
    artifact_id: given.artifact_id,
    version: given.version,
    kind,
    data,
    patch: null,
    actor: given.actor ?? { kind: "system", name: "system" },
    proposal_id: given.proposal_id,
    archived: false,
    trace_id: null,
    reverts: given.reverts,
  };
}

function withLoaded<V>(
  map: ReadonlyMap<string, V>,
  ids: readonly string[],
  lookUp: (id: string) => V,
): ReadonlyMap<string, V> {
  return new Map([...map, ...ids.map((id): [string, V] => [id, lookUp(id)])]);
}

function load(state: State, asked: Needs, store: GivenStore): State {
  return {
    artifacts: withLoaded(
      state.artifacts,
      asked.artifacts,
      (id) => store.artifacts.get(id) ?? null,
    ),
    proposals: withLoaded(
      state.proposals,
      asked.proposals,
      (id) => store.proposals.get(id) ?? null,
    ),
    threads: withLoaded(state.threads, asked.threads, (id) => store.threads.get(id) ?? null),
    runs: withLoaded(state.runs, asked.runs, (id) => store.runs.get(id) ?? null),
    messages: withLoaded(state.messages, asked.messages, (id) => store.messages.has(id)),
    revisions: new Map([
      ...state.revisions,
      ...asked.revisions.map(
        (ref) => [revisionKey(ref), store.revisions.get(revisionKey(ref)) ?? null] as const,
      ),
    ]),
    pending: new Map([
      ...state.pending,
      ...asked.pending.map((ref) => {
        const listed = [...store.proposals.values()].filter(
          (p) =>
            p.status === "pending" &&
            p.change.artifact_id === ref.artifact_id &&
            p.thread_id === ref.thread_id,
        );
        return [pendingKey(ref), listed] as const;
      }),
    ]),
    rejected: new Map([
      ...state.rejected,
      ...asked.rejected.map((ref) => {
        const listed = [...store.proposals.values()].filter(
          (p) =>
            p.status === "rejected" &&
            p.change.artifact_id === ref.artifact_id &&
            (p.resolution?.hunk_ids ?? []).includes(ref.hunk_id),
        );
        return [rejectedKey(ref), listed] as const;
      }),
    ]),
    deciding: withLoaded(state.deciding, asked.deciding, (id) =>
      [...store.runs.values()].filter((r) => r.thread_id === id && r.decision.pending !== null),
    ),
  };
}

// Each round loads at least one new id, so this only guards against a `needs` that keeps
// asking for what it was given (a core bug) turning into an endless loop.
const MAX_ROUNDS = 100;

/**
 * Loads the state for deciding `item` as the original's runner does — the host loop: start
 * empty, ask `needs`, load exactly the ids it asks for (`null` for those not given, `true` /
 * `false` for message ids), and repeat until it asks nothing. Entities in `given` that are
 * never asked for are never loaded, so a case also checks that `needs` asks for enough.
 *
 * @throws CaseFileError when `given` is malformed (see {@link resolveGiven}).
 */
export function loadCaseState(
  item: Command | Fact,
  actor: Actor,
  given: Given | GivenStore | undefined,
  registry: Registry,
  side?: { readonly thread_id: string },
): State {
  const store = isStore(given) ? given : resolveGiven(given, registry);
  let state = emptyState();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const asked = needs(item, state, actor, registry, side);
    if (isSatisfied(asked)) return state;
    state = load(state, asked, store);
  }
  throw new Error(`needs kept asking after ${MAX_ROUNDS} rounds of loading`);
}

function isStore(given: Given | GivenStore | undefined): given is GivenStore {
  return given !== undefined && given.messages instanceof Set;
}
