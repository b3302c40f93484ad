// Jest runs the TypeScript sources as native ES modules (the project is "type": "module"),
// transformed by swc; `npm test` starts node with --experimental-vm-modules for that.
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'es6' } }],
  },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  setupFiles: ['<rootDir>/test/setup/env.ts'],
  testTimeout: 20000,
};
