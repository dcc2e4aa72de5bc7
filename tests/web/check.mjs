// The web build in a real browser: headless Chromium opens the site (served
// as `.ci/serve.mjs` serves it, precompressed files included) and checks, as
// a player would meet them:
// - the sizes (the wasm under 4 MB gzipped) and the encodings the server
//   sends;
// - how long the first board takes, over several fresh visits, and the
//   loading screen's progress bar on a slow network;
// - a game against the computer: a capture, the computer's answer while the
//   page keeps drawing (the longest main-thread task meanwhile);
// - the keyboard, the analysis, a puzzle, a design from a link, settings
//   in local storage, the clipboard, records downloaded and opened from a
//   file, a game continued on the next visit, touch;
// - a second visit with the network cut (the service worker's copy), and a
//   new build replacing the cached one;
// - a phone-sized page: the panel below the board, a capture by touch.
// Any console error or uncaught exception fails the check. Screenshots are
// saved next to <screenshot.png> for people to look at.
//
//   node tests/web/check.mjs <site folder> <screenshot.png>
//
// playwright-core comes from npm (see .ci/web); the browser is Debian's
// /usr/bin/chromium (or $CHROMIUM).

import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { get } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launchChromium, report, shots, squareCentres } from "./support.mjs";

const { serveSite } = await import(new URL("../../.ci/serve.mjs", import.meta.url));

const [builtSite, screenshot] = process.argv.slice(2);
if (!builtSite || !screenshot) {
  console.error("usage: node tests/web/check.mjs <site folder> <screenshot.png>");
  process.exit(2);
}

// The wasm's gzipped size may not pass this: what the page weighs (with
// the test hooks; docs/web.md keeps the figure) and a small margin, so a
// change that makes it heavier is seen and weighed.
const GZIP_LIMIT = 3_730_000;
// Page open to first board, the median of the fresh visits. The figure is
// a measurement, printed here and kept in docs/web.md (about 2.5 s on
// these machines with nothing else running, over 4 s while other builds
// share the cores); the check fails only on a page several times slower
// than that, which no load of the machine explains.
const FIRST_BOARD_BOUND_MS = 10_000;
const VISITS = 5;
// A named control's centre in page pixels, from the page's `data-controls`
// (waits until the control is on screen).
async function control(page, name) {
  const spot = await page.waitForFunction(
    (wanted) => {
      const entry = (document.documentElement.dataset.controls ?? "")
        .split(";")
        .find((e) => e.startsWith(`${wanted}:`));
      return entry ? entry.slice(wanted.length + 1) : null;
    },
    name,
    { timeout: 30_000 },
  );
  return (await spot.jsonValue()).split(",").map(Number);
}

// Clicks named controls one after another (a menu, then its item), each
// once it is on screen.
async function clickControls(page, ...names) {
  for (const name of names) {
    // A menu lays itself out over a frame or two: click where the control
    // has settled.
    let at = await control(page, name);
    for (;;) {
      await page.waitForTimeout(200);
      const again = await control(page, name);
      if (again[0] === at[0] && again[1] === at[1]) break;
      at = again;
    }
    await page.mouse.click(...at);
    await page.waitForTimeout(300);
  }
}

const { fail, watch, finish } = report("web check", "");
const shot = shots(screenshot);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// One raw request: the status and headers the server sends for `path`.
function headersFor(port, path, acceptEncoding) {
  return new Promise((done, failed) => {
    const request = get(
      { host: "127.0.0.1", port, path, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} },
      (response) => {
        response.resume();
        response.on("end", () => done({ status: response.statusCode, headers: response.headers }));
      },
    );
    request.on("error", failed);
  });
}

// The site is served from a copy, so that a new build can be simulated on
// it at the end without touching the real one.
const site = await mkdtemp(join(tmpdir(), "burrow-site-"));
await cp(builtSite, site, { recursive: true });
const server = await serveSite(site);
const port = server.address().port;
const origin = `http://127.0.0.1:${port}`;

