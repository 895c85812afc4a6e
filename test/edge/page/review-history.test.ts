// The review page's history and comments in a real browser (Debian's chromium, driven by
// playwright-core) against the real `agent-workspace serve` on a seeded SQLite file: a person
// reverts a version (with the keyboard only) and reads the new one in the history, sees a
// conflicting revert refused region by region with nothing written, comments on a proposal and
// on one of its hunks, and asks for changes, which leaves the proposal pending. What others
// wrote shows as text, markup and all. Elements are found by role and accessible name.
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Workspace } from "../../../src/workspace/api.ts";
import { type Browser, openBrowser } from "./fixtures/browser.ts";
import { open, REGISTRY } from "./fixtures/seed.ts";
import { HISTORY, HOSTILE, seedHistoryFile } from "./fixtures/seed-history.ts";
import { ROOT, type Served, serve } from "./fixtures/serve.ts";

const keep = process.env.AGENT_WORKSPACE_SCREENSHOTS;

let db = "";
let served: Served;
let browser: Browser;
let page: Page;
const dialogs: string[] = [];

beforeAll(async () => {
  db = await seedHistoryFile();
  served = await serve(["--db", db, "--registry", REGISTRY, "--as", "alice"]);
  browser = await openBrowser(served.origin.slice(0, -1), keep && join(ROOT, keep));
  console.log(`review page screenshots: ${browser.shots}`);
  page = browser.page;
  page.setDefaultTimeout(5_000);
  // An `alert(1)` from a comment set as markup would open a dialog: none may.
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(served.url);
  await page.getByRole("heading", { name: /^Artifacts/ }).waitFor();
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

const card = (name: string): Locator => page.getByRole("article", { name, exact: true });
const button = (within: Locator, name: string): Locator =>
  within.getByRole("button", { name, exact: true });
const version = (within: Locator, n: number): Locator =>
  within.getByRole("listitem", { name: `Version ${n}`, exact: true });
/** The text as a person sees it, laid out (not the DOM's raw text). */
// biome-ignore lint/performance/useDomNodeTextContent: playwright's innerText is what is rendered
const seen = (locator: Locator): Promise<string> => locator.innerText();
const textOf = async (id: string) => reading(async (ws) => (await ws.artifact(id))?.data.text);
const focused = (target: Locator): Promise<boolean> =>
  target.evaluate((node) => node === document.activeElement);

/** Presses Tab until the focused element is `target`; it must be reachable. */
async function tabTo(target: Locator): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await focused(target)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("not reachable with Tab");
}

describe("history and comments on the review page, in chromium, against agent-workspace serve", () => {
  it("reverts a version with the keyboard only; the history then shows the new version", async () => {
    const doc = card(HISTORY.clean);
    await tabTo(button(doc, "History"));
    await page.keyboard.press("Enter");
    expect(await button(doc, "History").getAttribute("aria-expanded")).toBe("true");
    const history = doc.getByRole("list", { name: `History of ${HISTORY.clean}` });
    expect(await seen(version(history, 2))).toContain("by Alice · accepted from proposal prp_beta");
    expect(await seen(version(history, 1))).toContain("created it");
    expect(await button(version(history, 1), "Revert").count()).toBe(0);
    // Newest first.
    const order = await history
      .getByRole("listitem")
      .evaluateAll((items) => items.map((item) => item.querySelector("strong")?.textContent));
    expect(order).toEqual(["Version 3", "Version 2", "Version 1"]);
    await tabTo(button(version(history, 2), "Revert"));
    await page.keyboard.press("Enter");
    // The confirm step takes the focus: the reason is typed where the person already is.
    const reason = doc.getByRole("textbox", { name: /^Why revert it\?/ });
    expect(await focused(reason)).toBe(true);
    await page.keyboard.type("The review note was wrong.");
    await browser.shot("9-history-revert", doc);
    await page.keyboard.press("Enter");
    await version(history, 4).waitFor();
    expect(await seen(version(history, 4))).toContain("reverts v2");
    expect(await seen(version(history, 2))).toContain("reverted by v4");
    // The focus goes back to where the person was, not to the top of the page.
    expect(await focused(button(version(history, 2), "Revert"))).toBe(true);
    expect(await seen(page.getByRole("status"))).toBe(
      `Reverted version 2 of ${HISTORY.clean}: it is now at version 4.`,
    );
    expect(await textOf(HISTORY.clean)).toBe("Alpha.\nBeta.\nGamma, final.\n");
    const revision = await reading((ws) => ws.revision(HISTORY.clean, 4));
    expect(revision).toMatchObject({ reverts: 2, actor: { kind: "user", id: "alice" } });
  });

  it("a conflicting revert is shown region by region, and nothing is written", async () => {
    const doc = card(HISTORY.conflicting);
    await button(doc, "History").click();
    const history = doc.getByRole("list", { name: `History of ${HISTORY.conflicting}` });
    await button(version(history, 2), "Revert").click();
    await button(doc, "Revert version 2").click();
    const alert = doc.getByRole("alert");
    expect(await seen(alert)).toMatch(
      /^Reverting version 2 conflicts with changes made since \(now v3\): nothing\s+was written/,
    );
    expect(await seen(doc)).toMatch(
      /Now \(v3\)\s+Launch: Tuesday\.[\s\S]*Before it \(v1\)\s+Launch: Friday\.[\s\S]*Version 2\s+Launch: Monday\./,
    );
    expect(await textOf(HISTORY.conflicting)).toBe("Launch: Tuesday.\nBudget: 10.\n");
    expect(await reading((ws) => ws.revisions(HISTORY.conflicting))).toHaveLength(3);
    // Cancel closes the confirm step and what it showed.
    await button(doc, "Cancel").click();
    expect(await doc.getByRole("alert").count()).toBe(0);
    expect(await focused(button(version(history, 2), "Revert"))).toBe(true);
  });

  it("shows the thread of comments, others' words as text, and who wrote each", async () => {
    const talk = card("Edit of talk_1 (plan)");
    const thread = talk.getByRole("region", { name: /^Comments/ });
    const shown = await seen(thread);
    expect(shown).toContain("the agent of thr_1 commented");
    expect(shown).toContain("Bob has the most time this month.");
    expect(shown).toContain(`Bob commented`);
    expect(shown).toContain(`Is that right? ${HOSTILE}`);
    expect(await talk.locator("img").count()).toBe(0);
    const revising = card("Edit of talk_2 (plan)");
    expect(await seen(revising)).toContain("Revises prp_first");
    expect(await seen(revising)).toMatch(/Alice asked for changes · on prp_first/);
    expect(await seen(revising)).toContain("Fifty is too much: say twenty.");
  });

  it("adds a comment, and one on a hunk, and both are read back from the file", async () => {
    const talk = card("Edit of talk_1 (plan)");
    await button(talk, "Comment").click();
    await talk.getByRole("textbox", { name: /^Your comment/ }).fill(`Fine by me ${HOSTILE}`);
    await button(talk, "Add comment").click();
    await talk.getByText(`Fine by me ${HOSTILE}`).waitFor();
    await button(talk, "Comment").click();
    const on = talk.getByRole("combobox", { name: "On" });
    const options = await on.getByRole("option").allTextContents();
    expect(options).toEqual(["The whole proposal", "Line 1 of text: “Owner: Bob.”"]);
    await on.selectOption({ label: "Line 1 of text: “Owner: Bob.”" });
    await talk.getByRole("textbox", { name: /^Your comment/ }).fill("Ask Bob first.");
    await button(talk, "Add comment").click();
    await talk.getByText("Ask Bob first.").waitFor();
    expect(await seen(talk)).toMatch(/commented · on Line 1 of text[^\n]*\n+Ask Bob first\./);
    await browser.shot("10-comments", talk);
    expect(await talk.locator("img").count()).toBe(0);
    const proposal = await reading((ws) => ws.proposal(HISTORY.talk));
    const preview = await reading((ws) => ws.previewProposal(HISTORY.talk));
    const hunk = preview.ok ? preview.value.hunks[0]?.id : undefined;
    expect(hunk).toBeDefined();
    expect(proposal?.comments.slice(-2)).toMatchObject([
      { kind: "comment", text: `Fine by me ${HOSTILE}`, hunk_id: null, by: { id: "alice" } },
      { kind: "comment", text: "Ask Bob first.", hunk_id: hunk, by: { id: "alice" } },
    ]);
    expect(proposal?.status).toBe("pending");
    const said = await reading(async (ws) => (await ws.log({ after: (await ws.head()) - 1 }))[0]);
    expect(said?.event).toMatchObject({ type: "proposal_commented", surface: "page" });
  });

  it("Request changes keeps the proposal pending and marks its card", async () => {
    const ask = card("Edit of ask_1 (plan)");
    expect(await ask.getByText("Changes requested", { exact: true }).count()).toBe(0);
    await button(ask, "Request changes").click();
    await ask.getByRole("textbox", { name: /^What should change/ }).fill("Leave the CLI out.");
    await button(ask, "Request changes").click();
    await ask.getByText("Changes requested", { exact: true }).waitFor();
    expect(await seen(ask)).toContain("Leave the CLI out.");
    const proposal = await reading((ws) => ws.proposal(HISTORY.ask));
    expect(proposal).toMatchObject({ status: "pending", changes_requested: true });
    expect(proposal?.comments).toMatchObject([
      { kind: "request_changes", text: "Leave the CLI out." },
    ]);
  });

  it("an empty comment is not sent", async () => {
    const ask = card("Edit of ask_1 (plan)");
    await button(ask, "Comment").click();
    await button(ask, "Add comment").click();
    expect(await seen(ask.getByRole("alert"))).toBe("Write something first.");
    await button(ask, "Cancel").click();
    expect((await reading((ws) => ws.proposal(HISTORY.ask)))?.comments).toHaveLength(1);
  });

  it("made no request off its own server, logged no error and opened no dialog", () => {
    expect(browser.offsite).toEqual([]);
    expect(browser.errors).toEqual([]);
    expect(dialogs).toEqual([]);
  });
});
