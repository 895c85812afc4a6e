// inbox pages decisions and offers as it pages proposals: each list from its own cursor, a
// `more` line per list that another page follows, and each cursor in --json.
import { beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../../../src/edge/bin/cli/main.ts";
import { recordingIo } from "./fixtures/io.ts";
import { copyOf, REGISTRY, SEEDED, seedFile } from "./fixtures/seed.ts";

let db = "";
const on = () => ["--db", db, "--registry", REGISTRY];

beforeAll(async () => {
  db = copyOf(await seedFile());
});

const inbox = async (args: string[]) => {
  const io = recordingIo();
  const code = await runCli(["inbox", ...on(), ...args], io);
  return { code, ...io.written };
};

describe("inbox pages of decisions and offers", () => {
  it("lists a page of each list, and says how to read each next one", async () => {
    const first = await inbox(["--limit", "1"]);
    expect({ code: first.code, stderr: first.stderr }).toEqual({ code: 0, stderr: "" });
    const lines = first.stdout.split("\n");
    expect(lines.slice(lines.indexOf("Decisions: 1 pending"))).toEqual([
      "Decisions: 1 pending",
      "  dec_hook  in thread thr_2: Deploy now?",
      "            options: once (Once), never (Never)",
      "  more: agent-workspace inbox --decisions-after thread:thr_2 --limit 1",
      "Offers: 1 standing",
      "  call_offer  from thread thr_1: Loader tests — Cover the loader with tests.",
      "  more: agent-workspace inbox --offers-after thr_1:call_offer --limit 1",
      "",
    ]);
    const decisions = await inbox(["--decisions-after", "thread:thr_2", "--limit", "1"]);
    expect(decisions.code).toBe(0);
    expect(decisions.stdout).toContain(
      [
        "Decisions: 1 pending",
        "  call_approve  in run run_1: May I run ls?",
        "                options: approve (Approve), deny (Deny)",
        "Offers: 1 standing",
      ].join("\n"),
    );
    const offers = await inbox(["--offers-after", "thr_1:call_offer", "--limit", "1"]);
    expect(offers.stdout.split("\n").slice(-3)).toEqual([
      "Offers: 1 standing",
      "  call_other  from thread thr_1: Docs — Document the loader.",
      "",
    ]);
  });

  it("puts each list's cursor in --json, and lists nothing after a cursor no page gave", async () => {
    const first = JSON.parse((await inbox(["--limit", "1", "--json"])).stdout);
    expect(first.decisions.map((d: { decision: { id: string } }) => d.decision.id)).toEqual([
      SEEDED.hooked,
    ]);
    expect(first.decisions_next).toBe("thread:thr_2");
    expect(first.offers_next).toBe("thr_1:call_offer");
    const next = JSON.parse(
      (
        await inbox([
          "--decisions-after",
          first.decisions_next,
          "--offers-after",
          first.offers_next,
          "--json",
        ])
      ).stdout,
    );
    expect(next.decisions.map((d: { decision: { id: string } }) => d.decision.id)).toEqual([
      SEEDED.deferred,
    ]);
    expect(next.offers.map((o: { offer_id: string }) => o.offer_id)).toEqual(["call_other"]);
    expect([next.decisions_next, next.offers_next]).toEqual([null, null]);
    const unknown = JSON.parse(
      (await inbox(["--decisions-after", "thr_2", "--offers-after", "nope", "--json"])).stdout,
    );
    expect([unknown.decisions, unknown.offers]).toEqual([[], []]);
    // Without a paging option the inbox has no cursors at all.
    const whole = JSON.parse((await inbox(["--json"])).stdout);
    for (const key of ["proposals_next", "decisions_next", "offers_next"]) {
      expect(whole).not.toHaveProperty(key);
    }
  });
});
