// Turns a screen dump of X (`xwd -root`, 24 or 32 bits a pixel) into a PNG
// and prints how many colours it shows (a window that drew nothing shows
// one or two): the release check's look at a package's window.
//
//   node .ci/screen.mjs <dump.xwd> <picture.png>

import { readFileSync, writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

const [dumpPath, pngPath] = process.argv.slice(2);
if (!dumpPath || !pngPath) {
  console.error("usage: node .ci/screen.mjs <dump.xwd> <picture.png>");
  process.exit(2);
}

const dump = readFileSync(dumpPath);
// The header: 25 big-endian 32-bit fields, then the window's name.
const field = (i) => dump.readUInt32BE(i * 4);
const headerSize = field(0);
const [width, height] = [field(4), field(5)];
const byteOrder = field(7); // 0: least significant byte first
const bitsPerPixel = field(11);
const bytesPerLine = field(12);
const colourMapEntries = field(19);
if (bitsPerPixel !== 32 && bitsPerPixel !== 24) {
  console.error(`screen: ${bitsPerPixel} bits a pixel is not read here`);
  process.exit(1);
}
const pixels = headerSize + colourMapEntries * 12;
const step = bitsPerPixel / 8;

// PNG rows: a filter byte (none), then red, green, blue.
const raw = Buffer.alloc(height * (1 + width * 3));
const seen = new Set();
for (let y = 0; y < height; y++) {
  raw[y * (1 + width * 3)] = 0;
  for (let x = 0; x < width; x++) {
    const at = pixels + y * bytesPerLine + x * step;
    const value = byteOrder === 0 ? dump.readUIntLE(at, 3) : dump.readUIntBE(at + step - 3, 3);
    const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
    const out = y * (1 + width * 3) + 1 + x * 3;
    raw[out] = r;
    raw[out + 1] = g;
    raw[out + 2] = b;
    if (x % 5 === 0 && y % 5 === 0) seen.add((r >> 4) * 256 + (g >> 4) * 16 + (b >> 4));
  }
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc = (bytes) => {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 255] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, body) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, "ascii");
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, tail]);
};
const ihdr = Buffer.alloc(13);
ihdr.writeUInt32BE(width, 0);
ihdr.writeUInt32BE(height, 4);
ihdr[8] = 8; // bits a channel
ihdr[9] = 2; // RGB
writeFileSync(
  pngPath,
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]),
);
console.log(seen.size);
