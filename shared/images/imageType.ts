/** The picture formats we inline, recognised by their first bytes whatever the server claims. */
const SIGNATURES: { mime: string; matches: (bytes: Uint8Array) => boolean }[] = [
  { mime: 'image/png', matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { mime: 'image/jpeg', matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { mime: 'image/gif', matches: (b) => ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a') },
  { mime: 'image/webp', matches: (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP') },
];

const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);
const ascii = (bytes: Uint8Array, at: number, text: string) =>
  startsWith(
    bytes.subarray(at),
    [...text].map((c) => c.charCodeAt(0)),
  );

export function sniffImageType(bytes: Uint8Array): string | undefined {
  return SIGNATURES.find((signature) => signature.matches(bytes))?.mime;
}
