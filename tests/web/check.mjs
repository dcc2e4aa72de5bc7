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
  const page = await browser.newPage({ viewport: { width: 1100, height: 760 } });
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));

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
  const centres = Object.fromEntries(
    (await attribute("data-squares")).split(";").map((entry) => {
      const [square, xy] = entry.split(":");
      return [square, xy.split(",").map(Number)];
    }),
  );
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
} catch (error) {
  fail(String(error));
} finally {
  await browser.close();
  server.close();
}
for (const problem of problems) fail(problem);
if (process.exitCode) process.exit(process.exitCode);
console.log("web check: passed");
