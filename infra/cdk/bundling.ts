/**
 * How every function is bundled by esbuild: the CDK stack (NodejsFunction) and the cold-start
 * benchmark (esbuild directly) build from these, so what is measured is what is deployed.
 */
export const RASTERISER = '@resvg/resvg-js';

export const BUNDLE = {
  target: 'node22',
  minify: true,
  sourceMap: true,
  mainFields: ['module', 'main'],
  // CommonJS dependencies inside an ES module bundle still call require().
  banner: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  // The SDK comes with the runtime. resvg is a native addon, loaded only when a PNG is drawn:
  // functions that draw get it installed beside the bundle, the others never load it.
  externalModules: ['@aws-sdk/*', RASTERISER],
};
