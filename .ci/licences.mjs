// Writes the licences of everything a build of Burrow carries: every crate
// compiled into the program for a target and a feature set (dependencies of
// build scripts and procedural macros run only at build time and are left
// out), each with its licence expression and the full text of every licence
// file it ships (LICENSE*, COPYING*, NOTICE*, and font licences such as the
// Ubuntu Font Licence beside a crate's fonts); and, for the game, the fonts
// the game draws with (assets/fonts, cut from egui's by .ci/fonts) with
// their licence texts.
//
//   node .ci/licences.mjs <game|headless> <target triple>   > THIRD-PARTY.txt
//
// It reads `cargo metadata` (the lock file's exact versions and the crates'
// sources in cargo's registry), so it needs no tool of its own; a crate that
// ships no licence file is listed with its expression and named on stderr.

import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";

const [features, target] = process.argv.slice(2);
if (!["game", "headless"].includes(features) || !target) {
  console.error("usage: node .ci/licences.mjs <game|headless> <target triple>");
  process.exit(2);
}

const args = ["metadata", "--format-version", "1", "--locked", "--filter-platform", target];
if (features === "headless") args.push("--no-default-features");
// The web build compiles its own std, but metadata needs only the lock file.
const metadata = JSON.parse(
  execFileSync("cargo", args, { encoding: "utf8", maxBuffer: 256 << 20, cwd: new URL("..", import.meta.url) }),
);

const packages = new Map(metadata.packages.map((p) => [p.id, p]));
const nodes = new Map(metadata.resolve.nodes.map((n) => [n.id, n]));
const root = metadata.resolve.root;

// The crates linked into the program: normal dependencies only, from the root.
const linked = new Set();
const queue = [root];
while (queue.length > 0) {
  const id = queue.pop();
  if (linked.has(id)) continue;
  linked.add(id);
  for (const dep of nodes.get(id)?.deps ?? []) {
    const normal = dep.dep_kinds.some((k) => k.kind === null);
    const macro = packages.get(dep.pkg)?.targets.some((t) => t.kind.includes("proc-macro"));
    if (normal && !macro) queue.push(dep.pkg);
  }
}
linked.delete(root);

const LICENCE = /^(licen[cs]e|copying|notice|copyright|unlicense|ofl|ufl)([-._].*)?$|license\.txt$/i;

// Licence files of a crate: at its top, in a licences folder, and the .txt
// beside the fonts of a fonts folder.
function licenceFiles(dir) {
  const found = [];
  const walk = (folder, depth) => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      const isDir = statSync(path).isDirectory();
      if (isDir && depth === 0 && /^(licen[cs]es?|fonts)$/i.test(name)) walk(path, 1);
      else if (!isDir && (LICENCE.test(name) || (/fonts$/i.test(folder) && name.endsWith(".txt")))) {
        found.push(path);
      }
    }
  };
  walk(dir, 0);
  return found;
}

// Many crates ship the same text (the Apache licence word for word): each
// distinct text is written once, at the end, and the crates point to it.
const texts = new Map();
const out = [];
out.push("Burrow's own code is licensed MIT OR Apache-2.0 (licences/MIT.txt, licences/Apache-2.0.txt).");
out.push(`It carries the following ${linked.size} crates (${features} build for ${target}), each under its own`);
out.push("licence; the full texts of their licence files follow the list, each text once.");
out.push("");
const missing = [];
const sorted = [...linked]
  .map((id) => packages.get(id))
  .sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
for (const pkg of sorted) {
  const dir = dirname(pkg.manifest_path);
  const files = licenceFiles(dir);
  if (files.length === 0) missing.push(`${pkg.name} ${pkg.version}`);
  const refs = files.map((file) => {
    const text = readFileSync(file, "utf8").replace(/\r\n/g, "\n").trimEnd();
    if (!texts.has(text)) texts.set(text, texts.size + 1);
    return `${relative(dir, file)} (text ${texts.get(text)})`;
  });
  out.push(`${pkg.name} ${pkg.version}: ${pkg.license ?? "(no licence expression)"}`);
  if (pkg.repository) out.push(`  ${pkg.repository}`);
  out.push(`  ${refs.length > 0 ? refs.join(", ") : "no licence file in the crate: the standard text of its licence applies"}`);
}
// The game's own fonts, compiled into the program from assets/fonts.
if (features === "game") {
  const fonts = new URL("../assets/fonts/", import.meta.url).pathname;
  const refs = readdirSync(fonts)
    .filter((name) => name.endsWith(".txt"))
    .sort()
    .map((name) => {
      const text = readFileSync(join(fonts, name), "utf8").replace(/\r\n/g, "\n").trimEnd();
      if (!texts.has(text)) texts.set(text, texts.size + 1);
      return `${name} (text ${texts.get(text)})`;
    });
  const ttf = readdirSync(fonts).filter((name) => name.endsWith(".ttf")).sort();
  out.push("");
  out.push(`The fonts ${ttf.join(" and ")}: Ubuntu Light and Hack, cut down (Ubuntu Font Licence 1.0; Hack: MIT and the Bitstream Vera licence)`);
  out.push(`  ${refs.join(", ")}`);
}
for (const [text, n] of texts) {
  out.push("");
  out.push("=".repeat(78));
  out.push(`Text ${n}`);
  out.push("=".repeat(78));
  out.push(text);
}
process.stdout.write(out.join("\n") + "\n");
if (missing.length > 0) {
  console.error(`licences: ${missing.length} crates ship no licence file (their expression is listed): ${missing.join(", ")}`);
}
