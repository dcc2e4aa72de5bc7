// The screen reader on the web page, played by typing alone: a `burrow
// serve` on 127.0.0.1 serves the built site (and the WebSocket for the
// online game); headless Chromium opens pages with `?screen-reader` and
// plays through the page's command field, reading what the page's live
// region says. Checked:
// - the accessibility tree (Chromium's, through the DevTools protocol):
//   the page's first Tab is the switch, a button named in the player's
//   language; with the reader on, a text field named "Command" and a
//   live region (a log) named "What the game said";
// - a whole game against the computer (Box on 4x4), each turn typed whole,
//   every capture of both sides announced as the board shows it, `p`'s
//   answer checked against the legal turns `burrow moves` lists, the end
//   announced;
// - bad commands and an illegal turn answered with the reason;
// - a puzzle solved by typing (the task said, the reply announced, the
//   finishing turn found with the `a` command, "Solved!");
// - a lesson followed step by step by typing the squares it names;
// - the screen's controls as the page's buttons: the title screen's game
//   cards and Play start a game; the Online window's Code field (a text
//   input) and Join seat the second page of an online game;
// - an online game between two pages of this machine, both typing, each
//   hearing the other's captures;
// - a French page: the switch and the answers in French (the French words
//   are a file the page fetches).
//
// Usage: node tests/web/reader.mjs SITE_DIR BURROW_BINARY SCREENSHOT.png

import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { attr, launchChromium, legalTurns, openPage, report, shots, startServer, waitFor } from "./support.mjs";

const [site, burrow, screenshot] = process.argv.slice(2);
if (!site || !burrow || !screenshot) {
  console.error("usage: node tests/web/reader.mjs SITE_DIR BURROW_BINARY SCREENSHOT.png");
  process.exit(2);
}
const shot = shots(screenshot);
const { fail, watch, finish } = report("reader check");

const data = await mkdtemp(join(tmpdir(), "burrow-reader-"));
const server = startServer(burrow, site, data, "127.0.0.1:0");
const origin = await server.address;
console.log(`reader check: burrow serve at ${origin}`);

const browser = await launchChromium();

// A page at `path` in a browser of `locale`; everything its live region
// says is kept in `window.heard`, in order (the region itself keeps the
// last 40 lines).
async function open(path, locale = "en-GB") {
  const page = await openPage(browser, watch, `${origin}${path}`, {
    locale,
    prepare: (p) =>
      p.addInitScript(() => {
        window.heard = [];
        addEventListener("DOMContentLoaded", () => {
          new MutationObserver((changes) => {
            for (const change of changes) for (const node of change.addedNodes) window.heard.push(node.textContent);
          }).observe(document.getElementById("reader-said"), { childList: true });
        });
      }),
  });
  await waitFor(page, `${path} to draw`, async () => (await attr(page, "frames")) > 2);
  return page;
}

const heard = (page) => page.evaluate(() => window.heard.slice());

// Types `line` into the page's command field and presses Enter; the lines
// said from then on until `done(lines)` holds (by default: anything).
async function type(page, line, done = (lines) => lines.length > 0, what = `an answer to '${line}'`) {
  const before = (await heard(page)).length;
  await page.focus("#reader-field");
  await page.fill("#reader-field", line);
  await page.press("#reader-field", "Enter");
  return waitFor(page, what, async () => {
    const lines = (await heard(page)).slice(before);
    return done(lines) ? lines : null;
  });
}

// "White b1 takes a1." for each capture of `turn` by `side`: how each
// capture's announcement begins (the template, and whether the turn goes
// on, follow in the same line).
const captureWords = (side, turn) => {
  const [from, ...to] = turn.split("/")[0].split("x");
  return to.map((square, i) => `${side} ${i === 0 ? from : to[i - 1]} takes ${square}.`);
};

const idle = async (page) => ["PersonToMove", "Finished"].includes(await attr(page, "phase"));

// Chromium's accessibility tree of the page: its nodes' roles and names.
async function accessibilityTree(page) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send("Accessibility.getFullAXTree");
  return nodes
    .filter((n) => !n.ignored)
    .map((n) => ({
      role: n.role?.value,
      name: n.name?.value ?? "",
      live: n.properties?.find((p) => p.name === "live")?.value?.value,
      pressed: n.properties?.find((p) => p.name === "pressed")?.value?.value,
      focused: n.properties?.find((p) => p.name === "focused")?.value?.value,
    }));
}