const address = `${origin}/?variant=box&white=human&black=medium`;
const browser = await launchChromium();
try {
  const boardReady = (p) =>
    p.waitForFunction(
      () => document.documentElement.dataset.screen === "playing" && document.documentElement.dataset.squares,
      null,
      { timeout: 120_000 },
    );

  // Sizes, as the build recorded them, and what the server sends.
  const sizes = JSON.parse(await readFile(join(site, "sizes.json"), "utf8")).files["burrow_bg.wasm"];
  const kib = (n) => `${Math.round(n / 1024).toLocaleString("en")} KiB`;
  console.log(`web check: burrow_bg.wasm ${kib(sizes.raw)} raw, ${kib(sizes.gz)} gzip, ${kib(sizes.br)} brotli`);
  if (sizes.gz > GZIP_LIMIT) fail(`the wasm is ${sizes.gz} bytes gzipped, over the ${GZIP_LIMIT} bound`);
  for (const [accept, coding, length] of [
    ["br, gzip", "br", sizes.br],
    ["gzip", "gzip", sizes.gz],
    [null, undefined, sizes.raw],
  ]) {
    const { status, headers } = await headersFor(port, "/burrow_bg.wasm", accept);
    if (status !== 200 || headers["content-encoding"] !== coding || Number(headers["content-length"]) !== length ||
        headers["content-type"] !== "application/wasm") {
      fail(`accept-encoding '${accept}': got ${status} ${JSON.stringify(headers)}`);
    }
  }
  console.log("web check: the server sends the wasm as brotli, gzip or plain, as asked, typed application/wasm");

  // First board, over fresh visits (new profile each: no HTTP cache, no
  // service worker yet). The page records when it first drew the board.
  const visits = [];
  for (let visit = 0; visit < VISITS; visit++) {
    const context = await browser.newContext({ viewport: { width: 1100, height: 760 } });
    const fresh = await context.newPage();
    watch(fresh);
    await fresh.goto(`${origin}/?variant=box&white=human&black=human`);
    await fresh.waitForFunction(() => document.documentElement.dataset.boardAt, null, { timeout: 120_000 });
    visits.push(Number(await fresh.evaluate(() => document.documentElement.dataset.boardAt)));
    await context.close();
  }
  const firstBoard = median(visits);
  console.log(`web check: first board drawn ${visits.join(", ")} ms after the page opened (median ${firstBoard} ms)`);
  if (firstBoard > FIRST_BOARD_BOUND_MS) fail(`the first board took ${firstBoard} ms (bound ${FIRST_BOARD_BOUND_MS} ms)`);

  // The loading screen on a slow network: the bar fills as bytes arrive.
  {
    const context = await browser.newContext({ viewport: { width: 1100, height: 760 } });
    const slow = await context.newPage();
    watch(slow);
    const cdp = await context.newCDPSession(slow);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 40,
      downloadThroughput: 1_500_000,
      uploadThroughput: 500_000,
    });
    await slow.goto(`${origin}/?variant=box&white=human&black=human`, { waitUntil: "commit" });
    const seen = [];
    let pictured = false;
    for (let i = 0; i < 400; i++) {
      const state = await slow.evaluate(() => ({
        loaded: Number(document.documentElement.dataset.loaded ?? 0),
        width: document.querySelector("#bar div")?.style.width ?? "",
        text: document.getElementById("status")?.textContent ?? "",
        gone: !document.getElementById("loading"),
      }));
      if (state.gone) break;
      if (state.loaded > 0) seen.push(state);
      const share = state.loaded / sizes.raw;
      if (!pictured && share > 0.3 && share < 0.8) {
        await slow.screenshot({ path: shot("loading") });
        pictured = true;
      }
      await slow.waitForTimeout(100);
    }
    await boardReady(slow);
    const partial = seen.filter((s) => s.loaded < sizes.raw && /^Downloading/.test(s.text));
    const growing = partial.every((s, i) => i === 0 || s.loaded >= partial[i - 1].loaded);
    console.log(
      `web check: on a 1.5 MB/s network the bar showed ${partial.length} partial states (${partial[0]?.text} ... ${partial.at(-1)?.text}); screenshot ${shot("loading")}`,
    );
    if (partial.length < 3 || !growing || !pictured) fail(`the progress bar did not fill while loading: ${JSON.stringify(partial.slice(0, 5))}`);
    await context.close();
  }

  const page = await browser.newPage({ viewport: { width: 1100, height: 760 } });
  watch(page);
  // Every main-thread task over 50 ms (the browser's long tasks).
  await page.addInitScript(() => {
    window.burrowLongTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.burrowLongTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: "longtask", buffered: true });
  });
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
  const longestTask = (from, to) =>
    page.evaluate(
      ([a, b]) => Math.max(0, ...window.burrowLongTasks.filter(([t]) => t >= a && t <= b).map(([, d]) => d)),
      [from, to],
    );
  const now = () => page.evaluate(() => performance.now());

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
  const thinkingFrom = await now();
  const drawingTask = await longestTask(0, thinkingFrom);
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
  const thinkingTask = await longestTask(thinkingFrom, await now());
  console.log(
    `web check: longest main-thread task while the computer thought: ${thinkingTask ? `${thinkingTask.toFixed(0)} ms` : "none over 50 ms"} (while loading and drawing: ${drawingTask.toFixed(0)} ms)`,
  );
  if (thinkingTask > Math.max(drawingTask, 50) + 150) fail(`a ${thinkingTask.toFixed(0)} ms task held the page while the computer thought`);
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
  if (audio.length === 0 || audio.some((state) => state !== "running"))
    fail(`audio did not start after a click: ${JSON.stringify(audio)}`);
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
  const twoPlayers = `${origin}/?variant=box&white=human&black=human`;
  const playedOnce = (p) =>
    p.waitForFunction(() => document.documentElement.dataset.turns === "1", null, {
      timeout: 30_000,
    });
  // White's b1 takes a1 in a fresh game, by mouse or by touch.
  const captureB1A1 = async (p, { touch = false } = {}) => {
    const centres = await squareCentres(p);
    for (const square of ["b1", "a1"]) {
      if (touch) await p.touchscreen.tap(...centres[square]);
      else await p.mouse.click(...centres[square]);
      await p.waitForTimeout(400);
    }
    await playedOnce(p);
  };
  const keyboard = await browser.newPage({ viewport: { width: 1100, height: 760 } });
  watch(keyboard);
  await keyboard.goto(twoPlayers);
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
  const analysisShot = shot("analysis");
  await keyboard.screenshot({ path: analysisShot });
  console.log(`web check: analysis on (${analysed}: turns marked, proven, state), ${framesAnalysing} frames; screenshot ${analysisShot}`);
  await keyboard.close();

  // A puzzle from the page's address, played against the solver.
  const puzzlePage = await browser.newPage({ viewport: { width: 1100, height: 760 } });
  watch(puzzlePage);
  await puzzlePage.goto(`${origin}/?puzzle=1`);
  await boardReady(puzzlePage);
  const task = await puzzlePage.evaluate(() => document.documentElement.dataset.puzzle);
  if (!/to move wins in [0-9]+ turns$/.test(task ?? "")) fail(`the puzzle page shows no puzzle ('${task}')`);
  const puzzleShot = shot("puzzle");
  await puzzlePage.waitForTimeout(500);
  await puzzlePage.screenshot({ path: puzzleShot });
  console.log(`web check: puzzle 1 opened from the address: ${task}; screenshot ${puzzleShot}`);
  await puzzlePage.close();

  // A design shared by link (the designer's Copy link): the page adds the
  // game and plays it; White's b1 takes a1 in Stride Burrow too.
  const strideFile = await readFile(new URL("../../examples/stride.toml", import.meta.url), "utf8");
  const designCode = `1.${Buffer.from(strideFile).toString("base64url")}`;
  const designPage = await browser.newPage({ viewport: { width: 1100, height: 760 } });
  watch(designPage);
  await designPage.goto(`${origin}/?design=${designCode}&black=human`);
  await boardReady(designPage);
  const designed = await designPage.evaluate(() => document.documentElement.dataset.variant);
  if (designed !== "stride") fail(`the design link opened '${designed}', not the design`);
  await captureB1A1(designPage);
  const designShot = shot("design");
  await designPage.screenshot({ path: designShot });
  console.log(`web check: a design from the address (${designCode.length} characters) played; screenshot ${designShot}`);
  await designPage.close();

  // A browser whose language is German: the page speaks German (its
  // `lang`, the side panel's status line), with nothing chosen in Settings.
  const germanContext = await browser.newContext({ viewport: { width: 1100, height: 760 }, locale: "de-DE" });
  const german = await germanContext.newPage();
  watch(german);
  await german.goto(twoPlayers);
  await boardReady(german);
  const [pageLanguage, status] = await german.evaluate(() => [
    document.documentElement.lang,
    document.documentElement.dataset.status,
  ]);
  if (pageLanguage !== "de") fail(`a German browser's page says lang="${pageLanguage}"`);
  if (!/^Weiß/.test(status ?? "")) fail(`a German browser's page shows '${status}' for White to move`);
  const germanShot = shot("german");
  await german.waitForTimeout(500);
  await german.screenshot({ path: germanShot });
  console.log(`web check: a German browser gets the game in German ('${status}'); screenshot ${germanShot}`);
  await germanContext.close();

  // Settings live in local storage: flip the board, reload, and it stays
  // flipped. Copy position puts the position on the clipboard, and a pasted
  // position can be played from. (The side panel's widgets sit where this
  // window size and font put them.)
  const storageContext = await browser.newContext({ viewport: { width: 1100, height: 760 } });
  await storageContext.grantPermissions(["clipboard-read", "clipboard-write"]);
  const stored = await storageContext.newPage();
  watch(stored);
  await stored.goto(twoPlayers);
  await boardReady(stored);
  const a1Before = await stored.evaluate(() => document.documentElement.dataset.squares.split(";")[0]);
  await clickControls(stored, "view-menu", "flip-board");
  await stored.waitForFunction(
    () => (localStorage.getItem("burrow-settings") ?? "").includes("flipped = true"),
    null,
    { timeout: 10_000 },
  );
  await clickControls(stored, "game-menu", "copy-position");
  await stored.waitForTimeout(500);
  const copied = await stored.evaluate(() => navigator.clipboard.readText());
  const shown = await stored.evaluate(() => document.documentElement.dataset.position);
  if (copied.trim() !== shown) fail(`Copy position put '${copied}' on the clipboard, not '${shown}'`);
  // Paste a position into the text box and play from it. Headless
  // Chromium does not paste on Ctrl+V by itself, so the test sends the
  // page's paste event, as a browser does, along with the key press.
  const pasted = "WB2/4/4/2BW W";
  await clickControls(stored, "game-menu", "records", "record-text");
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
  await clickControls(stored, "play-position");
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

  // Records as files: play a capture, download the record, start again,
  // and open the downloaded file; a file that is no record is refused and
  // the game in play stays.
  await captureB1A1(stored);
  const played = await stored.evaluate(() => document.documentElement.dataset.position);
  await clickControls(stored, "game-menu", "records");
  const [download] = await Promise.all([
    stored.waitForEvent("download", { timeout: 10_000 }),
    stored.mouse.click(...(await control(stored, "download-record"))),
  ]);
  const record = await readFile(await download.path(), "utf8");
  if (!/^1\. b1xa1/m.test(record)) fail(`the downloaded record (${download.suggestedFilename()}) lacks the turn played: ${record}`);
  console.log(`web check: Download record gave ${download.suggestedFilename()} (${record.length} bytes)`);
  const openFile = async (name, text) => {
    await clickControls(stored, "game-menu", "records");
    const at = await control(stored, "open-record");
    const [chooser] = await Promise.all([
      stored.waitForEvent("filechooser", { timeout: 10_000 }),
      stored.mouse.click(...at),
    ]);
    await chooser.setFiles({ name, mimeType: "text/plain", buffer: Buffer.from(text) });
  };
  await stored.reload();
  await boardReady(stored);
  await openFile("not-a-record.txt", "this is not a game record");
  await stored.waitForTimeout(800);
  const untouched = await stored.evaluate(() => document.documentElement.dataset.turns);
  if (untouched !== "0") fail(`a file that is no record changed the game (turns ${untouched})`);
  await openFile(download.suggestedFilename(), record);
  await stored.waitForFunction(
    (text) => document.documentElement.dataset.position === text,
    played,
    { timeout: 10_000 },
  );
  console.log("web check: the downloaded record opened from a file; a file that is no record was refused");
  await storageContext.close();

  // A game kept in the page's storage: a turn played, the page closed in
  // the middle of the game, and the next visit's title screen offers it
  // back; Continue puts it on the board at its last turn.
  const savedContext = await browser.newContext({ viewport: { width: 1100, height: 760 } });
  const leaving = await savedContext.newPage();
  watch(leaving);
  await leaving.goto(twoPlayers);
  await boardReady(leaving);
  await captureB1A1(leaving);
  const leftAt = await leaving.evaluate(() => document.documentElement.dataset.position);
  await leaving.waitForFunction(
    () => (localStorage.getItem("burrow-saved-game") ?? "").includes("b1xa1"),
    null,
    { timeout: 10_000 },
  );
  await leaving.close();
  const back = await savedContext.newPage();
  watch(back);
  await back.goto(`${origin}/`);
  await clickControls(back, "continue");
  await back.waitForFunction(
    (text) => {
      const html = document.documentElement;
      return html.dataset.screen === "playing" && html.dataset.turns === "1" && html.dataset.position === text;
    },
    leftAt,
    { timeout: 30_000 },
  );
  console.log("web check: a game left in the middle continued at its last turn on the next visit");
  await savedContext.close();

  const touchContext = await browser.newContext({
    viewport: { width: 1100, height: 760 },
    hasTouch: true,
  });
  const touch = await touchContext.newPage();
  watch(touch);
  await touch.goto(twoPlayers);
  await boardReady(touch);
  await captureB1A1(touch, { touch: true });
  console.log("web check: a capture played by touch");
  await touchContext.close();

  // The review on the page: its picture comes as a PNG download.
  const reviewContext = await browser.newContext({ viewport: { width: 1100, height: 760 } });
  const reviewPage = await reviewContext.newPage();
  watch(reviewPage);
  await reviewPage.goto(twoPlayers);
  await boardReady(reviewPage);
  await reviewPage.waitForFunction(() => Number(document.documentElement.dataset.frames) > 3, null, { timeout: 60_000 });
  await captureB1A1(reviewPage);
  await reviewPage.waitForTimeout(1000);
  await reviewPage.mouse.click(...(await control(reviewPage, "review")));
  await reviewPage.waitForTimeout(2500);
  await reviewPage.screenshot({ path: shot("review") });
  const pictureButton = await control(reviewPage, "save-picture");
  const [picture] = await Promise.all([
    reviewPage.waitForEvent("download", { timeout: 30_000 }),
    reviewPage.mouse.click(...pictureButton),
  ]);
  const png = await readFile(await picture.path());
  if (png.subarray(1, 4).toString() !== "PNG" || png.length < 10_000) {
    fail(`Download picture gave ${picture.suggestedFilename()}, ${png.length} bytes, not a PNG of the window`);
  }
  console.log(`web check: the review's Download picture gave ${picture.suggestedFilename()} (${png.length} bytes PNG); screenshot ${shot("review")}`);
  await reviewContext.close();

  // A phone held upright: the panel goes below the board, the board fits
  // the width, and a tap still plays. (At one pixel per CSS pixel: an
  // emulated pixel ratio changes devicePixelRatio but not the sizes the
  // page measures, which halves the game's window here though not on a
  // real phone.)
  const phoneContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
  });
  const phone = await phoneContext.newPage();
  watch(phone);
  await phone.goto(twoPlayers);
  await boardReady(phone);
  // The page settles its size and pixel ratio in its first frames.
  const above = () => {
    const [l, t, w, h] = (document.documentElement.dataset.board ?? "").split(",").map(Number);
    return l >= 0 && l + w <= innerWidth + 1 && t >= 0 && t + h <= innerHeight * 0.6;
  };
  await phone.waitForFunction(above, null, { timeout: 20_000 }).catch(() => {});
  const [left, top, width, height] = (await phone.evaluate(() => document.documentElement.dataset.board))
    .split(",")
    .map(Number);
  if (!(await phone.evaluate(above))) {
    fail(`on a phone the board is at ${left},${top} ${width}x${height}: not above the panel and inside the width`);
  }
  if (width < 300) fail(`on a phone the board is only ${width} px wide`);
  await captureB1A1(phone, { touch: true });
  await phone.waitForTimeout(1200);
  await phone.screenshot({ path: shot("phone") });
  console.log(`web check: on a 390x844 phone the board is ${width}x${height} at ${left},${top}, the panel below; a tap played; screenshot ${shot("phone")}`);
  await phoneContext.close();

  // Offline: once the service worker holds the site, a visit with the
  // network cut opens the game.
  const offlineContext = await browser.newContext({ viewport: { width: 1100, height: 760 } });
  const offline = await offlineContext.newPage();
  watch(offline);
  await offline.goto(twoPlayers);
  await boardReady(offline);
  await offline.waitForFunction(() => document.documentElement.dataset.offline === "ready", null, { timeout: 60_000 });
  const firstBuild = await offline.evaluate(() => document.documentElement.dataset.build);
  await offlineContext.setOffline(true);
  await offline.reload();
  await boardReady(offline);
  await offline.waitForFunction(() => Number(document.documentElement.dataset.frames) > 3, null, { timeout: 60_000 });
  const offlineAt = await offline.evaluate(() => document.documentElement.dataset.boardAt);
  await offline.screenshot({ path: shot("offline") });
  console.log(`web check: with the network cut the page opened from the service worker's copy (board at ${offlineAt} ms); screenshot ${shot("offline")}`);

  // A new build: the site's build name changes (as a rebuild changes it);
  // the next visit installs it, and the old cache goes.
  await offlineContext.setOffline(false);
  const nextBuild = `${firstBuild}n`;
  for (const name of ["index.html", "sw.js"]) {
    const path = join(site, name);
    await writeFile(path, (await readFile(path, "utf8")).split(firstBuild).join(nextBuild));
    await rm(`${path}.br`, { force: true });
    await rm(`${path}.gz`, { force: true });
  }
  await offline.reload();
  await boardReady(offline);
  let cacheNames = [];
  for (let i = 0; i < 240; i++) {
    cacheNames = await offline.evaluate(() => caches.keys());
    if (JSON.stringify(cacheNames) === JSON.stringify([`burrow-${nextBuild}`])) break;
    await offline.waitForTimeout(250);
  }
  if (JSON.stringify(cacheNames) !== JSON.stringify([`burrow-${nextBuild}`])) {
    fail(`after a new build the caches are ${JSON.stringify(cacheNames)}`);
  }
  await offline.reload();
  await boardReady(offline);
  const shownBuild = await offline.evaluate(() => document.documentElement.dataset.build);
  if (shownBuild !== nextBuild) fail(`after a new build the page still runs build ${shownBuild}`);
  console.log(`web check: a new build (${nextBuild}) replaced the cached one (${firstBuild}); the old cache is gone`);
  await offlineContext.close();
} catch (error) {
  fail(String(error));
} finally {
  await browser.close();
  server.close();
  await rm(site, { recursive: true, force: true });
}
finish();
