import { inflateSync } from 'node:zlib';

/**
 * WOFF 1.0 to the TrueType/OpenType file it wraps (Fontsource publishes Noto subsets as WOFF), with
 * Node's native zlib rather than fontkit's JavaScript inflater. Throws on anything that is not a
 * well-formed WOFF.
 */
const SIGNATURE = 0x774f4646; // 'wOFF'
const HEADER_BYTES = 44;
const ENTRY_BYTES = 20;

interface TableEntry {
  tag: number;
  checksum: number;
  data: Buffer;
}

function readTables(woff: Buffer): { flavor: number; tables: TableEntry[] } {
  if (woff.length < HEADER_BYTES || woff.readUInt32BE(0) !== SIGNATURE) throw new Error('not a WOFF file');
  const count = woff.readUInt16BE(12);
  if (count === 0 || HEADER_BYTES + count * ENTRY_BYTES > woff.length)
    throw new Error('WOFF table directory out of bounds');
  const tables = Array.from({ length: count }, (_, i) => {
    const at = HEADER_BYTES + i * ENTRY_BYTES;
    const [offset, stored, length] = [woff.readUInt32BE(at + 4), woff.readUInt32BE(at + 8), woff.readUInt32BE(at + 12)];
    if (offset + stored > woff.length || stored > length) throw new Error('WOFF table out of bounds');
    const raw = woff.subarray(offset, offset + stored);
    const data = stored < length ? inflateSync(raw, { maxOutputLength: length }) : raw;
    if (data.length !== length) throw new Error('WOFF table does not inflate to its declared length');
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data };
  });
  return { flavor: woff.readUInt32BE(4), tables };
}

export function woffToSfnt(woff: Buffer): Buffer {
  const { flavor, tables } = readTables(woff);
  const n = tables.length;
  const entrySelector = Math.floor(Math.log2(n));
  const searchRange = 2 ** entrySelector * 16;
  const directory = Buffer.alloc(12 + 16 * n);
  directory.writeUInt32BE(flavor, 0);
  directory.writeUInt16BE(n, 4);
  directory.writeUInt16BE(searchRange, 6);
  directory.writeUInt16BE(entrySelector, 8);
  directory.writeUInt16BE(n * 16 - searchRange, 10);
  const parts: Buffer[] = [directory];
  let offset = directory.length;
  tables.forEach(({ tag, checksum, data }, i) => {
    const at = 12 + i * 16;
    directory.writeUInt32BE(tag, at);
    directory.writeUInt32BE(checksum, at + 4);
    directory.writeUInt32BE(offset, at + 8);
    directory.writeUInt32BE(data.length, at + 12);
    const padding = Buffer.alloc((4 - (data.length % 4)) % 4);
    parts.push(data, padding);
    offset += data.length + padding.length;
  });
  return Buffer.concat(parts);
}
