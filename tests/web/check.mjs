// The web build in a real browser: headless Chromium opens the page served
// on 127.0.0.1 with a game against the computer, waits for the board, clicks
// a white piece and the black piece next to it, and checks through the state
// the page publishes that the capture happened, that the computer answered,
// and that the page kept drawing while it thought. Any console error or
// uncaught exception fails the check. A screenshot is saved for people to
// look at.
//
//   node tests/web/check.mjs <site folder> <screenshot.png>
//
// playwright-core comes from npm (see .ci/web); the browser is Debian's
// /usr/bin/chromium (or $CHROMIUM).

import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, resolve } from "node:path";
import { createRequire } from "node:module";

const require = createRequire(process.env.BURROW_TOOLS_REQUIRE ?? import.meta.url);
const { chromium } = require("playwright-core");

const [site, screenshot] = process.argv.slice(2);
if (!site || !screenshot) {
  console.error("usage: node tests/web/check.mjs <site folder> <screenshot.png>");
  process.exit(2);
}

const types = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".wasm": "application/wasm",
};

function serve(folder) {
  const root = resolve(folder);
  const server = createServer(async (request, response) => {
    const path = new URL(request.url, "http://localhost").pathname;
    const file = join(root, path === "/" ? "index.html" : path);
    try {
      const body = await readFile(file);
      response.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" });
      response.end(body);
    } catch {
      response.writeHead(404);
      response.end();
    }
  });
  return new Promise((ready) => server.listen(0, "127.0.0.1", () => ready(server)));
}

// Each square's centre in page pixels, from the page's `data-squares`.
async function squareCentres(page) {
  const published = await page.evaluate(() => document.documentElement.dataset.squares);
  return Object.fromEntries(
    published.split(";").map((entry) => {
      const [square, xy] = entry.split(":");
      return [square, xy.split(",").map(Number)];
    }),
  );
}

function fail(message) {
  console.error(`web check: ${message}`);
  process.exitCode = 1;
}

