// Jest runs the TypeScript sources as native ES modules (the project is "type": "module"),
// transformed by esbuild; `npm test` starts node with --experimental-vm-modules for that.
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': '<rootDir>/test/setup/esbuildTransform.js',
  },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  // The client package's sources import each other as .js (what Node needs of its built ESM): run their .ts.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  setupFiles: ['<rootDir>/test/setup/env.ts'],
  // A folder for the run, where what several suites need (the synthesised stack, the packed client) is built once.
  globalSetup: '<rootDir>/test/setup/runFolder.ts',
  testTimeout: 20000,
  // Jest's default leaves a core idle (cores - 1), which on a 2-core machine runs every suite in one
  // worker, one after another: the suites wait on servers and browsers more than on the CPU.
  maxWorkers: '100%',
};
