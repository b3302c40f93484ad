import { runKeys } from './keyRegistries';

/**
 * `npm run keys -- create --name X | list | revoke <id> [--aws [--stack S] [--region R]]`.
 * Locally: the local server's store. With --aws: the deployed stack, found by its outputs.
 */
let code: number;
try {
  code = await runKeys(process.argv.slice(2), (line) => console.log(line));
} catch (error) {
  console.error(`keys: ${(error as Error).message}`);
  code = 1;
}
process.exit(code);
