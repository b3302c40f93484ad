import type { ColdStartFigures } from './coldStart';
import { COLD_START_TARGETS, sizeTarget, TRACER_ALLOWANCE_BYTES } from './coldStartTargets';
import type { EndToEndFigures, EndToEndOptions, ScenarioFigures } from './endToEnd';
import type { Machine } from './machine';
import type { VersusFigures } from './canvacord';
import type { PngFigures } from './png';
import type { RenderFigures, RenderOptions } from './render';
import { formatBytes, formatMs, formatRate } from './stats';

/** Everything `npm run bench` measured: written to bench/results.json and rendered as BENCHMARKS.md. */
export interface BenchResults {
  machine: Machine;
  /** Wall-clock seconds of the whole run. */
  runSeconds: number;
  settings: { render?: RenderOptions; endToEnd?: EndToEndOptions; coldStartRuns?: number; pngSamples?: number };
  render?: RenderFigures[];
  endToEnd?: EndToEndFigures;
  coldStart?: ColdStartFigures[];
  png?: PngFigures[];
  versusCanvacord?: VersusFigures[];
}

/** Columns of words (left-aligned); every other column holds figures (right-aligned). */
const TEXT_COLUMNS = new Set(['', 'route', 'scenario', 'request', 'bundle', 'case', 'largest inputs', 'size target']);

const table = (head: string[], rows: (string | number)[][]) =>
  [
    `| ${head.join(' | ')} |`,
    `|${head.map((cell) => (TEXT_COLUMNS.has(cell) ? '---' : '---:')).join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');

const us = (microseconds: number) => formatMs(microseconds / 1000);

/** A paragraph written as its parts (sentences or clauses), so the source keeps short lines. */
const paragraph = (...parts: string[]) => parts.join(' ');

/** A list item of the report, one line in Markdown. */
const bullet = (...parts: string[]) => `- ${paragraph(...parts)}`;

function machineSection(results: BenchResults): string {
  const { machine } = results;
  const load = machine.loadAverage;
  const busy = load.start >= 0.5 || (load.end ?? 0) >= 0.5;
  return [
    '## Machine',
    '',
    table(
      ['', ''],
      [
        ['CPU', machine.cpu],
        ['cores', machine.cores],
        ['memory', `${machine.memoryGiB} GiB`],
        ['Node.js', `${machine.node} (V8 ${machine.v8})`],
        ['OS', machine.os],
        ['date', machine.date],
        ['1-min load average', `${load.start} at start, ${load.end ?? '?'} at end`],
        ['run time', `${Math.round(results.runSeconds)} s`],
      ],
    ),
    '',
    busy
      ? paragraph(
          `**The figures were taken while other processes were running on this ${machine.cores}-core machine**`,
          "(the load average above was not near 0; other engineers' builds and test suites shared the cores).",
          'Absolute times are therefore pessimistic and noisier than on an idle machine, p99s most of all;',
          'ratios measured back to back (handler vs baseline) are the most robust figures.',
        )
      : 'The machine was otherwise idle during the run (load average near 0).',
  ].join('\n');
}

function renderSection(render: RenderFigures[], options?: RenderOptions): string {
  const rows = render.map((r) => [
    `\`${r.route}\``,
    formatBytes(r.svgBytes),
    us(r.handlerUs.median),
    us(r.handlerUs.p99),
    formatRate(r.handlerPerSecond),
    us(r.baselineUs.median),
    us(r.baselineUs.p99),
    formatRate(r.baselinePerSecond),
    `**${r.ratio}×**`,
    us(r.responseWrapUs.median),
  ]);
  const ratios = render.map((r) => r.ratio).sort((a, b) => a - b);
  const medianRatio = ratios[Math.floor((ratios.length - 1) / 2)];
  const timing = options
    ? `${options.millisecondsPerRoute / 1000} s per route after ${options.warmupMilliseconds / 1000} s of warm-up`
    : 'a fixed time per route after a warm-up';
  return [
    '## In-process render speed of every image route',
    '',
    table(
      [
        'route',
        'SVG',
        'handler median',
        'handler p99',
        'handler renders/s',
        'baseline median',
        'baseline p99',
        'baseline renders/s',
        'handler / baseline',
        'of which response wrap',
      ],
      rows,
    ),
    '',
    `Ratios range from ${ratios[0]}× to ${ratios[ratios.length - 1]}× (median ${medianRatio}×).`,
    '',
    bullet(
      "**handler**: the route's own handler (the function its Lambda runs after the middlewares)",
      "drawing the route table's `example`, through the docs gallery's drawer",
      '(`exampleDrawer` in functions/docs/gallery.ts):',
      "the query is parsed by the route's zod schema once, and the docs' sample picture (an inline 256×256 SVG)",
      'stands in for every fetched picture, so no I/O is timed.',
      `Each render is timed on its own (\`process.hrtime.bigint()\` around one awaited call) for ${timing};`,
      'renders/s is 1 / mean.',
      'The time includes building the element tree, text measuring and layout, escaping, serialising,',
      'and wrapping the answer (`svgResponse`: size check and SHA-256 ETag).',
    ),
    bullet(
      '**baseline**: the same SVG string, byte for byte, produced by one generated function whose body is',
      "a single template literal: the document's static text inline and the example's dynamic values interpolated",
      "(the picture's data URI, and each non-URL query value, XML-escaped, where it appears whole as a token,",
      'or its words where text is wrapped; numbers that the handler reformats or derives,',
      'such as XP shown as "1,234" or bar widths, stay static).',
      'No tree, layout, escaping or hashing: a lower bound for any code producing this string.',
      "`npm test` checks that every baseline reproduces its route's SVG exactly.",
      "One call is far below the timer's resolution, so it is timed in batches of calls lasting ~20 µs",
      "and each sample is a batch's mean (its p99 is of batch means, hence smoother than a per-call p99).",
      'Each result string is flattened (`charCodeAt`), as writing it out would;',
      'otherwise V8 returns an unflattened rope in a few ns.',
    ),
    '- **handler / baseline**: median handler time / median baseline time.',
    bullet(
      '**of which response wrap**: `svgResponse(svg)` alone on the finished SVG (the size check and the ETag hash),',
      'to show how much of the handler time is not drawing.',
    ),
  ].join('\n');
}

