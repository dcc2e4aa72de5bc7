// Online play in the browser: a `burrow serve` on 127.0.0.1 serves the
// built site and the WebSocket; two Chromium pages play a whole game of Box
// Burrow on 4x4 against each other through it, by clicking squares. The
// first page opens a table (`?host=box`), the second joins it by its code
// (`?join=CODE`, the link a player shares). Each turn is chosen from the
// legal ones `burrow moves --played` lists; the other page must show it
// (the same position), and at the end the server's record of the game must
// hold the same turns and result as both pages.
//
// Usage: node tests/web/online.mjs SITE_DIR BURROW_BINARY SCREENSHOT.png

import { spawn, execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";

const require = createRequire(process.env.BURROW_TOOLS_REQUIRE ?? import.meta.url);
const { chromium } = require("playwright-core");

const [site, burrow, screenshot] = process.argv.slice(2);
if (!site || !burrow || !screenshot) {
  console.error("usage: node tests/web/online.mjs SITE_DIR BURROW_BINARY SCREENSHOT.png");
  process.exit(2);
}
const shot = (name) => screenshot.replace(/\.png$/, `-${name}.png`);

function fail(message) {
  console.error(`online check: FAILED: ${message}`);
  process.exitCode = 1;
}

const data = await mkdtemp(join(tmpdir(), "burrow-online-"));
const server = spawn(
  burrow,
  ["serve", "--listen", "127.0.0.1:0", "--site", site, "--database", `sqlite://${data}/games.sqlite?mode=rwc`],
  { stdio: ["ignore", "pipe", "inherit"] },
);
const origin = await new Promise((resolve, reject) => {
  const lines = createInterface({ input: server.stdout });
  lines.once("line", (line) => {
    const match = line.match(/listening on (http:\/\/\S+)/);
    if (match) resolve(match[1]);
    else reject(new Error(`the server said: ${line}`));
  });
  server.once("exit", (code) => reject(new Error(`burrow serve exited (${code})`)));
});
console.log(`online check: burrow serve at ${origin} (site ${site})`);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-quic", "--no-first-run", "--disable-component-update", "--disable-sync",
    "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
  ],
});
const problems = [];
const attr = (page, name) => page.evaluate((n) => document.documentElement.dataset[n] ?? "", name);

async function open(path) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 760 } });
  const page = await context.newPage();
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console error: ${m.text()}`);
  });
  await page.goto(`${origin}${path}`);
  return page;
}

async function waitFor(page, what, test, timeout = 120_000) {
  const start = Date.now();
  for (;;) {
    const value = await test();
    if (value) return value;
    if (Date.now() - start > timeout) throw new Error(`timed out waiting for ${what}`);
    await page.waitForTimeout(100);
  }
}

async function squares(page) {
  const text = await attr(page, "squares");
  return Object.fromEntries(
    text.split(";").map((entry) => {
      const [name, xy] = entry.split(":");
      return [name, xy.split(",").map(Number)];
    }),
  );
}

/// Clicks a turn given in played text (`b1xa1xa2`) square by square, each
/// capture once the one before it has been shown.
async function playTurn(page, turn) {
  const [origin, ...captures] = turn.split("/")[0].split("x");
  const centres = await squares(page);
  const turns = Number(await attr(page, "turns"));
  const idle = () => attr(page, "phase").then((p) => p === "PersonToMove");
  await waitFor(page, "the player's turn", idle);
  await page.mouse.click(...centres[origin]);
  await page.waitForTimeout(150);
  for (let i = 0; i < captures.length; i++) {
    // Mid-turn, the game plays a capture by itself when only one fits.
    const made = Number(await attr(page, "captures"));
    const done = Number(await attr(page, "turns")) > turns;
    if (done || made > i) continue;
    await waitFor(page, "the capture's animation", idle);
    await page.mouse.click(...centres[captures[i]]);
    await waitFor(page, `capture ${i + 1} of ${turn}`, async () =>
      Number(await attr(page, "captures")) > i || Number(await attr(page, "turns")) > turns,
    );
  }
  await waitFor(page, `${turn} to be played`, async () => Number(await attr(page, "turns")) > turns);
}

try {
  const host = await open("/?host=box&size=4x4&name=Ada");
  const code = await waitFor(host, "a table", async () => {
    const [c, side, link] = (await attr(host, "online")).split(" ");
    return c && c !== "-" && side === "white" && link === "open" ? c : null;
  });
  console.log(`online check: the first page opened table ${code} (White)`);
  const guest = await open(`/?join=${code}&name=Bo`);
  await waitFor(guest, "the second page's seat", async () => (await attr(guest, "online")) === `${code} black open`);
  console.log(`online check: the second page joined ${code} by its link (Black)`);

  const pages = { W: host, B: guest };
  const played = [];
  for (let ply = 0; ply < 40; ply++) {
    await waitFor(host, "both pages on the same position", async () => {
      const [a, b] = [await attr(host, "position"), await attr(guest, "position")];
      const [ta, tb] = [await attr(host, "turns"), await attr(guest, "turns")];
      return a === b && ta === String(ply) && tb === String(ply) ? a : null;
    });
    const position = await attr(host, "position");
    const screen = await attr(host, "screen");
    if (screen === "game-over") break;
    const mover = position.trim().split(" ").pop();
    const page = pages[mover];
    if (!page) throw new Error(`no side to move in ${position}`);
    const turns = execFileSync(burrow, ["moves", "--variant", "box", "--position", position, "--played"], {
      encoding: "utf8",
    })
      .split("\n")
      .filter(Boolean);
    if (turns.length === 0) break;
    const turn = turns[ply % turns.length];
    await playTurn(page, turn);
    played.push(turn);
  }
  await waitFor(host, "the end on both pages", async () =>
    (await attr(host, "screen")) === "game-over" && (await attr(guest, "screen")) === "game-over",
  );
  await host.screenshot({ path: shot("host") });
  await guest.screenshot({ path: shot("guest") });
  console.log(`online check: the game ended after ${played.length} turns: ${played.join(" ")}`);

  const response = await fetch(`${origin}/games/${code}.txt`);
  const record = await response.text();
  if (!response.ok) fail(`GET /games/${code}.txt answered ${response.status}`);
  const moves = record.split("\n\n").slice(1).join(" ").replace(/\d+\.\s/g, " ").split(/\s+/).filter(Boolean);
  const result = moves.pop();
  if (JSON.stringify(moves) !== JSON.stringify(played)) {
    fail(`the server's record holds ${moves.join(" ")}, the pages played ${played.join(" ")}`);
  }
  const winner = played.length % 2 === 1 ? "1-0" : "0-1";
  if (result !== winner) fail(`the record's result is ${result}, the board's ${winner}`);
  console.log(`online check: the server's record of ${code} holds the same ${moves.length} turns and ${result}; screenshots ${shot("host")}, ${shot("guest")}`);
} catch (error) {
  fail(String(error));
} finally {
  await browser.close();
  server.kill();
  await rm(data, { recursive: true, force: true });
}
for (const problem of problems) fail(problem);
if (process.exitCode) process.exit(process.exitCode);
console.log("online check: passed");
