// The review page in a real browser (Debian's chromium, driven by playwright-core) against the
// real `agent-workspace serve`, spawned on a seeded SQLite file: a person accepts, accepts
// with changes, resolves a conflict, accepts some hunks of a proposal, sees a re-proposal
// marked, accepts a thread's clean proposals at once, rejects, answers a decision, starts an
// offer, sets one aside and brings it back, and sees another process's writes appear within a
// second.
// Elements are found by role and accessible name. Screenshots go to the folder printed first
// (and to $AGENT_WORKSPACE_SCREENSHOTS too, when set: test/page/screenshots keeps them).
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Workspace } from "../../../src/workspace/api.ts";
import { type Browser, openBrowser } from "./fixtures/browser.ts";
import { agent, alice, edit, open, REGISTRY, SEEDED, seedFile } from "./fixtures/seed.ts";
import { ROOT, type Served, serve } from "./fixtures/serve.ts";

const HOST = "test/edge/page/fixtures/host.ts";
const keep = process.env.AGENT_WORKSPACE_SCREENSHOTS;

let db = "";
let served: Served;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  db = await seedFile();
  served = await serve(["--db", db, "--registry", REGISTRY, "--as", "alice", "--host", HOST]);
  browser = await openBrowser(served.origin.slice(0, -1), keep && join(ROOT, keep));
  console.log(`review page screenshots: ${browser.shots}`);
  page = browser.page;
  page.setDefaultTimeout(5_000);
  await page.goto(served.url);
  await page.getByRole("heading", { name: /^Proposals/ }).waitFor();
}, 30_000);

afterAll(async () => {
  await browser?.close();
  const ended = await served?.stop();
  expect(ended?.code).toBe(0);
});

/** Reads the file as another process would, and closes it again. */
async function reading<T>(read: (ws: Workspace) => Promise<T>): Promise<T> {
  const ws = open(db);
  try {
    return await read(ws);
  } finally {
    await ws.close();
  }
}

const card = (name: string | RegExp): Locator =>
  page.getByRole("article", { name, exact: typeof name === "string" });
const button = (within: Locator, name: string): Locator =>
  within.getByRole("button", { name, exact: true });
const status = (): Locator => page.getByRole("status");
/** The text as a person sees it, laid out (not the DOM's raw text). */
// biome-ignore lint/performance/useDomNodeTextContent: playwright's innerText is what is rendered
const seen = (locator: Locator): Promise<string> => locator.innerText();
const textOf = async (id: string) => reading(async (ws) => (await ws.artifact(id))?.data.text);
const focused = (target: Locator): Promise<boolean> =>
  target.evaluate((node) => node === document.activeElement);
/** Presses Tab until the focused element is `target`; it must be reachable. */
async function tabTo(target: Locator): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await focused(target)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("not reachable with Tab");
}