/** The rank card's drawing time as a share of its time per request through the server. */
function whereTheTimeGoes(rankCard: ScenarioFigures, drawing: RenderFigures, slowest?: ScenarioFigures): string {
  const msPerRequest = 1000 / rankCard.requestsPerSecond;
  const drawingShare = Math.round((drawing.handlerUs.median / 1000 / msPerRequest) * 100);
  return bullet(
    "**Where the time goes**: the server's functions run on one thread,",
    `so at ${formatRate(rankCard.requestsPerSecond)} rank cards/s it spends at most ${formatMs(msPerRequest)}`,
    'of its time per request; drawing the card',
    `(its in-process handler median above, ${us(drawing.handlerUs.median)}) is ~${drawingShare}% of that.`,
    "The rest is the request path around it: the emulated gateway and authorizer, the limiter's conditional write",
    "(on the key's slot, as for a dashboard key) and every other DynamoDB call, made through the AWS SDK",
    "and handed to dynalite on the store's own thread.",
    'A one-off CPU profile of the server under the rank-card load (taken while writing this bench, not part of it)',
    "agreed: the functions' thread was busy throughout, ~25% of it in the AWS SDK client and ~7% in garbage",
    "collection, the service's own code a few %; the store's thread was about half busy.",
    `The ${slowest?.scenario ?? 'slowest scenario'} is the slowest`,
    `(${slowest?.storeCallsPerRequest ?? '?'} store calls a request).`,
  );
}

