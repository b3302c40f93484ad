import { fileURLToPath } from 'node:url';

/**
 * How every function is bundled by esbuild: the CDK stack (NodejsFunction) and the cold-start
 * benchmark (esbuild directly) build from these, so what is measured is what is deployed.
 */
export const RASTERISER = '@resvg/resvg-js';
/** libwebp as WebAssembly: turns fetched WebP pictures into PNG, which resvg draws. */
export const WEBP_DECODER = '@jsquash/webp';
/**
 * What functions that answer images load at run time from node_modules beside their bundle rather
 * than from the bundle: resvg is a native addon, and the WebP decoder reads its .wasm file from
 * its package folder. Both are loaded on first use only.
 */
export const PICTURE_PACKAGES = [RASTERISER, WEBP_DECODER] as const;

/**
 * Packages replaced in every bundle: fontkit imports the `brotli` decoder (475 KiB) only to read
 * WOFF2 fonts, and the functions ship none; `tiny-inflate` unpacks fontkit's tables at load in
 * plain JavaScript, where Node's zlib does it natively; the DynamoDB document client is required
 * rather than imported (documentClient.mjs). Absolute paths: CDK runs esbuild in its output folder.
 */
export const ALIASES: Record<string, string> = {
  brotli: fileURLToPath(new URL('./withoutWoff2', import.meta.url)),
  'tiny-inflate': fileURLToPath(new URL('./nativeInflate.cjs', import.meta.url)),
  '@aws-sdk/lib-dynamodb': fileURLToPath(new URL('./documentClient.mjs', import.meta.url)),
};

/**
 * The AWS SDK modules the functions import, left to the Lambda runtime's copy rather than bundled:
 * bundled, they add 335 to 450 KiB to every function (2 to 4 times the cold-start size targets). The
 * runtime's copy must then be at least RUNTIME_SDK_FLOOR, the oldest the functions are tested on
 * (test/infra/runtimeSdk.test.ts).
 */
export const RUNTIME_SDK_MODULES = [
  '@aws-sdk/client-dynamodb',
  '@aws-sdk/lib-dynamodb',
  '@aws-sdk/client-kms',
  '@aws-sdk/client-sqs',
  '@aws-sdk/client-secrets-manager',
  '@aws-sdk/client-api-gateway',
] as const;
// AWS names no nodejs22.x version, only an example (3.632.0), checked 2026-11-27:
// https://docs.aws.amazon.com/lambda/latest/dg/lambda-nodejs.html#nodejs-sdk-included
export const RUNTIME_SDK_FLOOR = '3.540.0';

export const BUNDLE = {
  target: 'node22',
  minify: true,
  sourceMap: true,
  mainFields: ['module', 'main'],
  // CommonJS dependencies inside an ES module bundle still call require().
  banner: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  // The SDK comes with the runtime (RUNTIME_SDK_FLOOR). Functions that answer images get PICTURE_PACKAGES installed
  // beside the bundle; the others never load them.
  externalModules: ['@aws-sdk/*', ...PICTURE_PACKAGES],
  esbuildArgs: { '--alias': Object.entries(ALIASES).map(([name, path]) => `${name}=${path}`) },
};
