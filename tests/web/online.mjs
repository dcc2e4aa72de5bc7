// Online play in the browser: a `burrow serve` on 127.0.0.1 serves the
// built site and the WebSocket; two Chromium pages play a whole game of Box
// Burrow on 4x4 against each other through it, by clicking squares. The
// first page opens a table (`?host=box`), the second joins it by its code
// (`?join=CODE`, the link a player shares). Each turn is chosen from the
// legal ones `burrow moves --played` lists; the other page must show it
// (the same position), and at the end the server's record of the game must
// hold the same turns and result as both pages. Then two new players,
// signed in on their pages (the account kept in local storage, as the game
// keeps it), find each other by "play someone now", play a rated game
// (both ratings move; the winner's page shows it in the Online window),
// and a correspondence game of three days a turn across a restart of the
// server, which both pages ride out by themselves.
//
// Usage: node tests/web/online.mjs SITE_DIR BURROW_BINARY SCREENSHOT.png

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  attr, launchChromium, legalTurns, openPage, report, shots, squareCentres, startServer, waitFor,
} from "./support.mjs";

const [site, burrow, screenshot] = process.argv.slice(2);
if (!site || !burrow || !screenshot) {
  console.error("usage: node tests/web/online.mjs SITE_DIR BURROW_BINARY SCREENSHOT.png");
  process.exit(2);
}
const shot = shots(screenshot);
const { fail, watch, finish } = report("online check");

// The server's games are kept in `data`, so that a restart of the server
// (the same database) finds them again.
const data = await mkdtemp(join(tmpdir(), "burrow-online-"));
let server = startServer(burrow, site, data, "127.0.0.1:0");
const origin = await server.address;
console.log(`online check: burrow serve at ${origin} (site ${site})`);

const browser = await launchChromium();

// A page at `path` of the server, in a fresh browser context.
const open = (path) => openPage(browser, watch, `${origin}${path}`);

