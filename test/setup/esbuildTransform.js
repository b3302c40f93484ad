// Jest transform: TypeScript -> JavaScript with esbuild (already a dependency for bundling).
// Jest asks for ES modules when it runs natively as ESM, which `npm test` does.
import { transformSync } from 'esbuild';

export default {
  process(source, filename, options) {
    const { code, map } = transformSync(source, {
      loader: 'ts',
      format: options.supportsStaticESM ? 'esm' : 'cjs',
      target: 'node20',
      sourcemap: 'external',
      sourcefile: filename,
    });
    return { code, map };
  },
};
