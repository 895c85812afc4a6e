import type { ActorInput } from "../model/actors.ts";
import { randomIds } from "../model/ids.ts";
import { forbidden, invalidState, notFound } from "../model/rejections.ts";
import { ok, type Result, refuse } from "../model/result.ts";
import type { SideSnapshot } from "../model/side-snapshot.ts";
import { snapshotThread } from "../sides/snapshot.ts";
import type { Workspace } from "../workspace/api.ts";
import { LiveSide } from "./live-side.ts";
import type { SideConversation, SideConversations, SideConversationsOptions } from "./sides-api.ts";

/**
 * Creates the manager of a workspace's side conversations. Each open side follows the log from
 * where it opened, and is discarded (`close_side` "parent_ended") when its parent ends.
 */
export function createSideConversations(
  workspace: Workspace,
  options: SideConversationsOptions = {},
): SideConversations {
  const newId = options.newId ?? (() => randomIds("side"));
  const recorder: ActorInput = options.actor ?? { kind: "system", name: "side" };
  const handedOut = new Set<string>();
  const open = new Map<string, SideConversation>();
  const live = new Set<LiveSide>();
  const forget = (side: LiveSide): void => {
    live.delete(side);
    if (open.get(side.parent_thread_id) === side) open.delete(side.parent_thread_id);
  };
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const clock = options.clock ?? (() => new Date());
  const leaseUntil = () => new Date(clock().getTime() + leaseMs).toISOString();
  const deps = { workspace, recorder, onError: options.onError, forget, leaseUntil };
  const renewMs = Math.max(1, Math.floor(leaseMs / 3));

  return {
    async open({ request, actor }) {
      const parentThreadId = request.thread_id;
      if (handedOut.has(parentThreadId)) {
        return {
          ok: false,
          stage: "open",
          rejection: forbidden("a side conversation cannot open another"),
        };
      }
      const id = newId();
      const opening = { id, parentThreadId, opener: actor, leaseUntil: leaseUntil() };
      const opened = await openAndSnapshot(workspace, opening);
      if (!opened.ok) return { ok: false, stage: "open", rejection: opened.rejection };
      handedOut.add(id);
      const side = new LiveSide({ ...deps, opener: actor, renewMs }, opened.value);
      live.add(side);
      open.set(parentThreadId, side);
      return { ok: true, side };
    },
    get: (parentThreadId) => open.get(parentThreadId) ?? null,
    async close(parentThreadId) {
      const side = open.get(parentThreadId);
      return side === undefined ? ok(null) : side.close();
    },
    dispose() {
      for (const side of live) side.stopFollowing();
      live.clear();
    },
  };
}

/**
 * Records `open_side`, then snapshots the parent at the log position that write landed at,
 * from the parent's envelopes only (the cost of its length, not the workspace's). Later ones,
 * written meanwhile, reach the side through its feed.
 */
async function openAndSnapshot(
  workspace: Workspace,
  request: {
    readonly id: string;
    readonly parentThreadId: string;
    readonly opener: ActorInput;
    readonly leaseUntil: string;
  },
): Promise<Result<{ readonly id: string; readonly snapshot: SideSnapshot }>> {
  const { id, parentThreadId, leaseUntil } = request;
  const written = await workspace.commit(
    { type: "open_side", thread_id: parentThreadId, side_id: id, lease_until: leaseUntil },
    request.opener,
  );
  if (!written.ok) return refuse(written.rejection);
  // Nothing written: another holder already opened this very id.
  if (written.envelopes.length === 0) return refuse(invalidState(`side ${id} is already open`));
  const at = written.outcome.seq ?? (await workspace.head());
  const thread =
    written.entities.threads.find((t) => t.id === parentThreadId) ??
    (await workspace.thread(parentThreadId));
  if (thread === null) return refuse(notFound("thread", parentThreadId));
  const envelopes = (await workspace.log({ after: 0, threadId: parentThreadId })).filter(
    (e) => e.seq <= at,
  );
  return ok({ id, snapshot: snapshotThread(envelopes, thread, at) });
}
