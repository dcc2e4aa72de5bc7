// The web package as a visitor meets it: the unpacked site served as a
// static host serves it, opened in headless Chromium; the page loads the
// game, draws the board (the screenshot has the board's colours, not one
// flat colour) and names its version.
//
//   node tests/web/release.mjs <unpacked site> <expected version> <screenshot.png>

import { writeFile } from "node:fs/promises";
import { createRequire } from "node:module";

const require = createRequire(process.env.BURROW_TOOLS_REQUIRE ?? import.meta.url);
const { chromium } = require("playwright-core");
const { serveSite } = await import(new URL("../../.ci/serve.mjs", import.meta.url));

const [site, version, screenshot] = process.argv.slice(2);
if (!site || !version || !screenshot) {
  console.error("usage: node tests/web/release.mjs <site folder> <version> <screenshot.png>");
  process.exit(2);
}

const server = await serveSite(site, 0);
const url = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--no-first-run", "--disable-component-update", "--disable-sync",
    "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
  ],
});
let failed = false;
try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(url);
  const named = await page.locator('meta[name="version"]').getAttribute("content");
  if (named !== version) throw new Error(`the page names version '${named}', expected '${version}'`);
  // The loading note goes once the game has drawn its first frames.
  await page.waitForFunction(() => document.getElementById("loading") === null, null, {
    timeout: 120_000,
  });
  await page.waitForTimeout(1500);
  const png = await page.screenshot();
  await writeFile(screenshot, png);
  // Count the colours of the picture in the page itself (the browser reads PNG).
  const colours = await page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, image.width, image.height).data;
    const seen = new Set();
    for (let i = 0; i < pixels.length; i += 4 * 97) {
      seen.add((pixels[i] >> 4) * 256 + (pixels[i + 1] >> 4) * 16 + (pixels[i + 2] >> 4));
    }
    return seen.size;
  }, png.toString("base64"));
  if (colours < 8) throw new Error(`the page shows ${colours} colours: no board drawn (${screenshot})`);
  if (errors.length > 0) throw new Error(`the page failed: ${errors.join("; ")}`);
  console.log(`release: the site at ${url} drew the game (${colours} colours), version ${named}; ${screenshot}`);
} catch (error) {
  console.error(`release: the web package: ${error.message}`);
  failed = true;
} finally {
  await browser.close();
  server.close();
}
process.exit(failed ? 1 : 0);