// Runs one part of the check; a part that throws fails the check and the
// next part runs all the same.
async function section(name, run) {
  const started = Date.now();
  try {
    await run();
    console.log(`reader check: (${name}: ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  } catch (error) {
    fail(`${name}: ${error?.stack ?? error}`);
    for (const context of browser.contexts()) await context.close().catch(() => {});
  }
}

try {
  await section("first Tab", async () => {
    // The first Tab of a page opened without the reader reaches its switch.
    const first = await open("/?variant=box&size=4x4&white=human&black=easy");
    await page_ready(first);
    await first.keyboard.press("Tab");
    const focused = await first.evaluate(() => document.activeElement?.id);
    if (focused !== "reader-switch") fail(`the first Tab reaches '${focused}', not the screen reader's switch`);
    let tree = await accessibilityTree(first);
    const switchNode = tree.find((n) => n.role === "button" && n.name === "Screen reader");
    if (!switchNode || switchNode.pressed !== "false") fail(`no unpressed "Screen reader" button: ${JSON.stringify(tree.slice(0, 12))}`);
    // Pressed (Enter on the focused switch): the field appears with the
    // keyboard in it, and the board can be asked about.
    await first.keyboard.press("Enter");
    await waitFor(first, "the field after the switch", async () =>
      first.evaluate(() => document.activeElement?.id === "reader-field"),
    );
    tree = await accessibilityTree(first);
    if (!tree.some((n) => n.role === "textbox" && n.name === "Command")) fail("no text field named Command");
    const log = tree.find((n) => n.role === "log");
    if (!log || log.name !== "What the game said" || log.live !== "polite") {
      fail(`no polite live region named "What the game said": ${JSON.stringify(log)}`);
    }
    if (!tree.some((n) => n.role === "button" && n.name === "Screen reader" && n.pressed === "true")) {
      fail("the switch is not pressed once the reader is on");
    }
    // No keyboard trap on the canvas (which takes Tab for its own
    // controls): with the reader on, Tab there goes to the field, and
    // Shift+Tab to the switch.
    await first.focus("#burrow");
    await first.keyboard.press("Tab");
    const afterTab = await first.evaluate(() => document.activeElement?.id);
    if (afterTab !== "reader-field") fail(`Tab on the canvas went to '${afterTab}', not the field`);
    await first.focus("#burrow");
    await first.keyboard.press("Shift+Tab");
    const afterShiftTab = await first.evaluate(() => document.activeElement?.id);
    if (afterShiftTab !== "reader-switch") fail(`Shift+Tab on the canvas went to '${afterShiftTab}', not the switch`);
    const board = await type(first, "b");
    if (!/^White to move\. White has 8 pieces/.test(board[0])) fail(`b answered ${JSON.stringify(board)}`);
    console.log(`reader check: first Tab on the switch, Enter turns the reader on; the tree has the field and the live region; b: ${board[0]}`);
    await first.context().close();
  });

  await section("title buttons", async () => {
    // The title screen's controls as the page's buttons: a game's card,
    // then Play, pressed through them.
    const title = await open("/?screen-reader");
    await waitFor(title, "the title's controls on the page", async () =>
      title.evaluate(() => [...document.querySelectorAll("#reader-controls button")].some((b) => b.textContent === "Play")),
    );
    const titleTree = await accessibilityTree(title);
    const cards = titleTree.filter((n) => n.role === "button" && /^(Box|Path|Sweep|Tumburrow)/.test(n.name));
    if (cards.length < 4) fail(`the title's game cards as buttons: ${JSON.stringify(cards)}`);
    const unnamed = titleTree.filter((n) => ["button", "checkbox", "radio", "slider", "textbox"].includes(n.role) && !n.name);
    if (unnamed.length) fail(`unnamed controls on the title page: ${JSON.stringify(unnamed)}`);
    await title.getByRole("button", { name: /^Path Burrow/ }).click();
    await waitFor(title, "Path's card pressed", async () =>
      title.evaluate(() =>
        [...document.querySelectorAll("#reader-controls button[aria-pressed=true]")].some((e) => e.textContent.startsWith("Path")),
      ),
    );
    await title.getByRole("button", { name: "Play", exact: true }).click();
    await page_ready(title);
    const picked = await attr(title, "variant");
    if (picked !== "path") fail(`the title's buttons started '${picked}', not Path Burrow`);
    await title.screenshot({ path: shot("title") });
    console.log(`reader check: the title screen's ${cards.length} game cards and Play as the page's buttons started ${picked}`);
    await title.context().close();
  });

  await section("game", async () => {
    // A whole game against the computer, typed.
    const game = await open("/?variant=box&size=4x4&white=human&black=easy&screen-reader");
    await page_ready(game);
    const bad = [
      ["zz", /not a command/i],
      ["m", /needs a square/i],
      ["a1xh8", /^Not played: |is not on this board/],
    ];
    for (const [line, reason] of bad) {
      const answer = await type(game, line);
      if (!reason.test(answer.join(" "))) fail(`'${line}' answered ${JSON.stringify(answer)}`);
    }
    const turnsBefore = Number(await attr(game, "turns"));
    if (turnsBefore !== 0) fail(`bad lines played a turn (${turnsBefore} turns)`);
    let typed = 0;
    for (let ply = 0; ply < 40; ply++) {
      await waitFor(game, "the player to move or the end", () => idle(game));
      if ((await attr(game, "screen")) === "game-over") break;
      const position = await attr(game, "position");
      const turns = legalTurns(burrow, "box", position);
      // `p` names the pieces that can capture: the turns' origins.
      const origins = [...new Set(turns.map((t) => t.split("x")[0]))].sort();
      const capturers = (await type(game, "p"))[0];
      const named = (capturers.match(/\b[a-h][1-8]\b/g) ?? []).sort();
      if (JSON.stringify(named) !== JSON.stringify(origins)) fail(`p answered '${capturers}', the legal origins are ${origins}`);
      const turn = turns[ply % turns.length];
      const count = Number(await attr(game, "turns"));
      const said = await type(
        game,
        turn,
        (lines) => lines.some((l) => /The turn ends\.$|wins/.test(l)),
        `the end of ${turn}`,
      );
      for (const words of captureWords("White", turn)) {
        if (!said.some((l) => l.startsWith(words))) fail(`${turn}: '${words}' not said: ${JSON.stringify(said)}`);
      }
      await waitFor(game, `${turn} on the board`, async () => Number(await attr(game, "turns")) > count);
      typed += 1;
      // The computer's answer, each capture announced.
      await waitFor(game, "the computer's turn", async () =>
        (await attr(game, "screen")) === "game-over" || Number(await attr(game, "turns")) > count + 1,
      );
      if ((await attr(game, "screen")) === "game-over") break;
      const last = (await type(game, "l"))[0];
      const reply = /^Black played ([a-h0-9x/A-Z]+),/.exec(last)?.[1];
      if (!reply) fail(`l answered '${last}'`);
      const all = await heard(game);
      for (const words of captureWords("Black", reply ?? "")) {
        if (!all.some((l) => l.startsWith(words))) fail(`the computer's ${reply}: '${words}' not said`);
      }
    }
    const end = (await heard(game)).find((l) => /^(White|Black) wins/.test(l));
    if (!end || (await attr(game, "screen")) !== "game-over") fail(`the game's end not said (${await attr(game, "screen")})`);
    await game.screenshot({ path: shot("game") });
    console.log(`reader check: a game against the computer typed to its end (${typed} turns typed): ${end}; screenshot ${shot("game")}`);
    await game.context().close();
  });

  await section("puzzle", async () => {
    // A puzzle, solved by typing.
    const puzzles = (await readFile(new URL("../../assets/puzzles.txt", import.meta.url), "utf8"))
      .split("\n")
      .filter((l) => l && !l.startsWith("#"));
    const index = puzzles.findIndex((l) => l.startsWith("box easy "));
    const solution = puzzles[index].split(" ").pop();
    const puzzle = await open(`/?puzzle=${index + 1}&screen-reader`);
    await page_ready(puzzle);
    await waitFor(puzzle, "the puzzle's task", async () => (await heard(puzzle)).some((l) => l.startsWith("Puzzle: ")));
    await type(puzzle, solution, (lines) => lines.some((l) => /The turn ends\.$/.test(l)));
    await waitFor(puzzle, "the defender's reply", async () => Number(await attr(puzzle, "turns")) >= 2);
    await waitFor(puzzle, "the player to move", () => idle(puzzle));
    let finish;
    for (let tries = 0; tries < 60 && !finish; tries++) {
      const answer = (await type(puzzle, "a"))[0];
      finish = /Best turns: ([a-h0-9x/A-Z]+)/.exec(answer)?.[1];
      if (!finish) await puzzle.waitForTimeout(500);
    }
    if (!finish) fail("the analysis named no best turn");
    const solved = await type(puzzle, finish, (lines) => lines.includes("Solved!"), "Solved!");
    console.log(`reader check: puzzle ${index + 1} solved by typing ${solution}, then ${finish} from the analysis (${solved.length} lines said)`);
    await puzzle.context().close();
  });

  await section("lesson", async () => {
    // A lesson, each step's square typed.
    const lesson = await open("/?lesson=box&screen-reader");
    await page_ready(lesson);
    let steps = 0;
    for (let guard = 0; guard < 200; guard++) {
      const step = await waitFor(lesson, "a lesson step", async () =>
        (await heard(lesson)).filter((l) => /^Step [0-9]+ of [0-9]+\. /.test(l)).pop(),
      );
      if (/White wins/.test(step) && /no capture fits any more/i.test(step)) break;
      if (/Black replies/.test(step)) {
        await lesson.waitForTimeout(300);
        continue;
      }
      // The step's own words (what the game said of the last capture
      // tried may follow them).
      const own = step.split(" The game said:")[0];
      const square = own.match(/\b[a-h][1-8]\b/g)?.pop();
      if (!square) throw new Error(`no square in the step '${step}'`);
      const misfit = /does not fit/.test(own);
      const answer = await type(lesson, misfit ? `x${square}` : square, (lines) =>
        lines.some((l) => /^Step [0-9]+ of/.test(l) && l !== step),
      );
      if (misfit && !answer.some((l) => /Not played/.test(l))) fail(`the misfit ${square}: ${JSON.stringify(answer)}`);
      steps += 1;
    }
    if (steps < 3) fail(`only ${steps} lesson steps typed`);
    console.log(`reader check: the Box lesson followed by typing (${steps} steps)`);
    await lesson.context().close();
  });

  await section("online", async () => {
    // An online game between two pages, both typing.
    const host = await open("/?host=box&size=4x4&name=Ada&clock=10+5&screen-reader");
    const code = await waitFor(host, "a table", async () => {
      const [code, side, link] = (await attr(host, "online")).split(" ");
      return code && code !== "-" && side === "white" && link === "open" ? code : null;
    });
    // The guest joins through the Online window's stand-ins: the code
    // typed into the text input for the game's Code field, then Join.
    const guest = await open("/?online=play&screen-reader");
    const codeField = guest.getByRole("textbox", { name: "Code", exact: true });
    await codeField.waitFor({ timeout: 60_000 });
    await codeField.fill(code);
    await codeField.press("Tab");
    const join = guest.getByRole("button", { name: "Join", exact: true });
    await waitFor(guest, "Join enabled once the code is in the game's field", async () =>
      (await join.getAttribute("aria-disabled")) !== "true",
    );
    await join.click();
    await waitFor(guest, "the guest seated", async () => (await attr(guest, "online")).startsWith(`${code} black`));
    console.log(`reader check: the second page joined ${code} through the page's Code field and Join button`);
    const pages = { W: host, B: guest };
    let online = 0;
    for (let ply = 0; ply < 40; ply++) {
      await waitFor(host, "both pages on the same turn", async () =>
        (await attr(host, "turns")) === String(ply) && (await attr(guest, "turns")) === String(ply),
      );
      if ((await attr(host, "screen")) === "game-over") break;
      const position = await attr(host, "position");
      const mover = position.trim().split(" ").pop();
      const turns = legalTurns(burrow, "box", position);
      if (turns.length === 0) break;
      const turn = turns[ply % turns.length];
      const page = pages[mover];
      await waitFor(page, "the mover's turn", () => idle(page));
      await type(page, turn, (lines) => lines.some((l) => /The turn ends\.$|wins/.test(l)), `the end of ${turn}`);
      const other = page === host ? guest : host;
      const side = mover === "W" ? "White" : "Black";
      await waitFor(other, `${turn} heard on the other page`, async () => {
        const all = await heard(other);
        return captureWords(side, turn).every((w) => all.some((l) => l.startsWith(w)));
      });
      online += 1;
    }
    await waitFor(host, "the end on both pages", async () =>
      (await attr(host, "screen")) === "game-over" && (await attr(guest, "screen")) === "game-over",
    );
    for (const page of [host, guest]) {
      if (!(await heard(page)).some((l) => /^(White|Black) wins/.test(l))) fail("an online page did not hear the end");
    }
    const clocks = (await type(host, "c"))[0];
    if (!/^White [0-9]+:[0-9]{2}, Black [0-9]+:[0-9]{2}\.$/.test(clocks)) fail(`c answered '${clocks}'`);
    await host.screenshot({ path: shot("online") });
    console.log(`reader check: an online game typed on two pages (${online} turns), each hearing the other; c: ${clocks}`);
    await host.context().close();
    await guest.context().close();
  });

  await section("French", async () => {
    // A French browser: the page fetches the French words; the switch, the
    // field and the answers are in French.
    const french = await open("/?variant=box&size=4x4&white=human&black=easy&screen-reader", "fr-FR");
    await page_ready(french);
    const frenchTree = await accessibilityTree(french);
    if (!frenchTree.some((n) => n.role === "button" && n.name === "Lecteur d'écran")) fail("no French switch");
    if (!frenchTree.some((n) => n.role === "textbox" && n.name === "Commande")) fail("no French field");
    const frenchBoard = (await type(french, "b"))[0];
    if (!/^Aux Blancs/.test(frenchBoard) && !/Blancs/.test(frenchBoard)) fail(`b in French answered '${frenchBoard}'`);
    console.log(`reader check: a French page answers in French: ${frenchBoard}`);
    await french.context().close();
  });
} catch (error) {
  fail(String(error?.stack ?? error));
} finally {
  await browser.close();
  server.child.kill();
  await rm(data, { recursive: true, force: true });
}

async function page_ready(page) {
  await waitFor(page, "the board", async () => (await attr(page, "screen")) === "playing" && (await attr(page, "squares")));
}

finish();
