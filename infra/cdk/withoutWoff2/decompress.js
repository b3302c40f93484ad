// Bundled in place of the `brotli` package, which fontkit imports only to read WOFF2 fonts: the
// functions ship TrueType and WOFF 1 files and never read WOFF2, so 475 KiB of decoder stay out.
export default function decompress() {
  throw new Error('WOFF2 fonts are not read by this function');
}