function endToEndSection(e2e: EndToEndFigures, options?: EndToEndOptions, render?: RenderFigures[]): string {
  const rows = e2e.scenarios.map((s) => {
    const bad = Object.entries(s.statuses)
      .filter(([status]) => !status.startsWith('2'))
      .map(([status, count]) => `${count}× ${status}`);
    return [
      s.scenario,
      `\`${s.request}\``,
      `**${formatRate(s.requestsPerSecond)}**`,
      formatMs(s.latencyMs.median),
      formatMs(s.latencyMs.p90),
      formatMs(s.latencyMs.p99),
      formatMs(s.latencyMs.max),
      s.requests.toLocaleString('en-US'),
      s.storeCallsPerRequest ?? '?',
      bad.length || s.errors || s.timeouts
        ? [...bad, `${s.errors} errors`, `${s.timeouts} timeouts`].join(', ')
        : 'none',
    ];
  });
  if (e2e.bareNodeHttp)
    rows.push([
      '*bare node:http*',
      '`GET /` answered "ok" by a bare `node:http` server in its own process',
      `**${formatRate(e2e.bareNodeHttp.requestsPerSecond)}**`,
      formatMs(e2e.bareNodeHttp.latencyMs.median),
      formatMs(e2e.bareNodeHttp.latencyMs.p90),
      formatMs(e2e.bareNodeHttp.latencyMs.p99),
      formatMs(e2e.bareNodeHttp.latencyMs.max),
      e2e.bareNodeHttp.requests.toLocaleString('en-US'),
      0,
      'none',
    ]);
  const seconds = options?.durationSeconds ?? e2e.scenarios[0]?.durationSeconds;
  const connections = options?.connections ?? e2e.scenarios[0]?.connections;
  const slowest = [...e2e.scenarios].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[0];
  const rankCard = e2e.scenarios.find((s) => s.scenario === 'rank-card');
  const drawing = render?.find((r) => r.route === 'rankCard');
  const share = rankCard && drawing ? whereTheTimeGoes(rankCard, drawing, slowest) : undefined;
  return [
    '## End-to-end through the local server (autocannon)',
    '',
    table(
      [
        'scenario',
        'request',
        'requests/s',
        'median',
        'p90',
        'p99',
        'max',
        'requests',
        'store calls/request',
        'non-2xx',
      ],
      rows,
    ),
    '',
    bullet(
      "The local server (`npm start`'s entry point, infra/local/main.ts, in its own process: API Gateway emulation,",
      'the authorizer with its cache, the rate limiter, the function groups loaded in-process,',
      'and its embedded dynalite DynamoDB, in memory, on a thread of its own) on 127.0.0.1,',
      `driven by autocannon from the benchmark's process with ${connections} connections (keep-alive, no pipelining)`,
      `for ${seconds} s per scenario, after ${options?.warmupSeconds ?? '?'} s of warm-up`,
      "(which also loads the group's function).",
      "Latency is autocannon's per-response time (request written to response complete),",
      'percentiles over every response of the measured run.',
    ),
    bullet(
      `**Rate limiter exercised, not tripped**: ${e2e.keys} API keys are seeded through \`LOCAL_API_KEY\``,
      '(comma-separated) and requests use them in turn, so every request is counted by the limiter',
      "(one conditional DynamoDB write per request on the key's sliding window) on the authorizer's path.",
      `**\`RATE_LIMIT_PER_MINUTE\` is raised to ${e2e.ratePerMinute}** (default 60),`,
      `i.e. ${e2e.limiterCapacityPerSecond.toLocaleString('en-US')} requests/s across the keys,`,
      'far above what the server reaches here; an environment variable cannot carry enough keys',
      '(Linux caps one at 128 KiB) to stay under the default of 60.',
      'Every key went through the gateway twice before the first scenario',
      '(its authorizer cache then holds the key, and it knows the key enabled), as on a warm gateway.',
      `The relay is counted per Discord webhook id instead: it posts to ${e2e.keys} webhook ids in turn,`,
      `and \`RELAY_NEW_PAIRS_PER_MINUTE\` (default 20 per source address) is raised to ${e2e.keys}`,
      'so each id is tried once as a new pair from 127.0.0.1;',
      'after Discord (the fake) accepts it, a pair is no longer limited by address.',
      'Any 429 would appear under non-2xx.',
    ),
    bullet(
      '**store calls/request**: the DynamoDB calls the server made per request',
      '(the requests its embedded dynalite answered, which it counts with `LOCAL_STORE_CALLS=1`),',
      `over ${options?.storeCallProbes ?? 'some'} requests sent one at a time after the warm-up.`,
      "A key's cached allow costs no store call:",
      'the gateway asks the store whether the key is still enabled only after a key record was written.',
    ),
    bullet(
      "**rank-card**: the route table's example with the avatar on an image host on 127.0.0.1",
      "(allowed by `IMAGE_FETCH_ALLOW_HOSTS`); after the first request the picture comes from the fetcher's",
      'in-memory cache, as in a warm Lambda.',
    ),
    bullet(
      '**filter (contrast)**: every request names a distinct picture URL on the 127.0.0.1 image host',
      '(a 256×256 PNG), so each one pays the guarded fetch (address checks, download, magic bytes, base64)',
      'before drawing the 512×512 filter SVG.',
    ),
    bullet(
      '**bot read**: `GET /v1/bots/{clientId}` of a bot registered,',
      'verified (its token shown to the fake Discord, as its owner would) and sent one heartbeat before the run.',
    ),
    bullet(
      '**webhook relay**: a GitHub `push` delivery (a unique `X-GitHub-Delivery` each, so none is a duplicate)',
      'relayed to a fake Discord on 127.0.0.1 (`DISCORD_API_BASE`; fixtures/fakeDiscord.ts) answering at once:',
      'rendering, the delivery log claim and outcome (two DynamoDB writes), the token sealed with AES-256-GCM,',
      'and the POST to Discord.',
    ),
    bullet(
      'The image host, the fake Discord and autocannon share the benchmark process;',
      'the server and its functions share the other, with dynalite on a second thread of it.',
      'On 2 cores the two processes compete with each other (and with anything else running),',
      'so these are figures for this laptop-class setup, not for Lambda,',
      'where each request has its own instance and DynamoDB is a remote service.',
    ),
    ...(share ? [share] : []),
  ].join('\n');
}

