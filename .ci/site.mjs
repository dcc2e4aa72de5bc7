// Finishes the web build's site: copies the page's files from assets/web
// next to the wasm-bindgen output, writes the build's name, the wasm's size
// and the file list into the page and the service worker, and stores a
// brotli (`.br`) and a gzip (`.gz`) copy of every text and wasm file for the
// server to send as they are. Prints the wasm's three sizes.
//
//   node .ci/site.mjs <assets/web> <site folder>

import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFile, readFile, readdir, stat, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const [assets, site] = process.argv.slice(2);
if (!assets || !site) {
  console.error("usage: node .ci/site.mjs <assets/web> <site folder>");
  process.exit(2);
}

async function files(folder) {
  const found = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...(await files(path)));
    else found.push(path);
  }
  return found;
}

for (const name of await readdir(assets)) await copyFile(join(assets, name), join(site, name));

// The languages other than English, one file each (`lang-fr.txt`): the
// game's Fluent files of that language without their comment lines (notes
// for translators), which the page fetches when the language is the
// player's (src/lang/mod.rs). English, which every language falls back on,
// is in the wasm.
{
  const folder = new URL("../assets/lang/", import.meta.url);
  for (const code of (await readdir(folder)).sort()) {
    if (code === "en") continue;
    const parts = [];
    for (const file of (await readdir(new URL(`${code}/`, folder))).filter((f) => f.endsWith(".ftl")).sort()) {
      const text = await readFile(new URL(`${code}/${file}`, folder), "utf8");
      parts.push(text.split("\n").filter((line) => !line.startsWith("#")).join("\n"));
    }
    await writeFile(join(site, `lang-${code}.txt`), parts.join("\n"));
  }
}

const wasmPath = join(site, "burrow_bg.wasm");
const wasm = await readFile(wasmPath);
const hash = createHash("sha256");
for (const path of (await files(site)).sort()) hash.update(relative(site, path)).update(await readFile(path));
const build = hash.digest("hex").slice(0, 12);

const listed = (await files(site))
  .map((path) => relative(site, path).split("\\").join("/"))
  .filter((path) => path !== "sw.js" && !/\.(br|gz)$/.test(path))
  .map((path) => (path === "index.html" ? "./" : path))
  .sort();

const fill = async (name, values) => {
  let text = await readFile(join(site, name), "utf8");
  for (const [key, value] of Object.entries(values)) {
    if (!text.includes(key)) throw new Error(`${name} has no ${key} to fill in`);
    text = text.split(key).join(value);
  }
  await writeFile(join(site, name), text);
};
// The version players see: Cargo.toml's, and the commit when git knows it
// (BURROW_VERSION, when set, says it instead).
async function version() {
  if (process.env.BURROW_VERSION) return process.env.BURROW_VERSION;
  const manifest = await readFile(new URL("../Cargo.toml", import.meta.url), "utf8");
  const number = /^version = "([^"]+)"/m.exec(manifest)?.[1] ?? "?";
  try {
    const commit = execFileSync("git", ["rev-parse", "--short=9", "HEAD"], {
      encoding: "utf8",
      cwd: new URL("..", import.meta.url),
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    return `${number} (commit ${commit})`;
  } catch {
    return number;
  }
}
// The loader's words (the page's `page-*` messages of each language's
// catalogue), for the page to show before the game, which has the rest of
// the catalogue, is running. They are one-line messages whose arguments
// the page fills in.
async function pageWords() {
  const folder = new URL("../assets/lang/", import.meta.url);
  const words = {};
  for (const code of (await readdir(folder)).sort()) {
    const messages = {};
    const game = new URL(`${code}/game.ftl`, folder);
    for (const line of (await readFile(game, "utf8")).split("\n")) {
      const found = /^(page-[a-z-]+) = (.+)$/.exec(line);
      if (found) messages[found[1]] = found[2];
    }
    words[code] = messages;
  }
  return JSON.stringify(words);
}
await fill("index.html", {
  __WORDS__: await pageWords(),
  __WASM_BYTES__: String(wasm.length),
  __BUILD__: build,
  __VERSION__: await version(),
});
await fill("sw.js", { __BUILD__: build, __FILES__: JSON.stringify(listed, null, 2) });

// The gzip copies: Zopfli (25 iterations: 174 bytes smaller on the wasm
// than 15, for about 35 s more of the build) packs a deflate stream about
// 4% tighter than GNU gzip -9, which packs about 1% tighter than zlib's
// level 9; each is used when the one before is missing. Every gzip reader
// (every browser) reads all three.
function gzip(path, body) {
  try {
    return execFileSync("zopfli", ["--gzip", "--i25", "-c", path], { maxBuffer: 1 << 30 });
  } catch {}
  try {
    return execFileSync("gzip", ["-9", "-n", "-c"], { input: body, maxBuffer: 1 << 30 });
  } catch {
    return gzipSync(body, { level: 9 });
  }
}

const compressible = /\.(wasm|js|html|webmanifest|json|svg|txt)$/;
const sizes = {};
for (const path of await files(site)) {
  if (!compressible.test(path)) continue;
  const body = await readFile(path);
  const gz = gzip(path, body);
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_LGWIN]: 24,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  await writeFile(`${path}.gz`, gz);
  await writeFile(`${path}.br`, br);
  sizes[relative(site, path)] = { raw: body.length, gz: gz.length, br: br.length };
}
const kib = (n) => `${Math.round(n / 1024).toLocaleString("en")} KiB`;
const w = sizes["burrow_bg.wasm"];
console.log(`web: build ${build}; burrow_bg.wasm ${kib(w.raw)} raw, ${kib(w.gz)} gzip, ${kib(w.br)} brotli`);
const total = Object.values(sizes).reduce(
  (sum, s) => ({ raw: sum.raw + s.raw, gz: sum.gz + s.gz, br: sum.br + s.br }),
  { raw: 0, gz: 0, br: 0 },
);
const pictures = (await files(site)).filter((p) => p.endsWith(".png"));
let pictureBytes = 0;
for (const p of pictures) pictureBytes += (await stat(p)).size;
console.log(
  `web: whole site ${kib(total.raw + pictureBytes)} raw, ${kib(total.gz + pictureBytes)} gzip, ${kib(total.br + pictureBytes)} brotli (${pictures.length} icons ${kib(pictureBytes)})`,
);
await writeFile(join(site, "sizes.json"), JSON.stringify({ build, files: sizes }, null, 2));