/// Clicks a turn given in played text (`b1xa1xa2`) square by square, each
/// capture once the one before it has been shown.
async function playTurn(page, turn) {
  const [origin, ...captures] = turn.split("/")[0].split("x");
  const centres = await squareCentres(page);
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

/// Plays the game on the two pages (White's, Black's) to its end, each
/// turn chosen from the legal ones `burrow moves --played` lists and
/// clicked; the other page must show it. `between(ply)` runs before each
/// turn, once both pages show the ones before; it says whether it
/// disturbed the game (a restart), and then both pages must show the same
/// position again. The turns played.
async function playOut(white, black, between = async () => false) {
  const pages = { W: white, B: black };
  const played = [];
  // What both pages show, for the message when they do not agree in time.
  const seen = async () => {
    const shows = async (page) =>
      ["screen", "turns", "position", "online"].map(async (name) => `${name} ${await attr(page, name)}`);
    const [w, b] = [await Promise.all(await shows(white)), await Promise.all(await shows(black))];
    return `White's page: ${w.join(", ")}; Black's page: ${b.join(", ")}`;
  };
  const samePosition = (ply) =>
    waitFor(white, async () => `both pages on the same position after ${ply} turns (${await seen()})`, async () => {
      const [a, b] = [await attr(white, "position"), await attr(black, "position")];
      const [ta, tb] = [await attr(white, "turns"), await attr(black, "turns")];
      return a === b && ta === String(ply) && tb === String(ply) ? a : null;
    });
  for (let ply = 0; ply < 40; ply++) {
    // Both pages show the last turn before anything else happens: the
    // server has stored a turn before it sends it, so a restart in
    // `between` cannot take away a turn a page still has in flight.
    await samePosition(ply);
    if (await between(ply)) await samePosition(ply);
    const position = await attr(white, "position");
    const screen = await attr(white, "screen");
    if (screen === "game-over") break;
    const mover = position.trim().split(" ").pop();
    const page = pages[mover];
    if (!page) throw new Error(`no side to move in ${position}`);
    const turns = legalTurns(burrow, "box", position);
    if (turns.length === 0) break;
    const turn = turns[ply % turns.length];
    await playTurn(page, turn);
    played.push(turn);
  }
  await waitFor(white, "the end on both pages", async () =>
    (await attr(white, "screen")) === "game-over" && (await attr(black, "screen")) === "game-over",
  );
  return played;
}

/// A page signed in to a new account `name`: the account is registered
/// through the browser's own WebSocket and remembered in the page's local
/// storage as the game remembers it; then the page opens at `path`.
async function signedInPage(name, path) {
  const page = await open("/");
  const session = await page.evaluate(
    (name) =>
      new Promise((resolve, reject) => {
        const ws = new WebSocket(`ws://${location.host}/ws`);
        ws.onopen = () =>
          ws.send(JSON.stringify({ v: 1, type: "register", name, password: "a long enough password" }));
        ws.onmessage = (e) => {
          const m = JSON.parse(e.data);
          if (m.type === "signed-in") resolve(m.session);
          else if (m.type === "error") reject(new Error(m.message));
        };
      }),
    name,
  );
  await page.evaluate(
    ([server, name, session]) =>
      localStorage.setItem("burrow-settings", `server = ${server}\naccount = ${name}\nsession = ${session}\n`),
    [origin.replace(/^http/, "ws"), name, session],
  );
  await page.goto(`${origin}${path}`);
  await waitFor(page, `${name} signed in`, async () => (await attr(page, "community")).startsWith(`${name} `));
  return page;
}

/// The code, side, link and connections opened of the page's table
/// (`data-online`).
async function seat(page) {
  const [code, side, link, links] = (await attr(page, "online")).split(" ");
  return { code, side, link, links: Number(links) };
}

/// Two signed-in pages asking to play someone now (`pair` and its
/// options): the first opens a seek, the second is seated at it. The
/// pages as White and Black, and the table's code.
async function paired(first, second, query) {
  await first.goto(`${origin}/?${query}`);
  const code = await waitFor(first, "a seek", async () => {
    const s = await seat(first);
    return s.code && s.code !== "-" && s.link === "open" ? s.code : null;
  });
  await second.goto(`${origin}/?${query}`);
  await waitFor(second, "the second page paired", async () => (await seat(second)).code === code);
  const white = (await seat(first)).side === "white" ? first : second;
  return { code, white, black: white === first ? second : first };
}

async function getJson(path) {
  const response = await fetch(`${origin}${path}`);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return response.json();
}

try {
  const host = await open("/?host=box&size=4x4&name=Ada");
  const code = await waitFor(host, "a table", async () => {
    const s = await seat(host);
    return s.code && s.code !== "-" && s.side === "white" && s.link === "open" ? s.code : null;
  });
  console.log(`online check: the first page opened table ${code} (White)`);
  const guest = await open(`/?join=${code}&name=Bo`);
  await waitFor(guest, "the second page's seat", async () => {
    const s = await seat(guest);
    return s.code === code && s.side === "black" && s.link === "open";
  });
  console.log(`online check: the second page joined ${code} by its link (Black)`);

  const played = await playOut(host, guest);
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
  // Every open page draws its game on the same two cores: close these two
  // so the next games go at the speed of their own pages.
  await host.context().close();
  await guest.context().close();

  // Two new players, signed in on their pages, find each other by "play
  // someone now" and play a rated game; their ratings move and the
  // winner's page (the Online window's Players tab) shows the game.
  const ada = await signedInPage("Ada_Web", "/");
  const bo = await signedInPage("Bo_Web", "/");
  const rated = await paired(ada, bo, "pair=box&size=4x4");
  const ratedTurns = await playOut(rated.white, rated.black);
  const board = await getJson("/players?game=box");
  const rating = (name) => board.players.find((p) => p.name === name);
  const victor = ratedTurns.length % 2 === 1 ? rated.white : rated.black;
  const winnerName = victor === ada ? "Ada_Web" : "Bo_Web";
  const loserName = victor === ada ? "Bo_Web" : "Ada_Web";
  if (!(rating(winnerName)?.rating > 1500 && rating(loserName)?.rating < 1500)) {
    fail(`the ratings after the rated game: ${JSON.stringify(board.players)}`);
  }
  await victor.goto(`${origin}/?online=players`);
  await waitFor(victor, "the winner's page with one rated game", async () =>
    (await attr(victor, "community")).endsWith(` ${winnerName}:1`),
  );
  await victor.screenshot({ path: shot("players") });
  console.log(`online check: ${winnerName} beat ${loserName} in a rated game (${rating(winnerName).rating.toFixed(0)} to ${rating(loserName).rating.toFixed(0)}); page ${shot("players")}`);

  // A correspondence game (three days a turn) across a restart of the
  // server: both pages reconnect by themselves and play on.
  const slow = await paired(ada, bo, "pair=box&size=4x4&clock=3d");
  const port = new URL(origin).port;
  const slowTurns = await playOut(slow.white, slow.black, async (ply) => {
    if (ply !== 2) return false;
    // Each page is back once it opened a connection to the new server.
    const before = [await seat(slow.white), await seat(slow.black)].map((s) => s.links);
    server.child.kill("SIGKILL");
    await new Promise((resolve) => server.child.once("exit", resolve));
    server = startServer(burrow, site, data, `127.0.0.1:${port}`);
    await server.address;
    for (const [i, page] of [slow.white, slow.black].entries()) {
      await waitFor(page, "the page back at its table", async () => {
        const s = await seat(page);
        return s.code === slow.code && s.link === "open" && s.links > before[i];
      });
    }
    console.log(`online check: the server restarted after 2 turns of ${slow.code}; both pages are back`);
    return true;
  });
  const slowRecord = await (await fetch(`${origin}/games/${slow.code}.txt`)).text();
  if (!slowRecord.includes("3d")) fail(`the correspondence record has no 3d clock:\n${slowRecord}`);
  const page = await getJson(`/players/${winnerName}`);
  if (page.games.length !== 2 || page.history.length !== 2) {
    fail(`${winnerName}'s page after two rated games: ${JSON.stringify(page)}`);
  }
  console.log(`online check: the correspondence game ${slow.code} went on across the restart to its end after ${slowTurns.length} turns`);
} catch (error) {
  fail(String(error));
} finally {
  await browser.close();
  server.child.kill();
  await rm(data, { recursive: true, force: true });
}
finish();
