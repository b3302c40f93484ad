import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import type { GroupManifest } from '../../shared/runtime/groupManifest';
import { PICTURE_PACKAGES } from './bundling';
import { fontCopyCommands, shippedBytes, type ShippedFile } from './fontShipping';
import { shellQuote } from './shellQuote';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const packageJson = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { dependencies: Record<string, string> };

export interface HookOptions {
  /** The checkout's root folder (its docs/openapi.json is shipped); the CDK app's by default. */
  root?: string;
  /** Lambda's CPU, for resvg's native binary. */
  cpu: 'arm64' | 'x64';
  /** The font files to copy; shippedFonts() by default. */
  fonts?: ShippedFile[];
}

/**
 * The commands CDK runs after esbuild, each through `bash -c` from the checkout: what a function
 * ships beside its bundle. Every path is quoted, so a checkout or output folder with a space works.
 */
export function afterBundlingCommands(ships: GroupManifest['ships'], output: string, options: HookOptions): string[] {
  const root = options.root ?? ROOT;
  return [
    ...(ships.fonts ? fontCopies(output, options.fonts) : []),
    ...(ships.rasteriser ? [rasteriserInstall(output, options.cpu)] : []),
    ...(ships.openApiDocument
      ? [`cp ${shellQuote(`${root}/docs/openapi.json`)} ${shellQuote(`${output}/openapi.json`)}`]
      : []),
  ];
}

/** The fonts and emoji beside a drawing function's bundle, checked against their size budget first. */
function fontCopies(output: string, fonts: ShippedFile[] | undefined): string[] {
  shippedBytes(fonts);
  return fontCopyCommands(`${output}/fonts`, fonts);
}

/**
 * resvg and the WebP decoder installed for Lambda's platform rather than this machine's: npm picks
 * resvg's optional package with the native binary by --os/--cpu/--libc (Lambda runs glibc Linux);
 * the decoder is WebAssembly, the same everywhere. Fetched from the npm registry (or npm's cache)
 * while bundling, at the versions package.json pins.
 */
function rasteriserInstall(output: string, cpu: HookOptions['cpu']): string {
  const packages = PICTURE_PACKAGES.map((name) => shellQuote(`${name}@${packageJson.dependencies[name]}`)).join(' ');
  return (
    `npm install --prefix ${shellQuote(output)} --no-save --no-package-lock --omit=dev --ignore-scripts ` +
    `--prefer-offline --no-audit --no-fund --loglevel=error --os=linux --cpu=${cpu} --libc=glibc ${packages}`
  );
}
