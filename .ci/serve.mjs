// Serves the web build (dist/web) as a static host should: each file with its
// media type, the precompressed `.br` or `.gz` sibling when the browser
// accepts that encoding (with `Content-Encoding` and `Vary`), validators so a
// reload or the service worker's precache costs a 304, and a clear 404.
// `bash .ci/web serve` runs it; the browser check imports `serveSite`.
//
//   node .ci/serve.mjs <site folder> [port]

import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";

export const mediaTypes = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=utf-8",
};

// Encodings the site ships precompressed, best first.
const encodings = [
  ["br", ".br"],
  ["gzip", ".gz"],
];

function accepted(header, coding) {
  return (header ?? "")
    .split(",")
    .map((part) => part.trim().split(";"))
    .some(([name, ...params]) => name === coding && !params.some((p) => p.trim() === "q=0"));
}

async function fileIfAny(path) {
  try {
    const info = await stat(path);
    return info.isFile() ? info : null;
  } catch {
    return null;
  }
}

/// Answers one request from `root`. `log` receives a line a request.
export async function answer(root, request, response, log = () => {}) {
  const url = new URL(request.url, "http://localhost");
  let relative;
  try {
    relative = decodeURIComponent(url.pathname);
  } catch {
    response.writeHead(400, { "content-type": "text/plain" });
    response.end("bad address\n");
    return;
  }
  if (relative.endsWith("/")) relative += "index.html";
  const path = normalize(join(root, relative));
  if (path !== root && !path.startsWith(root + sep)) {
    response.writeHead(403, { "content-type": "text/plain" });
    response.end("outside the site\n");
    return;
  }
  if (request.method !== "GET" && request.method !== "HEAD") {
    response.writeHead(405, { allow: "GET, HEAD" });
    response.end();
    return;
  }
  const plain = await fileIfAny(path);
  if (!plain) {
    log(`404 ${url.pathname}`);
    response.writeHead(404, { "content-type": "text/plain" });
    response.end(`${url.pathname} is not part of this site\n`);
    return;
  }
  let chosen = { path, info: plain, coding: null };
  for (const [coding, suffix] of encodings) {
    if (!accepted(request.headers["accept-encoding"], coding)) continue;
    const info = await fileIfAny(path + suffix);
    if (info) {
      chosen = { path: path + suffix, info, coding };
      break;
    }
  }
  const etag = `"${plain.size.toString(16)}-${Math.floor(plain.mtimeMs).toString(16)}-${chosen.coding ?? "identity"}"`;
  const headers = {
    "content-type": mediaTypes[extname(path)] ?? "application/octet-stream",
    // Always ask again (cheap with the validator): a new build must be seen
    // at once; offline visits are the service worker's business.
    "cache-control": "no-cache",
    etag,
    vary: "Accept-Encoding",
  };
  if (chosen.coding) headers["content-encoding"] = chosen.coding;
  if (request.headers["if-none-match"] === etag) {
    response.writeHead(304, headers);
    response.end();
    return;
  }
  headers["content-length"] = chosen.info.size;
  log(`200 ${url.pathname} ${chosen.coding ?? "identity"} ${chosen.info.size}`);
  response.writeHead(200, headers);
  if (request.method === "HEAD") {
    response.end();
    return;
  }
  response.end(await readFile(chosen.path));
}

/// Starts serving `folder` on 127.0.0.1:`port` (0: any free port).
export function serveSite(folder, port = 0, log) {
  const root = resolve(folder);
  const server = createServer((request, response) => {
    answer(root, request, response, log).catch((error) => {
      response.writeHead(500, { "content-type": "text/plain" });
      response.end(`${error}\n`);
    });
  });
  return new Promise((ready, failed) => {
    server.once("error", failed);
    server.listen(port, "127.0.0.1", () => ready(server));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [folder, port = "8080"] = process.argv.slice(2);
  if (!folder) {
    console.error("usage: node .ci/serve.mjs <site folder> [port]");
    process.exit(2);
  }
  const server = await serveSite(folder, Number(port), (line) => console.log(line));
  console.log(`web: serving ${resolve(folder)} on http://127.0.0.1:${server.address().port} (Ctrl+C stops)`);
}
