import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import { beforeRequests } from './beforeRequests';

/** DynamoDB's own answer to an unknown access key, so SDK clients fail as they would in AWS. */
const UNKNOWN_KEY = {
  __type: 'com.amazon.coral.service#UnrecognizedClientException',
  message: 'The security token included in the request is invalid.',
};
const FROM_A_PAGE = {
  __type: 'com.amazon.coral.service#AccessDeniedException',
  message: 'The local store does not answer web pages.',
};

function refusalOf(request: IncomingMessage, accessKeyId: string): object | undefined {
  // Browsers name the page a request comes from; SDKs and CLIs never send an Origin.
  if (request.headers.origin !== undefined) return FROM_A_PAGE;
  const presented = /\bCredential=([^/,\s]+)\//.exec(request.headers.authorization ?? '')?.[1] ?? '';
  const [a, b] = [Buffer.from(presented), Buffer.from(accessKeyId)];
  return a.length === b.length && timingSafeEqual(a, b) ? undefined : UNKNOWN_KEY;
}

/**
 * Puts a guard in front of dynalite, which answers any caller with `Access-Control-Allow-Origin: *`
 * and checks no signature: a web page open while `npm start` runs could otherwise read the key
 * records and plant a key of its own. Requests from pages (an Origin header, preflights included)
 * and requests without this process's access key are refused with a 403, with no CORS headers.
 */
export function guardStore(server: Server, accessKeyId: string): void {
  beforeRequests(server, (request, response, pass) => {
    const refusal = refusalOf(request, accessKeyId);
    if (!refusal) return pass();
    request.resume();
    response.writeHead(403, { 'Content-Type': 'application/x-amz-json-1.0' }).end(JSON.stringify(refusal));
  });
}
