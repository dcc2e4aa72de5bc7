// What the browser checks (check.mjs, online.mjs, reader.mjs) share: a
// check's report of its failures, Chromium, a `burrow serve` of the built
// site, and reading and waiting on what the game publishes on its page
// (`data-*` of the document, with the test hooks of the `checks` feature).
//
// playwright-core comes from npm (see .ci/web): from where
// $BURROW_TOOLS_REQUIRE names, or else beside these files; the browser is
// Debian's /usr/bin/chromium (or $CHROMIUM).

import { execFileSync, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { createInterface } from "node:readline";

const require = createRequire(process.env.BURROW_TOOLS_REQUIRE ?? import.meta.url);
const { chromium } = require("playwright-core");

// Headless Chromium, drawing with software WebGL, with none of its own
// background traffic (updates, sync).
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
      "--disable-quic", "--no-first-run", "--disable-component-update", "--disable-sync",
      "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
    ],
  });
}

// A check's report, each line beginning with `name: `. `fail(message)`
// prints the message after `failed` ("FAILED: " unless told) and marks the
// run failed, and the check goes on; `watch(page)` keeps the page's console errors and uncaught
// exceptions; `finish()` fails on each of those, then ends the run if
// anything failed, or says the check passed.
export function report(name, failed = "FAILED: ") {
  const problems = [];
  function fail(message) {
    console.error(`${name}: ${failed}${message}`);
    process.exitCode = 1;
  }
  function watch(page) {
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(`console error: ${m.text()}`);
    });
  }
  function finish() {
    for (const problem of problems) fail(problem);
    if (process.exitCode) process.exit(process.exitCode);
    console.log(`${name}: passed`);
  }
  return { fail, watch, finish };
}

// The screenshots named after `screenshot`: `shots("a.png")("host")` is
// "a-host.png".
export const shots = (screenshot) => (name) => screenshot.replace(/\.png$/, `-${name}.png`);

// Starts `burrow serve` on `listen`, serving `site` and keeping its games
// in a SQLite database in the folder `data` (the same games each time it
// starts on the same folder). The child process (`child`) and its address
// once it listens (`address`, a promise).
export function startServer(burrow, site, data, listen) {
  const child = spawn(
    burrow,
    ["serve", "--listen", listen, "--site", site, "--database", `sqlite://${data}/games.sqlite?mode=rwc`],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const address = new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once("line", (line) => {
      const match = line.match(/listening on (http:\/\/\S+)/);
      if (match) resolve(match[1]);
      else reject(new Error(`the server said: ${line}`));
    });
    child.once("exit", (code) => reject(new Error(`burrow serve exited (${code})`)));
  });
  return { child, address };
}

// The legal turns of `variant` from a position, as `burrow moves --played`
// writes them.
export function legalTurns(burrow, variant, position) {
  return execFileSync(burrow, ["moves", "--variant", variant, "--position", position, "--played"], {
    encoding: "utf8",
  })
    .split("\n")
    .filter(Boolean);
}

// A page in a fresh browser context (1100x760, in the language `locale`
// if given), watched by `watch`; `prepare(page)`, if given, runs before
// the page goes to `url`.
export async function openPage(browser, watch, url, { locale, prepare } = {}) {
  const viewport = { width: 1100, height: 760 };
  const context = await browser.newContext(locale === undefined ? { viewport } : { viewport, locale });
  const page = await context.newPage();
  watch(page);
  if (prepare) await prepare(page);
  await page.goto(url);
  return page;
}

// What the game publishes on the page as `data-NAME`, or "" when nothing.
export const attr = (page, name) => page.evaluate((n) => document.documentElement.dataset[n] ?? "", name);

// Asks `test` every tenth of a second until it gives something true, and
// gives that; past `timeout` ms it throws, naming `what` (text, or a
// function that finds the text then).
export async function waitFor(page, what, test, timeout = 120_000) {
  const start = Date.now();
  for (;;) {
    const value = await test();
    if (value) return value;
    if (Date.now() - start > timeout) {
      const said = typeof what === "function" ? await what() : what;
      throw new Error(`timed out waiting for ${said}`);
    }
    await page.waitForTimeout(100);
  }
}

// Each square's centre in page pixels, from the page's `data-squares`.
export async function squareCentres(page) {
  const published = await attr(page, "squares");
  return Object.fromEntries(
    published.split(";").map((entry) => {
      const [square, xy] = entry.split(":");
      return [square, xy.split(",").map(Number)];
    }),
  );
}
