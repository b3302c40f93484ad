import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';
import { interFile, notoFile } from '../../shared/fonts/fontFiles';
import { woffToSfnt } from '../../shared/fonts/woff';

/** The tables of an SFNT file by tag, as stored. */
function sfntTables(sfnt: Buffer): Map<string, { checksum: number; data: Buffer }> {
  const tables = new Map<string, { checksum: number; data: Buffer }>();
  for (let i = 0; i < sfnt.readUInt16BE(4); i += 1) {
    const at = 12 + i * 16;
    const [offset, length] = [sfnt.readUInt32BE(at + 8), sfnt.readUInt32BE(at + 12)];
    tables.set(sfnt.toString('latin1', at, at + 4), {
      checksum: sfnt.readUInt32BE(at + 4),
      data: sfnt.subarray(offset, offset + length),
    });
  }
  return tables;
}

/** WOFF 1.0 written the way the spec says: tables compressed where that helps, the first one stored as is. */
function toWoff(sfnt: Buffer): Buffer {
  const tables = [...sfntTables(sfnt)];
  const header = Buffer.alloc(44 + tables.length * 20);
  header.writeUInt32BE(0x774f4646, 0);
  header.writeUInt32BE(sfnt.readUInt32BE(0), 4);
  header.writeUInt16BE(tables.length, 12);
  const bodies: Buffer[] = [];
  let offset = header.length;
  tables.forEach(([tag, { checksum, data }], i) => {
    const compressed = i === 0 ? data : deflateSync(data);
    const body = compressed.length < data.length ? compressed : data;
    const at = 44 + i * 20;
    header.write(tag, at, 'latin1');
    header.writeUInt32BE(offset, at + 4);
    header.writeUInt32BE(body.length, at + 8);
    header.writeUInt32BE(data.length, at + 12);
    header.writeUInt32BE(checksum, at + 16);
    const padded = Buffer.concat([body, Buffer.alloc((4 - (body.length % 4)) % 4)]);
    bodies.push(padded);
    offset += padded.length;
  });
  const woff = Buffer.concat([header, ...bodies]);
  woff.writeUInt32BE(woff.length, 8);
  return woff;
}

describe('woffToSfnt', () => {
  const inter = readFileSync(interFile('regular'));

  test('gives back every table byte for byte, 4-byte aligned, behind a valid directory', () => {
    const sfnt = woffToSfnt(toWoff(inter));
    const [original, unwrapped] = [sfntTables(inter), sfntTables(sfnt)];
    expect([...unwrapped.keys()]).toEqual([...original.keys()]);
    for (const [tag, table] of original) {
      expect(unwrapped.get(tag)?.data.equals(table.data)).toBe(true);
      expect(unwrapped.get(tag)?.checksum).toBe(table.checksum);
    }
    for (let i = 0; i < sfnt.readUInt16BE(4); i += 1) expect(sfnt.readUInt32BE(12 + i * 16 + 8) % 4).toBe(0);
    const n = original.size;
    expect([sfnt.readUInt16BE(6), sfnt.readUInt16BE(8), sfnt.readUInt16BE(10)]).toEqual([
      2 ** Math.floor(Math.log2(n)) * 16,
      Math.floor(Math.log2(n)),
      n * 16 - 2 ** Math.floor(Math.log2(n)) * 16,
    ]);
  });

  test('a published Noto subset unwraps to one shaping like the WOFF (Arabic joins, Devanagari)', () => {
    for (const [woffFile, text] of [
      [notoFile('noto-sans-arabic', 'arabic', 'regular'), 'محمد علي'],
      [notoFile('noto-sans-devanagari', 'devanagari', 'bold'), 'राहुल कि'],
    ] as const) {
      const woff = readFileSync(woffFile);
      const [fromWoff, fromSfnt] = [woff, woffToSfnt(woff)].map((bytes) => fontkit.create(bytes) as fontkit.Font) as [
        fontkit.Font,
        fontkit.Font,
      ];
      expect(fromSfnt.numGlyphs).toBe(fromWoff.numGlyphs);
      const [a, b] = [fromWoff.layout(text), fromSfnt.layout(text)];
      expect(b.glyphs.map((g) => g.id)).toEqual(a.glyphs.map((g) => g.id));
      expect(b.glyphs.every((g) => g.id !== 0)).toBe(true);
      expect(b.positions).toEqual(a.positions);
    }
  });

  test.each([
    ['not a WOFF file', () => inter, /not a WOFF file/],
    ['a header cut short', () => toWoff(inter).subarray(0, 40), /not a WOFF file/],
    ['a directory past the end', () => toWoff(inter).subarray(0, 60), /directory out of bounds/],
    ['a table past the end', () => toWoff(inter).subarray(0, toWoff(inter).length - 100), /table out of bounds/],
    [
      'a table that inflates to another length',
      () => {
        const woff = toWoff(inter);
        woff.writeUInt32BE(woff.readUInt32BE(44 + 20 + 12) + 4, 44 + 20 + 12);
        return woff;
      },
      /declared length/,
    ],
  ])('refuses %s', (_name, bytes, message) => {
    expect(() => woffToSfnt(bytes())).toThrow(message);
  });
});
