// POST /commands on a real node:http server: results, deduplication, who a command runs as.
import { afterEach, describe, expect, it } from "vitest";
import type { DeliveryResult } from "../../../src/workspace/deliveries.ts";
import { command, post, serve } from "./harness.ts";

let open: Awaited<ReturnType<typeof serve>> | null = null;
afterEach(async () => {
  await open?.close();
  open = null;
});

const createNote = (id = "n1") => ({
  type: "create_artifact",
  artifact_id: id,
  kind: "note",
  data: { text: "Ship on Friday." },
});

describe("POST /commands", () => {
  it("answers a command frame with its command_result, outcome or rejection", async () => {
    open = await serve();
    const { url } = open;
    expect(await post(url, "alice", command("c1", createNote()))).toEqual({
      status: 200,
      body: {
        type: "command_result",
        command_id: "c1",
        ok: true,
        outcome: { type: "applied", seq: 1, artifact_id: "n1", version: 1 },
        rejection: null,
      },
    });
    const stale = await post(
      url,
      "alice",
      command("c2", {
        type: "edit_artifact",
        artifact_id: "n1",
        base_version: 7,
        patch: { kind: "text_edits", edits: [{ old: "Friday", new: "Monday" }] },
      }),
    );
    expect(stale.status).toBe(200);
    expect(stale.body).toMatchObject({
      ok: false,
      outcome: null,
      rejection: { type: "version_conflict", base: 7, head: 1 },
    });
  });

  it("answers a repeated command_id with the first result, whatever it carries, writing once", async () => {
    open = await serve();
    const { url, workspace } = open;
    const first = await post(url, "alice", command("c1", { type: "create_thread" }));
    const again = await post(url, "alice", command("c1", { type: "create_thread" }));
    const other = await post(url, "alice", command("c1", createNote()));
    expect(again).toEqual(first);
    expect(other).toEqual(first);
    expect(await workspace.head()).toBe(1);
    // Concurrent repeats wait for the first rather than running again.
    const racing = await Promise.all(
      Array.from({ length: 5 }, () => post(url, "alice", command("c2", { type: "create_thread" }))),
    );
    expect(new Set(racing.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(await workspace.head()).toBe(2);
  });

  it("keeps command ids per sender: another actor's c1 is its own command", async () => {
    open = await serve();
    const { url, workspace } = open;
    await post(url, "alice", command("c1", { type: "create_thread", thread_id: "ta" }));
    const bob = await post(url, "bob", command("c1", { type: "create_thread", thread_id: "tb" }));
    expect(bob.body).toMatchObject({ ok: true, outcome: { seq: 2 } });
    expect((await workspace.threads()).map((t) => t.id)).toEqual(["ta", "tb"]);
  });

  it("runs every command as the authenticated actor: nothing in a frame makes it someone else", async () => {
    open = await serve();
    const { url, workspace } = open;
    const alice = { kind: "user", id: "alice" } as const;
    await workspace.commit({ type: "create_thread", thread_id: "t1" }, alice);
    await workspace.commit(
      { type: "create_artifact", artifact_id: "n1", kind: "memo", data: { text: "v1" } },
      alice,
    );
    // The agent's edit of a memo (write policy `propose`) becomes a proposal.
    const proposed = await post(url, "agent1", {
      ...command("c1", {
        type: "edit_artifact",
        artifact_id: "n1",
        base_version: 1,
        patch: { kind: "text_edits", edits: [{ old: "v1", new: "v2" }] },
      }),
      actor: { kind: "user", id: "alice" },
    });
    expect(proposed.body).toMatchObject({ ok: true, outcome: { type: "proposed" } });
    const proposalId = (proposed.body.outcome as { proposal_id: string }).proposal_id;
    // It cannot accept its own proposal, whatever it says it is.
    const spoofed = await post(url, "agent1", {
      ...command("c2", {
        type: "respond_to_proposal",
        proposal_id: proposalId,
        decision: "accept",
        actor: { kind: "system" },
      }),
      actor: { kind: "system" },
    });
    expect(spoofed.body).toMatchObject({ ok: false });
    const asAgent = await post(
      url,
      "agent1",
      command("c3", { type: "respond_to_proposal", proposal_id: proposalId, decision: "accept" }),
    );
    expect(asAgent.body).toMatchObject({
      ok: false,
      rejection: { type: "forbidden", action: "respond_to_proposal", actor_kind: "agent" },
    });
    const other = await post(
      url,
      "agent2",
      command("c4", { type: "post_message", thread_id: "t1", content: "I am t1" }),
    );
    expect(other.body).toMatchObject({
      ok: false,
      rejection: { type: "forbidden", actor_kind: "agent" },
    });
    // A person's surface answers it through a plain command, as that person.
    const accepted = await post(
      url,
      "alice",
      command("c5", { type: "respond_to_proposal", proposal_id: proposalId, decision: "accept" }),
    );
    expect(accepted.body).toMatchObject({
      ok: true,
      outcome: { type: "resolved", decision: "accept" },
    });
    const log = await workspace.log();
    expect(log.map((e) => e.actor.kind)).toEqual(["user", "user", "agent", "user", "user"]);
    expect(log.at(-1)?.actor).toMatchObject({ kind: "user", id: "alice", name: "Alice" });
  });

  it("delivers a person's answer to a decision through its channel (ADR 0020), the result not waiting", async () => {
    const delivered: unknown[] = [];
    const heard: DeliveryResult[] = [];
    open = await serve({
      workspaceOptions: { answerChannels: { hook: async (d) => void delivered.push(d) } },
      onDelivery: (delivery) => heard.push(delivery),
    });
    const { url, workspace } = open;
    const alice = { kind: "user", id: "alice" } as const;
    await workspace.commit({ type: "create_thread", thread_id: "t1" }, alice);
    const asked = await workspace.commit(
      {
        type: "request_decision",
        scope: { kind: "thread", id: "t1" },
        decision_id: "d1",
        prompt: "Ship?",
        options: [
          { id: "yes", label: "Yes" },
          { id: "no", label: "No" },
        ],
        channel: "hook",
      },
      { kind: "agent", thread_id: "t1", run_id: null },
    );
    expect(asked.ok).toBe(true);
    const answered = await post(
      url,
      "alice",
      command("c1", {
        type: "answer_decision",
        scope: { kind: "thread", id: "t1" },
        decision_id: "d1",
        option_id: "yes",
      }),
    );
    expect(answered.body).toMatchObject({ ok: true, outcome: { type: "recorded" } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(delivered).toMatchObject([
      { scope: { kind: "thread", id: "t1" }, decision_id: "d1", option_id: "yes", label: "Yes" },
    ]);
    expect(heard).toMatchObject([
      { ok: true, status: "delivered", option_id: "yes", channel: "hook" },
    ]);
    const repeat = await post(
      url,
      "alice",
      command("c2", {
        type: "answer_decision",
        scope: { kind: "thread", id: "t1" },
        decision_id: "d1",
        option_id: "yes",
      }),
    );
    expect(repeat.body.ok).toBe(true);
    expect(delivered).toHaveLength(1);
  });

  it("answers bad frames with error bodies and 4xx statuses, never a crash", async () => {
    open = await serve({ maxBodyBytes: 1_000 });
    const { url } = open;
    expect(await post(url, "alice", "{")).toEqual({
      status: 400,
      body: { type: "error", message: "not a command frame: the frame is not JSON" },
    });
    const nonsense = await post(url, "alice", { type: "nonsense" });
    expect(nonsense.status).toBe(400);
    expect(nonsense.body.message).toMatch(/^not a command frame: /);
    const unknown = await post(url, "alice", command("c1", { type: "skip_run" }));
    expect(unknown.status).toBe(400);
    // A known command with a bad field is that command's validation_failed.
    const bad = await post(
      url,
      "alice",
      command("c2", { type: "create_artifact", kind: "note", data: { text: 5 } }),
    );
    expect(bad).toMatchObject({
      status: 200,
      body: { command_id: "c2", ok: false, rejection: { type: "validation_failed" } },
    });
    const big = await post(
      url,
      "alice",
      command("c3", { type: "post_message", thread_id: "t", content: "x".repeat(2_000) }),
    );
    expect(big).toEqual({
      status: 413,
      body: { type: "error", message: "the request body is larger than 1000 bytes" },
    });
    const form = await fetch(`${url}/commands`, {
      method: "POST",
      headers: { authorization: "Bearer alice", "content-type": "text/plain" },
      body: JSON.stringify(command("c4", { type: "create_thread" })),
    });
    expect(form.status).toBe(415);
    expect((await post(url, null, command("c5", { type: "create_thread" }))).status).toBe(401);
    const get = await fetch(`${url}/commands`, { headers: { authorization: "Bearer alice" } });
    expect([get.status, get.headers.get("allow")]).toEqual([405, "POST"]);
  });

  it("answers a failure on the server with a 500 error naming the command, and forgets it", async () => {
    const errors: unknown[] = [];
    open = await serve({ onError: (error) => errors.push(error) });
    const { url, workspace } = open;
    const commit = workspace.commit;
    let fail = true;
    workspace.commit = async (...args) => {
      if (fail) throw new Error("the disk is on fire");
      return commit(...args);
    };
    expect(await post(url, "alice", command("c1", { type: "create_thread" }))).toEqual({
      status: 500,
      body: { type: "error", message: "command c1: the request failed on the server" },
    });
    expect(errors).toHaveLength(1);
    fail = false;
    expect((await post(url, "alice", command("c1", { type: "create_thread" }))).body).toMatchObject(
      { ok: true },
    );
  });

  it("stops a run through the host's stopRun, as the authenticated actor, once per command id", async () => {
    const stopped: unknown[] = [];
    open = await serve({
      stopRun: async ({ run, actor }) => {
        stopped.push([run.id, actor.kind]);
        return { ok: true };
      },
    });
    const { url, workspace } = open;
    await workspace.commit(
      { type: "create_thread", thread_id: "t1" },
      { kind: "user", id: "alice" },
    );
    await workspace.record(
      { type: "run_started", run_id: "r1", thread_id: "t1" },
      { kind: "agent", thread_id: "t1", run_id: "r1" },
    );
    const stop = command("c1", { type: "stop_run", run_id: "r1" });
    expect((await post(url, "alice", stop)).body).toMatchObject({
      ok: true,
      outcome: { type: "recorded", run_id: null },
    });
    await post(url, "alice", stop);
    expect(stopped).toEqual([["r1", "user"]]);
    const other = await post(url, "agent2", command("c2", { type: "stop_run", run_id: "r1" }));
    expect(other.body).toMatchObject({
      ok: false,
      rejection: { type: "forbidden", action: "stop_run" },
    });
    const missing = await post(url, "alice", command("c3", { type: "stop_run", run_id: "r9" }));
    expect(missing.body).toMatchObject({ ok: false, rejection: { type: "not_found" } });
    const extra = await post(
      url,
      "alice",
      command("c4", { type: "stop_run", run_id: "r1", why: "x" }),
    );
    expect(extra.body).toMatchObject({ ok: false, rejection: { type: "validation_failed" } });
  });

  it("refuses stop_run without a host to stop runs, and watch_run without a stream", async () => {
    open = await serve();
    const { url, workspace } = open;
    await workspace.commit(
      { type: "create_thread", thread_id: "t1" },
      { kind: "user", id: "alice" },
    );
    await workspace.record(
      { type: "run_started", run_id: "r1", thread_id: "t1" },
      { kind: "agent", thread_id: "t1", run_id: "r1" },
    );
    expect(
      (await post(url, "alice", command("c1", { type: "stop_run", run_id: "r1" }))).body,
    ).toMatchObject({
      ok: false,
      rejection: { type: "invalid_state" },
    });
    expect(
      (await post(url, "alice", command("c2", { type: "watch_run", run_id: "r1" }))).body,
    ).toMatchObject({
      ok: false,
      rejection: { type: "invalid_state" },
    });
    const unknownStream = await fetch(`${url}/commands?stream=nope`, {
      method: "POST",
      headers: { authorization: "Bearer alice", "content-type": "application/json" },
      body: JSON.stringify(command("c3", { type: "watch_run", run_id: "r1" })),
    });
    expect(await unknownStream.json()).toMatchObject({
      ok: false,
      rejection: { type: "not_found", entity: "stream" },
    });
  });
});