const server = await serve(site);
const address = `http://127.0.0.1:${server.address().port}/?variant=box&white=human&black=medium`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-quic", "--no-first-run", "--disable-component-update", "--disable-sync",
    "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
  ],
});
const problems = [];
try {
  const watch = (p) => {
    p.on("console", (message) => {
      if (message.type() === "error") problems.push(`console error: ${message.text()}`);
    });
    p.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  };
  const page = await browser.newPage({ viewport: { width: 1100, height: 760 } });
  watch(page);

  const started = Date.now();
  await page.goto(address);
  const attribute = (name) =>
    page.evaluate((n) => document.documentElement.getAttribute(n), name);
  // The board is drawn once the game is on the playing screen and has laid
  // out its squares.
  await page.waitForFunction(
    () => {
      const html = document.documentElement;
      return html.dataset.screen === "playing" && html.dataset.squares && Number(html.dataset.frames) > 3;
    },
    null,
    { timeout: 120_000 },
  );
  const loadMs = Date.now() - started;
  console.log(`web check: board drawn ${loadMs} ms after the page was opened`);

  const before = await attribute("data-position");
  const centres = await squareCentres(page);
  // The browser's frame clock: the longest gap between its frames shows how
  // long the page was busy at a stretch.
  await page.evaluate(() => {
    window.frameGaps = [];
    let last = performance.now();
    const tick = (now) => {
      window.frameGaps.push(now - last);
      last = now;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const longestGap = () =>
    page.evaluate(() => Math.max(0, ...window.frameGaps.splice(0)));
  // White's b1 takes Black's a1 (every game's start allows it).
  for (const square of ["b1", "a1"]) {
    const [x, y] = centres[square];
    await page.mouse.click(x, y);
    await page.waitForTimeout(300);
  }
  await page.waitForFunction(
    () => document.documentElement.dataset.turns === "1",
    null,
    { timeout: 30_000 },
  );
  const after = await attribute("data-position");
  // Drawing alone (the capture's walk) sets the baseline: software WebGL is slow.
  const drawingGap = await longestGap();
  // The computer (Black) answers. The page has no threads, so the search
  // runs in short slices between frames; a search that held the page for
  // its whole think time (250 ms for medium) would stand out.
  const framesBefore = Number(await attribute("data-frames"));
  await page.waitForFunction(
    () => document.documentElement.dataset.turns === "2",
    null,
    { timeout: 60_000 },
  );
  const framesDuring = Number(await attribute("data-frames")) - framesBefore;
  const thinkingGap = await longestGap();
  console.log(
    `web check: the computer answered; ${framesDuring} game frames meanwhile; longest busy stretch ${thinkingGap.toFixed(0)} ms (${drawingGap.toFixed(0)} ms while only drawing)`,
  );
  if (framesDuring < 2) fail(`the page drew only ${framesDuring} frames while the computer thought`);
  if (thinkingGap > drawingGap + 150) {
    fail(`the page was busy for ${thinkingGap.toFixed(0)} ms at a stretch while the computer thought`);
  }
  // Sound may start after a click: the game's audio must be running now.
  const audio = await page.evaluate(() => window.burrowAudioContexts.map((c) => c.state));
  console.log(`web check: audio contexts after the clicks: ${JSON.stringify(audio)}`);
  if (audio.some((state) => state !== "running")) fail(`audio did not start after a click: ${audio}`);
  // a1 now holds White's piece and b1 is empty: rank 1 was BWBWBWBW.
  const rank1 = after.split(" ")[0].split("/")[7];
  if (!rank1.startsWith("W1")) fail(`expected White on a1 and b1 empty, got rank 1 '${rank1}' (before: ${before})`);
  if (!after.endsWith(" B")) fail(`expected Black to move, got '${after}'`);
  const reply = await attribute("data-position");
  if (!reply.endsWith(" W")) fail(`expected White to move after the computer's turn, got '${reply}'`);
  // Let the capture's walk finish before the picture is taken.
  await page.waitForTimeout(1500);
  await page.screenshot({ path: screenshot });
  console.log(`web check: position once White had played b1xa1: ${after}; screenshot ${screenshot}`);

  // Keyboard and touch, each in a fresh game between two people: White's
  // b1 takes a1 again.
  const origin = `http://127.0.0.1:${server.address().port}/?variant=box&white=human&black=human`;
  const playedOnce = (p) =>
    p.waitForFunction(() => document.documentElement.dataset.turns === "1", null, {
      timeout: 30_000,
    });
  const boardReady = (p) =>
    p.waitForFunction(
      () => document.documentElement.dataset.screen === "playing" && document.documentElement.dataset.squares,
      null,
      { timeout: 120_000 },
    );

  const keyboard = await browser.newPage({ viewport: { width: 1100, height: 760 } });
  watch(keyboard);
  await keyboard.goto(origin);
  await boardReady(keyboard);
  // Focus the canvas on an empty corner, off the board.
  await keyboard.mouse.click(8, 8);
  // The cursor starts on a1: right to b1, select; left to a1, capture.
  for (const key of ["ArrowRight", "Enter", "ArrowLeft", "Enter"]) {
    await keyboard.keyboard.press(key);
    await keyboard.waitForTimeout(400);
  }
  await playedOnce(keyboard);
  console.log("web check: a capture played with the keyboard");
  // The A key turns the analysis on: the solver marks Black's turns in
  // slices while the page keeps drawing.
  const framesBeforeAnalysis = Number(await keyboard.evaluate(() => document.documentElement.dataset.frames));
  await keyboard.keyboard.press("a");
  await keyboard.waitForFunction(
    () => /^[1-9][0-9]* [0-9]+ (running|done)$/.test(document.documentElement.dataset.analysis ?? ""),
    null,
    { timeout: 30_000 },
  );
  await keyboard.waitForTimeout(1000);
  const analysed = await keyboard.evaluate(() => document.documentElement.dataset.analysis);
  const framesAnalysing = Number(await keyboard.evaluate(() => document.documentElement.dataset.frames)) - framesBeforeAnalysis;
  // Software WebGL takes up to a quarter second a frame here by itself (see
  // the computer's check above); a page held by the solver would draw none.
  if (framesAnalysing < 3) fail(`the page drew only ${framesAnalysing} frames in the analysis's first second`);
  const analysisShot = screenshot.replace(/\.png$/, "-analysis.png");
  await keyboard.screenshot({ path: analysisShot });
  console.log(`web check: analysis on (${analysed}: turns marked, proven, state), ${framesAnalysing} frames; screenshot ${analysisShot}`);
  await keyboard.close();

  // A puzzle from the page's address, played against the solver.
  const puzzlePage = await browser.newPage({ viewport: { width: 1100, height: 760 } });
  watch(puzzlePage);
  await puzzlePage.goto(`http://127.0.0.1:${server.address().port}/?puzzle=1`);
  await boardReady(puzzlePage);
  const task = await puzzlePage.evaluate(() => document.documentElement.dataset.puzzle);
  if (!/to move wins in [0-9]+ turns$/.test(task ?? "")) fail(`the puzzle page shows no puzzle ('${task}')`);
  const puzzleShot = screenshot.replace(/\.png$/, "-puzzle.png");
  await puzzlePage.waitForTimeout(500);
  await puzzlePage.screenshot({ path: puzzleShot });
  console.log(`web check: puzzle 1 opened from the address: ${task}; screenshot ${puzzleShot}`);
  await puzzlePage.close();

  // Settings live in local storage: flip the board, reload, and it stays
  // flipped. Copy position puts the position on the clipboard, and a pasted
  // position can be played from. (The side panel's widgets sit where this
  // window size and font put them.)
  const storageContext = await browser.newContext({ viewport: { width: 1100, height: 760 } });
  await storageContext.grantPermissions(["clipboard-read", "clipboard-write"]);
  const stored = await storageContext.newPage();
  watch(stored);
  await stored.goto(origin);
  await boardReady(stored);
  const a1Before = await stored.evaluate(() => document.documentElement.dataset.squares.split(";")[0]);
  await stored.mouse.click(935, 101); // Flip board
  await stored.waitForFunction(
    () => (localStorage.getItem("burrow-settings") ?? "").includes("flipped = true"),
    null,
    { timeout: 10_000 },
  );
  await stored.mouse.click(852, 308); // Copy position
  await stored.waitForTimeout(500);
  const copied = await stored.evaluate(() => navigator.clipboard.readText());
  const shown = await stored.evaluate(() => document.documentElement.dataset.position);
  if (copied.trim() !== shown) fail(`Copy position put '${copied}' on the clipboard, not '${shown}'`);
  // Paste a position into the text box and play from it. Headless
  // Chromium does not paste on Ctrl+V by itself, so the test sends the
  // page's paste event, as a browser does, along with the key press.
  const pasted = "WB2/4/4/2BW W";
  await stored.mouse.click(950, 350); // the text box
  // Let the click's frame give the text box the focus before the paste
  // arrives (the page draws only when something happens).
  await stored.waitForTimeout(300);
  await stored.keyboard.press("Control+A");
  await stored.evaluate((text) => {
    const data = new DataTransfer();
    data.setData("text/plain", text);
    document.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data }));
  }, pasted);
  await stored.keyboard.press("Control+V");
  await stored.waitForTimeout(300);
  await stored.mouse.click(950, 395); // Play from position
  await stored.waitForFunction(
    (text) => document.documentElement.dataset.position === text,
    pasted,
    { timeout: 10_000 },
  );
  console.log(`web check: a pasted position started a game (${pasted})`);
  await stored.reload();
  await boardReady(stored);
  const a1After = await stored.evaluate(() => document.documentElement.dataset.squares.split(";")[0]);
  if (a1After === a1Before) fail(`the board was not flipped after a reload (a1 at ${a1After})`);
  console.log(`web check: settings kept in local storage (a1 ${a1Before} -> ${a1After}); Copy position copied '${copied}'`);
  await storageContext.close();

  const touchContext = await browser.newContext({
    viewport: { width: 1100, height: 760 },
    hasTouch: true,
  });
  const touch = await touchContext.newPage();
  watch(touch);
  await touch.goto(origin);
  await boardReady(touch);
  const touchCentres = await squareCentres(touch);
  for (const square of ["b1", "a1"]) {
    await touch.touchscreen.tap(...touchCentres[square]);
    await touch.waitForTimeout(400);
  }
  await playedOnce(touch);
  console.log("web check: a capture played by touch");
  await touchContext.close();
} catch (error) {
  fail(String(error));
} finally {
  await browser.close();
  server.close();
}
for (const problem of problems) fail(problem);
if (process.exitCode) process.exit(process.exitCode);
console.log("web check: passed");
