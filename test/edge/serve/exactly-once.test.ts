// Exactly once over the wire: `POST /commands` with a `command_id` that already wrote answers
// that first result and never runs the command again, whatever happened to the first answer —
// a store that lost it, a caller that hung up, a restarted server. A store fault is an `error`
// frame with its WorkspaceError code and a status that says whether to retry, never a bare 500.
// Real node:http servers over a real SQLite file.
import { request } from "node:http";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fixtureRegistry } from "../../../src/conformance/fixtures.ts";
import type { Store } from "../../../src/entries/index.ts";
import { sqliteStore } from "../../../src/entries/sqlite.ts";
import type { Workspace } from "../../../src/workspace/api.ts";
import { createWorkspace } from "../../../src/workspace/workspace.ts";
import { losingNext } from "../../stores/fixtures/lost-answers.ts";
import { fill, immutable, mountTmpfs, unmount } from "../../stores/fixtures/root-fs.ts";
import { tempFiles } from "../../stores/fixtures/sqlite-files.ts";
import { command, post, serve } from "./harness.ts";

const { dir, file } = tempFiles("exactly-once");
const hello = { type: "post_message", thread_id: "t1", content: "hello" };
const undo: (() => void)[] = [];
afterAll(() => {
  for (const step of undo) step();
});

async function workspaceOn(store: Store): Promise<Workspace> {
  const ws = createWorkspace({ registry: fixtureRegistry(), store, id: "w1" });
  if ((await ws.thread("t1")) === null) {
    await ws.commit({ type: "create_thread", thread_id: "t1" }, { kind: "user", id: "alice" });
  }
  return ws;
}

const posted = async (ws: Workspace) =>
  (await ws.log()).filter(({ event }) => event.type === "message_posted").length;

describe("POST /commands, exactly once", () => {
  it("a lost answer is unknown_outcome (503); the retry answers the first result, not a second write", async () => {
    const store = losingNext(sqliteStore({ path: file() }));
    const server = await serve({ workspace: await workspaceOn(store) });
    try {
      store.loseNext();
      const lost = await post(server.url, "alice", command("c1", hello));
      expect(lost.status).toBe(503);
      expect(lost.body).toMatchObject({ type: "error", code: "unknown_outcome" });
      expect(String(lost.body.message)).toMatch(/^command c1: .*same command_id/);
      const retry = await post(server.url, "alice", command("c1", hello));
      expect(retry).toMatchObject({
        status: 200,
        body: { type: "command_result", command_id: "c1", ok: true, outcome: { type: "recorded" } },
      });
      expect(await posted(server.workspace)).toBe(1);
    } finally {
      await server.close();
      await server.workspace.close();
    }
  });

  it("a retry after the server restarted answers the first result from the log", async () => {
    const path = file();
    const first = await serve({ workspace: await workspaceOn(sqliteStore({ path })) });
    const answer = await post(first.url, "alice", command("c2", hello));
    await first.close();
    await first.workspace.close();
    const again = await serve({ workspace: await workspaceOn(sqliteStore({ path })) });
    try {
      const retry = await post(again.url, "alice", command("c2", hello));
      expect(retry).toEqual(answer);
      // Bob's c2 is his own.
      const bobs = await post(again.url, "bob", command("c2", hello));
      expect(bobs.body).toMatchObject({ ok: true });
      expect(bobs.body.outcome).not.toEqual(answer.body.outcome);
      expect(await posted(again.workspace)).toBe(2);
    } finally {
      await again.close();
      await again.workspace.close();
    }
  });

  it("a caller that hangs up before its answer: the retry answers the one write", async () => {
    const server = await serve({ workspace: await workspaceOn(sqliteStore({ path: file() })) });
    try {
      const body = JSON.stringify(command("c3", hello));
      await new Promise<void>((resolve) => {
        const url = new URL(`${server.url}/commands`);
        const req = request(url, {
          method: "POST",
          headers: { authorization: "Bearer alice", "content-type": "application/json" },
        });
        req.on("error", () => resolve());
        req.end(body, () => {
          req.destroy();
          resolve();
        });
      });
      const retry = await post(server.url, "alice", command("c3", hello));
      expect(retry.body).toMatchObject({ type: "command_result", ok: true });
      expect(await posted(server.workspace)).toBe(1);
    } finally {
      await server.close();
      await server.workspace.close();
    }
  });

  it("a read-only file: 503 read_only, in the library's words, naming no path", async (context) => {
    const path = file();
    const ws = await workspaceOn(sqliteStore({ path }));
    await ws.close();
    const files = [path, `${path}-wal`, `${path}-shm`];
    undo.push(() => immutable(files, false));
    const why = immutable(files, true);
    if (why !== null) return context.skip(`needs chattr as root: ${why}`);
    const server = await serve({ workspace: await workspaceOn(sqliteStore({ path })) });
    try {
      const refused = await post(server.url, "alice", command("c4", hello));
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ type: "error", code: "read_only" });
      expect(String(refused.body.message)).not.toContain(dir);
    } finally {
      await server.close();
      await server.workspace.close();
      immutable(files, false);
    }
  });

  it("a full disk: 507 disk_full; once there is room, the same id writes once", async (context) => {
    const mount = join(dir, "full");
    const why = mountTmpfs(mount, "1m");
    if (why !== null) return context.skip(`needs mount -t tmpfs as root: ${why}`);
    undo.push(() => unmount(mount));
    const server = await serve({
      workspace: await workspaceOn(sqliteStore({ path: join(mount, "full.db") })),
    });
    try {
      fill(join(mount, "filler"));
      const big = { ...hello, content: "x".repeat(600_000) };
      const refused = await post(server.url, "alice", command("c5", big));
      expect(refused.status).toBe(507);
      expect(refused.body).toMatchObject({ type: "error", code: "disk_full" });
      const { rmSync } = await import("node:fs");
      rmSync(join(mount, "filler"));
      const written = await post(server.url, "alice", command("c5", big));
      expect(written.body).toMatchObject({ type: "command_result", ok: true });
      expect(await post(server.url, "alice", command("c5", big))).toEqual(written);
      expect(await posted(server.workspace)).toBe(1);
    } finally {
      await server.close();
      await server.workspace.close();
    }
  });

  it("anything else that fails is an error frame without a code, 500", async () => {
    const store = sqliteStore({ path: file() });
    const broken: Store = {
      ...store,
      append: async () => {
        throw new TypeError("a bug in a store");
      },
    };
    const ws = await workspaceOn(store);
    const server = await serve({
      workspace: createWorkspace({ registry: fixtureRegistry(), store: broken, id: "w1" }),
      onError: () => {},
    });
    try {
      const failed = await post(server.url, "alice", command("c6", hello));
      expect(failed).toEqual({
        status: 500,
        body: { type: "error", message: "command c6: the request failed on the server" },
      });
      expect(await posted(ws)).toBe(0);
    } finally {
      await server.close();
      await store.close();
    }
  });
});