const verdict = (met: boolean | undefined) => (met === undefined ? '' : met ? 'met' : '**missed**');

function coldStartSection(cold: ColdStartFigures[], runs?: number): string {
  const rows = cold.map((c) => [
    `\`${c.bundle}\``,
    formatBytes(c.bytes),
    c.baseline ? '' : `${formatBytes(sizeTarget(c.bundle, c.draws))} ${verdict(c.meetsTargets?.size)}`,
    formatBytes(c.gzipBytes),
    formatMs(c.importMs.median),
    c.importRatio === undefined ? '1×' : `${c.importRatio}× ${verdict(c.meetsTargets?.import)}`,
    formatMs(c.importMs.p99),
    formatMs(c.importWithSourceMapsMs.median),
    formatMs(c.processReadyMs),
    c.largestInputs
      .slice(0, 3)
      .map((i) => `${i.input} ${formatBytes(i.bytes)}`)
      .join(', '),
  ]);
  const missed = cold
    .filter((c) => c.meetsTargets && !(c.meetsTargets.size && c.meetsTargets.import))
    .map((c) => `\`${c.bundle}\``);
  return [
    '## Cold start: bundle size and import time',
    '',
    table(
      [
        'bundle',
        'size',
        'size target',
        'gzip -9',
        'import median',
        'import vs DynamoDB alone',
        'import p99',
        'import median, --enable-source-maps',
        'process start → imported',
        'largest inputs',
      ],
      rows,
    ),
    '',
    bullet(
      "Each function group's entry (functions/<group>/index.ts, from its manifest)",
      'and `functions/authorizer/index.ts`,',
      "bundled by esbuild with the options CDK's NodejsFunction gets (infra/cdk/bundling.ts, shared by both):",
      'ESM, minified, source map, target node22, main fields module/main, the `createRequire` banner,',
      "`@aws-sdk/*` and `@resvg/resvg-js` external, fontkit's WOFF2 decoder left out.",
      "**size** is index.mjs (what Lambda loads; the fonts and resvg's native package ship beside it",
      "in the drawing groups' packages and are not counted); **gzip -9** approximates its share of the deployment zip;",
      '**largest inputs** are the npm packages (or folders of this checkout) that contribute most bytes to it,',
      'from the esbuild metafile.',
    ),
    bullet(
      `**import**: in a fresh \`node\` process (this machine's ${process.version}; Lambda runs Node 22),`,
      'the time of `await import(bundle)`: parsing and evaluating the bundle and its module-level set-up,',
      `median and p99 of ${runs ?? 'several'} runs interleaved across bundles, after one unmeasured run each.`,
      "The AWS SDK, external to the bundles, is resolved from this checkout's node_modules",
      '(on Lambda it comes with the runtime), so its load time is included.',
      '**`@aws-sdk/client-dynamodb` alone** (bench/dynamoDbAlone.ts)',
      'is a bundle that imports only the DynamoDB client,',
      'measured in the same runs: every function loads at least that, so **import vs DynamoDB alone**',
      "is the cost of the function's own code and packages as a multiple of it.",
      'Fonts are read lazily at the first drawing; resvg is loaded at the first PNG.',
      '**--enable-source-maps** is how the deployed functions run (CDK sets `NODE_OPTIONS`).',
      "**process start → imported** is `performance.now()` once imported: Node's own start-up plus the import.",
    ),
    bullet(
      `**Targets**: functions that never draw ≤ ${formatBytes(COLD_START_TARGETS.neverDrawsBytes)},`,
      `drawing functions ≤ ${formatBytes(COLD_START_TARGETS.drawsBytes)},`,
      `each plus ${formatBytes(TRACER_ALLOWANCE_BYTES)} for the Tracer's X-Ray SDK (loaded in Lambda only, not here),`,
      `every import median ≤ ${COLD_START_TARGETS.importRatio}× the DynamoDB client's alone.`,
      missed.length === 0 ? 'All met in this run.' : `Missed in this run by ${missed.join(', ')}.`,
      '(`npm test` checks the sizes on every change; times are only measured here.)',
    ),
    bullet(
      'This excludes what Lambda adds (downloading and unpacking the package, starting the runtime),',
      'so it is the part of a cold start the code controls.',
    ),
  ].join('\n');
}

