import { smokeMain } from './smokeCommand';

/** `npm run smoke -- <base URL> [--key KEY]`: one call per function group after a deploy (smokeCommand.ts). */
process.exit(await smokeMain(process.argv.slice(2), (line) => console.log(line)));
