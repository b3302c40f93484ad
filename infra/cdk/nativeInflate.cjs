// Bundled in place of `tiny-inflate` (tinf in plain JavaScript), which fontkit and unicode-trie
// call at load to unpack their Unicode and shaping tables: the same contract (raw DEFLATE
// `source` into `dest`; the filled part when shorter) on Node's native zlib, about 30 ms less of
// every drawing function's cold start. test/infra/nativeInflate.test.ts holds it to tiny-inflate.
const { inflateRawSync } = require('node:zlib');

module.exports = function inflate(source, dest) {
  const out = inflateRawSync(source, { maxOutputLength: Math.max(dest.length, 1) });
  dest.set(out);
  return out.length < dest.length ? dest.slice(0, out.length) : dest;
};