function versusSection(versus: VersusFigures): string {
  const row = (name: string, side: VersusFigures['ours']) => [
    name,
    `${side.width}×${side.height}`,
    formatBytes(side.pngBytes),
    `**${formatMs(side.ms.median)}**`,
    formatMs(side.ms.p99),
  ];
  return [
    `### Beside canvacord: ${versus.case}`,
    '',
    table(
      ['', 'size', 'PNG', 'median', 'p99'],
      [row('ours (renderRankCard, then svgToPng)', versus.ours), row("canvacord's RankCardBuilder", versus.canvacord)],
    ),
    '',
    bullet(
      `**Ours takes ${versus.ratio}× canvacord's median** (the target is 0.25× or less).`,
      'The same user, figures, status and avatar on both; one of each in turn, after warm-up, in the same process.',
      'canvacord (a devDependency, bench only) draws with @napi-rs/canvas (Skia).',
      "Ours draws the avatar from the fetcher's copy at the circle's 180 pixels, as a warm function holds it",
      'for PNG answers; canvacord decodes the whole picture each time.',
    ),
  ].join('\n');
}

function pngSection(png: PngFigures[], samples?: number): string {
  const rows = png.map((p) => [
    p.case,
    `${p.width}×${p.height}`,
    formatBytes(p.svgBytes),
    formatBytes(p.pngBytes),
    `**${formatMs(p.ms.median)}**`,
    formatMs(p.ms.p99),
    formatMs(p.ms.max),
  ]);
  const fewSamples =
    samples !== undefined && samples < 100 ? ` (with ${samples} samples, the p99 is the slowest one)` : '';
  return [
    '## PNG rasterisation',
    '',
    table(['case', 'size', 'SVG', 'PNG', 'median', 'p99', 'max'], rows),
    '',
    bullet(
      '`svgToPng` (shared/raster/png.ts) rendering inline, as a Lambda instance does',
      '(the local server uses the libuv pool):',
      'resvg with no fonts (text is outlines) draws the pixels, then our encoder',
      '(shared/raster/rgbaPng.ts: the Sub filter in WebAssembly, zlib level 2) writes the PNG;',
      `${samples ?? 'several'} sequential renders per case after warm-up${fewSamples}.`,
      "The jail and contrast cases are the route table's examples (512×512 by default)",
      "with the docs' sample SVG picture inside; the third draws the jail over a 256×256 PNG picture,",
      'as a fetched avatar would be, to include decoding and scaling a raster image;',
      'the last are rank cards whose names have emoji or are written in Japanese.',
    ),
  ].join('\n');
}

export function markdownReport(results: BenchResults): string {
  const sections = [
    '# Benchmarks',
    '',
    paragraph(
      'Produced by `npm run bench` (bench/run.ts; not part of `npm test`);',
      'the raw figures are in [bench/results.json](bench/results.json).',
      'Times are medians and 99th percentiles; ratios compare medians.',
    ),
    '',
    machineSection(results),
  ];
  if (results.render) sections.push('', renderSection(results.render, results.settings.render));
  if (results.endToEnd) sections.push('', endToEndSection(results.endToEnd, results.settings.endToEnd, results.render));
  if (results.coldStart) sections.push('', coldStartSection(results.coldStart, results.settings.coldStartRuns));
  if (results.png) sections.push('', pngSection(results.png, results.settings.pngSamples));
  for (const versus of results.versusCanvacord ?? []) sections.push('', versusSection(versus));
  return `${sections.join('\n')}\n`;
}