describe("the review page, in chromium, against agent-workspace serve", () => {
  it("shows what waits: proposals with their rebased diff or conflicts, decisions, offers", async () => {
    const clean = card("Edit of plan_1 (plan)");
    await clean.getByText("+Ship on Monday.").waitFor();
    expect(await seen(clean)).toContain("based on v1, now at v2 (1 version behind)");
    expect(await seen(clean)).toContain("Merges cleanly");
    const conflicted = card("Edit of plan_2 (plan)");
    expect(await seen(conflicted)).toMatch(/1 conflict[\s\S]*Now \(v2\)\s+Launch: Wednesday/);
    expect(await button(conflicted, "Accept").count()).toBe(0);
    expect(await seen(card("New plan plan_4"))).toContain("+Write the docs.");
    // An approval's buttons are the library's words, whatever labels the asker sent.
    const approval = card("May I run ls in the repository?");
    expect(await button(approval, "Approve").isEnabled()).toBe(true);
    expect(await button(approval, "Allow once").count()).toBe(0);
    for (const name of ["Start", "Not now"]) {
      expect(await button(card("Loader tests"), name).isEnabled()).toBe(true);
    }
    await browser.shot("1-inbox");
  });

  it("Accept lands the proposal rebased onto the current version, and the card goes", async () => {
    const clean = card("Edit of plan_1 (plan)");
    await button(clean, "Accept").click();
    await clean.waitFor({ state: "detached" });
    expect(await seen(status())).toBe("Accepted: plan_1 is now at version 3.");
    expect(await textOf("plan_1")).toBe(
      "Ship on Monday.\n\nKeep the scope small.\n\nInvite everyone.\n",
    );
  });

  it("Accept with changes opens an editor on what would land; what is saved lands", async () => {
    const edit = card("Edit of plan_3 (plan)");
    await button(edit, "Accept with changes").click();
    const editor = edit.getByRole("textbox", { name: "Your version of text" });
    expect(await editor.inputValue()).toBe("Hire two people by March.\n");
    await editor.fill("Hire three people by March.\n");
    await browser.shot("2-accept-with-changes", edit);
    await button(edit, "Save and accept").click();
    await edit.waitFor({ state: "detached" });
    expect(await seen(status())).toBe("Accepted with your changes: plan_3 is now at version 2.");
    expect(await textOf("plan_3")).toBe("Hire three people by March.\n");
    const proposal = await reading((ws) => ws.proposal(SEEDED.toEdit));
    expect(proposal?.resolution).toMatchObject({ decision: "accept", surface: "page" });
    expect(proposal?.resolution?.changes).not.toBeNull();
  });

  it("a conflict is resolved in the editor: text with markers is refused, the resolution lands", async () => {
    const conflicted = card("Edit of plan_2 (plan)");
    await button(conflicted, "Resolve in the editor").click();
    const editor = conflicted.getByRole("textbox", { name: /^Resolve the conflict/ });
    const marked = await editor.inputValue();
    expect(marked).toContain("<<<<<<< current\nLaunch: Wednesday.\n");
    expect(marked).toContain("=======\nLaunch: Tuesday.\n>>>>>>> proposed\n");
    await browser.shot("3-resolve-conflict", conflicted);
    await button(conflicted, "Save and accept").click();
    const alert = conflicted.getByRole("alert");
    expect(await seen(alert)).toMatch(/^Refused \(conflict_markers\): /);
    expect(await textOf("plan_2")).toBe("Launch: Wednesday.\nBudget: 10.\n");
    await editor.fill("Launch: Thursday.\nBudget: 10.\n");
    await button(conflicted, "Save and accept").click();
    await conflicted.waitFor({ state: "detached" });
    expect(await textOf("plan_2")).toBe("Launch: Thursday.\nBudget: 10.\n");
  });

  it("a conflict is resolved by choice, region by region, with the keyboard only", async () => {
    const choosing = card("Edit of plan_5 (plan)");
    const first = choosing.getByRole("group", { name: "Choose for /text#1" });
    const second = choosing.getByRole("group", { name: "Choose for /text#2" });
    expect(await seen(choosing)).toMatch(/Now \(v2\)\s+Owner: Cy\.[\s\S]*Proposed\s+Owner: Bob\./);
    // Accepting before every region is chosen says which region is left; nothing is sent.
    await tabTo(button(choosing, "Accept my choices"));
    await page.keyboard.press("Enter");
    expect(await seen(choosing.getByRole("alert"))).toBe("Choose what lands in /text#1 first.");
    await page.keyboard.press("Shift+Tab");
    await tabTo(button(first, "Take current"));
    // Focus goes through the region's choices in order, then to the next region's.
    for (const name of ["Take proposed", "Both: current first", "Both: proposed first"]) {
      await page.keyboard.press("Tab");
      expect(await button(first, name).evaluate((n) => n === document.activeElement)).toBe(true);
    }
    await page.keyboard.press("Enter");
    expect(await button(first, "Both: proposed first").getAttribute("aria-pressed")).toBe("true");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(
      await button(second, "Take proposed").evaluate((n) => n === document.activeElement),
    ).toBe(true);
    await page.keyboard.press(" ");
    expect(await button(second, "Take proposed").getAttribute("aria-pressed")).toBe("true");
    expect(await button(second, "Take current").getAttribute("aria-pressed")).toBe("false");
    await browser.shot("6-resolve-by-choice", choosing);
    await tabTo(button(choosing, "Accept my choices"));
    await page.keyboard.press("Enter");
    await choosing.waitFor({ state: "detached" });
    expect(await seen(status())).toBe("Accepted with your choices: plan_5 is now at version 3.");
    expect(await textOf("plan_5")).toBe("Owner: Bob.\nOwner: Cy.\nNotes: none.\nDue: June.\n");
    const proposal = await reading((ws) => ws.proposal(SEEDED.choosing));
    expect(proposal?.resolution).toMatchObject({
      decision: "accept",
      surface: "page",
      base_version: 2,
    });
    expect(proposal?.resolution?.changes).not.toBeNull();
  });

  it("a proposal's hunks are kept or left out one by one, by keyboard; a stale choice is said", async () => {
    const agenda = card("Edit of plan_6 (plan)");
    const first = agenda.getByRole("checkbox", { name: "Keep hunk 1 of 2 (text, line 2)" });
    const second = agenda.getByRole("checkbox", { name: "Keep hunk 2 of 2 (text, line 5)" });
    const accept = button(agenda, "Accept kept hunks");
    const kept = async () => [await first.isChecked(), await second.isChecked()];
    /** Another process's edit of the agenda (as Alice), a line beside one of the hunks. */
    const retitle = (old: string, replacement: string, base: number) =>
      reading((ws) => ws.commit(edit("plan_6", base, old, replacement), alice));
    expect(await kept()).toEqual([true, true]);
    expect(await seen(agenda)).toMatch(/-Day one: talks\.\s+\+Day one: demos\./);
    await tabTo(second);
    await page.keyboard.press(" ");
    expect(await kept()).toEqual([true, false]);
    expect(await seen(agenda)).toContain("2 hunks, 1 kept.");
    await browser.shot("7-accept-some-hunks", agenda);
    // The line after hunk 2 changes: hunk 2 is another hunk now (its id names its context),
    // shown kept; the accept stops once and says so rather than land what was left out.
    expect((await retitle("Dinner at seven.", "Dinner at eight.", 1)).ok).toBe(true);
    await agenda.getByText("now at v2").waitFor();
    expect(await kept()).toEqual([true, true]);
    await tabTo(accept);
    await page.keyboard.press("Enter");
    expect(await seen(agenda.getByRole("alert"))).toBe(
      "1 hunk you left out changed since you chose (the artifact moved on): it is shown as it is now, kept. Check the hunks, then accept again.",
    );
    await tabTo(second);
    await page.keyboard.press(" ");
    // Another process retitles the agenda as the accept is on its way: hunk 1 is another hunk
    // by the time it arrives, so the ids sent are stale; the card is read again and says so.
    let moved = false;
    const commands = (url: URL) => url.pathname.endsWith("/api/commands");
    await page.route(commands, async (route) => {
      if (!moved && route.request().postData()?.includes(SEEDED.hunks)) {
        moved = (await retitle("Offsite agenda", "Offsite agenda (draft)", 2)).ok;
      }
      await route.continue();
    });
    await tabTo(accept);
    await page.keyboard.press("Enter");
    expect(await seen(agenda.getByRole("alert"))).toBe(
      "The proposal changed while you chose (the artifact moved on), so nothing was accepted: its hunks are shown again as they are now. Check them, then accept again.",
    );
    await page.unroute(commands);
    expect(moved).toBe(true);
    expect(await textOf("plan_6")).toContain("Day one: talks.");
    // Read again at v3: the hunk left out is the same hunk, still left out.
    await agenda.getByText("now at v3").waitFor();
    expect(await kept()).toEqual([true, false]);
    await tabTo(accept);
    await page.keyboard.press("Enter");
    await agenda.waitFor({ state: "detached" });
    expect(await seen(status())).toBe(
      "Accepted 1 of 2 hunks: plan_6 is now at version 4. Landed: hunk 1 of 2 (text, line 2). Left out: hunk 2 of 2 (text, line 5).",
    );
    expect(await textOf("plan_6")).toBe(
      "Offsite agenda (draft)\nDay one: demos.\nLunch at noon.\nWalk by the lake.\nDay two: workshops.\nDinner at eight.\n",
    );
    const proposal = await reading((ws) => ws.proposal(SEEDED.hunks));
    expect(proposal?.resolution).toMatchObject({ decision: "accept", version: 4, surface: "page" });
    const { landed = [], not_landed = [] } = proposal?.resolution?.hunks ?? {};
    expect(landed.map((hunk) => hunk.kind === "text" && hunk.added)).toEqual([
      ["Day one: demos.\n"],
    ]);
    expect(not_landed.map((hunk) => hunk.kind === "text" && hunk.added)).toEqual([
      ["Day two: a hackathon.\n"],
    ]);
  });

  it("a re-proposal says which rejected proposal it repeats and why that one was rejected", async () => {
    const again = card("Edit of plan_7 (plan)");
    expect(await seen(again)).toContain(
      "Repeats rejected proposal prp_first, rejected because: “Not before the budget review.”",
    );
    await button(again, "Accept").click();
    await again.waitFor({ state: "detached" });
    expect(await seen(status())).toBe("Accepted: plan_7 is now at version 2.");
    expect(await textOf("plan_7")).toBe("Team: five people.\n");
  });

  it("Accept all clean answers a thread's clean proposals in one command; conflicts are skipped", async () => {
    const pricing = page.getByRole("region", { name: /^Pricing · thr_4/ });
    expect(await seen(pricing)).toContain("3 proposals merge cleanly; 1 other would be skipped.");
    await tabTo(button(pricing, "Accept all clean"));
    await page.keyboard.press("Enter");
    const report = pricing.getByRole("list", { name: "What Accept all clean did" });
    await report.waitFor();
    // In the order shown: the undercut conflicts once the basic price landed; the enterprise
    // price is rebased onto it; the trial conflicted from the start and was not sent.
    const lines = await report.getByRole("listitem").allInnerTexts();
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe("prp_basic landed: plan_8 is now at version 2");
    expect(lines[1]).toMatch(/^prp_undercut refused: Refused \(conflict\): /);
    expect(lines[2]).toBe("prp_enterprise landed: plan_8 is now at version 3");
    expect(lines[3]).toBe("prp_trial skipped: it conflicts");
    expect(await seen(status())).toBe(
      "Accepted all clean: 2 landed, 1 refused; skipped 1 that cannot merge cleanly.",
    );
    await expect.poll(() => pricing.getByRole("article").count()).toBe(2);
    await browser.shot("8-accept-all-clean", pricing);
    expect(await textOf("plan_8")).toBe("Basic: 6.\nTeam: 20.\nSupport: email.\nEnterprise: 99.\n");
    const after = await reading(async (ws) =>
      Promise.all(
        [SEEDED.basic, SEEDED.undercut, SEEDED.enterprise, SEEDED.trial].map(async (id) => {
          const { status, resolution } = (await ws.proposal(id)) ?? {};
          return [status, resolution?.version ?? null];
        }),
      ),
    );
    expect(after).toEqual([
      ["accepted", 2],
      ["pending", null],
      ["accepted", 3],
      ["pending", null],
    ]);
    // What was left is answered one by one.
    for (const [name, id] of [
      ["Edit of plan_8 (plan)", SEEDED.undercut],
      ["Edit of plan_9 (plan)", SEEDED.trial],
    ] as const) {
      const left = pricing.getByRole("article", { name, exact: true });
      await button(left, "Reject").click();
      await button(left, "Reject").click();
      await left.waitFor({ state: "detached" });
      expect((await reading((ws) => ws.proposal(id)))?.status).toBe("rejected");
    }
  });

  it("Reject asks for an optional reason, then rejects with it", async () => {
    const created = card("New plan plan_4");
    await button(created, "Reject").click();
    await created.getByRole("textbox", { name: /^Reason/ }).fill("Not this sprint.");
    await button(created, "Reject").click();
    await created.waitFor({ state: "detached" });
    const proposal = await reading((ws) => ws.proposal(SEEDED.created));
    expect(proposal).toMatchObject({
      status: "rejected",
      resolution: { reason: "Not this sprint." },
    });
    expect(await page.getByText("No proposal waits for you.").isVisible()).toBe(true);
  });

  it("a decision is answered with one of its options; one this server cannot deliver has none", async () => {
    const unreachable = card("Post the release notes to #general?");
    expect(await unreachable.getByRole("button").count()).toBe(0);
    expect(await seen(unreachable)).toContain("cannot deliver on the “slack” channel");
    const ask = card("May I run ls in the repository?");
    await button(ask, "Approve").click();
    await ask.waitFor({ state: "detached" });
    const run = await reading((ws) => ws.run("run_1"));
    expect(run?.answers).toEqual({ call_ls: { answer: null, approved: true } });
  });

  it("Start starts an offer through the host's ports; Not now sets one aside, Bring back returns it", async () => {
    await button(card("Loader tests"), "Start").click();
    const started = card('Started "Loader tests" in its own checkout');
    await started.waitFor();
    expect(served.stderr()).toMatch(/dispatched thr_\w+ msg_\w+/);
    await button(card("Loader docs"), "Not now").click();
    const aside = card('Set aside: "Loader docs"');
    await aside.waitFor();
    await browser.shot("4-offers-answered");
    await button(aside, "Bring back").click();
    await button(card("Loader docs"), "Not now").waitFor();
    expect(await seen(status())).toBe("Brought back “Loader docs”.");
    const offers = await reading(async (ws) => (await ws.thread("thr_1"))?.offers);
    expect(offers?.call_tests).toMatchObject({ status: "started", checkout: "isolated" });
    expect(offers?.call_docs).toMatchObject({ status: "standing" });
  });

  it("shows within a second what another process writes to the same file", async () => {
    const ws = open(db);
    try {
      const patch = { kind: "text_edits" as const, edits: [{ old: "Monday", new: "Tuesday" }] };
      const edit = {
        type: "edit_artifact",
        artifact_id: "plan_1",
        base_version: 3,
        patch,
      } as const;
      const proposed = await ws.commit({ ...edit, proposal_id: "prp_live" }, agent);
      expect(proposed.ok).toBe(true);
      const written = Date.now();
      await card("Edit of plan_1 (plan)").waitFor({ timeout: 1_000 });
      const proposalAfter = Date.now() - written;
      // A change to another card leaves what the person was told alone.
      expect(await seen(status())).toBe("Brought back “Loader docs”.");
      const dismiss = { type: "answer_offer", thread_id: "thr_1", offer_id: "call_docs" } as const;
      const bob = { kind: "user", id: "bob" } as const;
      expect((await ws.commit({ ...dismiss, answer: { status: "dismissed" } }, bob)).ok).toBe(true);
      const dismissed = Date.now();
      await card('Set aside: "Loader docs"').waitFor({ timeout: 1_000 });
      // Bob set aside what Alice brought back: her "Brought back" would now be stale.
      await expect.poll(() => seen(status()), { timeout: 1_000 }).toBe("");
      console.log(
        `another process's writes appeared after ${proposalAfter} ms (a proposal) and ${Date.now() - dismissed} ms (an offer set aside)`,
      );
    } finally {
      await ws.close();
    }
    await browser.shot("5-live-update");
  });

  it("made no request off its own server and logged no error", () => {
    expect(browser.offsite).toEqual([]);
    expect(browser.errors).toEqual([]);
  });
});
