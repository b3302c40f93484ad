import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/**
 * The yardstick of the end-to-end figures: a bare node:http server answering "ok" to anything, in a
 * process of its own as the local server is, so both are driven the same way in the same run.
 */
const SERVER = `
const server = require('node:http').createServer((request, response) => response.end('ok'));
server.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port));
process.once('SIGTERM', () => process.exit(0));
`;

export async function startBareAnswer(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [chunk] = (await once(child.stdout?.setEncoding('utf8') ?? child, 'data')) as [string];
  const url = /^listening on (\S+)/.exec(chunk)?.[1];
  if (!url) throw new Error(`the bare node:http server said ${chunk}`);
  return { url, child };
}
