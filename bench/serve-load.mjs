// @ts-check
/**
 * `matn serve` under load on loopback (issue 40): throughput and latency of real pages while slow
 * clients and slow pages run. Not part of `npm run bench` (it runs a server process for tens of
 * seconds per scenario). Usage, after `npm run build`:
 *
 *   node bench/serve-load.mjs [--cli dist/cli/main.js] [--scenarios baseline,slow-clients,slow-pages,both,after-504]
 *     [--seconds 20] [--clients 4] [--slow-clients 10] [--slow-pages 4] [--slow-page-kb 3900] [--rounds 10] [--pause-ms 3000] [--json]
 *
 * Each scenario starts its own `node CLI serve --port 0` (the default options unless said below),
 * runs for `--seconds`, then stops it:
 *   baseline      `--clients` real clients, each POSTing the repository's sample pages (corpora/pages,
 *                 3–15 KB, written for the project) one after the other, nothing else;
 *   slow-clients  the same, and `--slow-clients` connections that send their headers, then one body
 *                 byte per second of a declared 1000 (a new one as soon as one is answered);
 *   slow-pages    the same real clients, and 1.5 s in, a burst of `--slow-pages` pages POSTed at once that
 *                 take seconds each (`<p>` siblings, `--slow-page-kb`), with `--extract-timeout 1000`: the
 *                 real pages sent after the burst's last answer are reported apart (the case:
 *                 four 3.9 MB pages, after whose 504 small pages must not wait for their work);
 *   both          slow clients and the burst together (`--extract-timeout 1000`);
 *   after-504     `--extract-timeout 1000`, no other load: `--rounds` times a slow page (504 expected),
 *                 then at once one small page: its status and time (the ended worker must be replaced);
 *                 `--pause-ms` between rounds, so each starts with the service recovered from the last.
 * Real pages: count, statuses, pages/s answered 200, p50/p99/max time (nearest rank). Slow clients:
 * answers, statuses, whether the body is a JSON error, time from the first byte to the answer.
 * The 1-minute load average is printed before and after each scenario (a shared machine: compare
 * builds in the same session, one after the other, and repeat). `--cli` picks the build, e.g. an
 * older one unpacked elsewhere, for before/after figures.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCENARIOS = Object.freeze(['baseline', 'slow-clients', 'slow-pages', 'both', 'after-504']);
/** Bytes a slow client declares; it sends one a second, so it never finishes within any sane read deadline. */
const SLOW_CLIENT_BYTES = 1000;
/** Pause of a real client after a 503 (the service says Retry-After: 1; a shorter wait keeps the pressure on). */
const BUSY_PAUSE_MS = 100;

function readFlags() {
  const { values } = parseArgs({
    options: {
      cli: { type: 'string', default: path.join(REPO_ROOT, 'dist/cli/main.js') },
      scenarios: { type: 'string', default: SCENARIOS.join(',') },
      seconds: { type: 'string', default: '20' },
      clients: { type: 'string', default: '4' },
      'slow-clients': { type: 'string', default: '10' },
      'slow-pages': { type: 'string', default: '4' },
      'slow-page-kb': { type: 'string', default: '3900' },
      rounds: { type: 'string', default: '10' },
      'pause-ms': { type: 'string', default: '3000' },
      json: { type: 'boolean', default: false },
    },
  });
  const scenarios = values.scenarios.split(',').map((s) => s.trim()).filter(Boolean);
  for (const s of scenarios) if (!SCENARIOS.includes(s)) throw new Error(`unknown scenario ${s} (known: ${SCENARIOS.join(', ')})`);
  return {
    cli: path.resolve(values.cli), scenarios, seconds: Number(values.seconds), clients: Number(values.clients),
    slowClients: Number(values['slow-clients']), slowPages: Number(values['slow-pages']), slowPageKb: Number(values['slow-page-kb']),
    rounds: Number(values.rounds), pauseMs: Number(values['pause-ms']), json: values.json,
  };
}

/** @param {number[]} values @param {number} p */
function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** @param {number[]} values */
function median(values) { return percentile(values, 50); }

/** @param {string[]} statuses */
function countStatuses(statuses) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
}

const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts `node CLI serve --port 0 ...args` and resolves to its URL and a stop function.
 * @param {string} cli @param {string[]} args
 */
function startServe(cli, args) {
  const child = spawn(process.execPath, [cli, 'serve', '--port', '0', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr.on('data', (c) => {
      err += c.toString();
      const m = /listening on (http:\/\/\S+)/u.exec(err);
      if (m) resolve({
        url: m[1],
        stop: () => new Promise((done) => { child.once('exit', () => done(undefined)); child.kill('SIGTERM'); setTimeout(() => child.kill('SIGKILL'), 5000).unref(); }),
      });
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${err}`)));
  });
}

/** @typedef {{ status: string, started: number, ms: number }} Answer */

/** @param {string} url @param {Uint8Array<ArrayBuffer>} body @returns {Promise<Answer>} */
async function post(url, body) {
  const started = performance.now();
  try {
    const res = await fetch(`${url}/extract`, { method: 'POST', headers: { 'content-type': 'text/html' }, body });
    await res.arrayBuffer();
    return { status: String(res.status), started, ms: performance.now() - started };
  } catch (error) {
    const failure = /** @type {Error & { cause?: { code?: string } }} */ (error);
    return { status: `error:${failure.cause?.code ?? failure.message}`, started, ms: performance.now() - started };
  }
}

/** Count, statuses, pages/s answered 200 over `seconds`, and times of the 200s. @param {Answer[]} answers @param {number} seconds */
function summarize(answers, seconds) {
  const okMs = answers.filter((r) => r.status === '200').map((r) => r.ms);
  return {
    requests: answers.length, statuses: countStatuses(answers.map((r) => r.status)), okPerSecond: okMs.length / seconds,
    p50Ms: median(okMs), p99Ms: percentile(okMs, 99), maxMs: percentile(okMs, 100),
  };
}

/**
 * A client that sends its headers, then one body byte a second; resolves to the answer.
 * @param {URL} url @param {() => boolean} stopped
 */
function slowClient(url, stopped) {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(Number(url.port), url.hostname);
    let text = '';
    let timer = /** @type {NodeJS.Timeout | undefined} */ (undefined);
    socket.on('data', (c) => { text += c.toString(); });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      const status = /^HTTP\/1\.1 (\d{3})/u.exec(text)?.[1] ?? (stopped() ? 'unanswered' : 'closed');
      let json = false;
      try { json = typeof JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)).error?.code === 'string'; } catch { /* not JSON */ }
      resolve({ status, json, ms: performance.now() - started });
    });
    socket.on('connect', () => {
      socket.write(`POST /extract HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: text/html\r\nContent-Length: ${SLOW_CLIENT_BYTES}\r\n\r\n`);
      timer = setInterval(() => { if (stopped()) socket.destroy(); else socket.write('a'); }, 1000);
    });
  });
}

/** @param {number} kb @returns {Uint8Array<ArrayBuffer>} */
function slowPage(kb) {
  return new TextEncoder().encode(`<html><body>${'<p>word</p>'.repeat(Math.round((kb * 1000) / 11))}`);
}

/** @returns {Uint8Array<ArrayBuffer>[]} */
function samplePages() {
  const dir = path.join(REPO_ROOT, 'corpora/pages');
  return readdirSync(dir).filter((n) => n.endsWith('.html')).sort().map((n) => new Uint8Array(readFileSync(path.join(dir, n))));
}

/**
 * Real clients, slow clients and slow-page clients for `seconds`.
 * @param {string} url @param {{ seconds: number, clients: number, slowClients: number, slowPages: number, slowPageKb: number }} o
 */
async function runLoad(url, o) {
  const pages = samplePages();
  const deadline = performance.now() + o.seconds * 1000;
  const stopped = () => performance.now() >= deadline;
  const start = performance.now();
  /** @type {Answer[]} */
  const real = [];
  /** @type {{ status: string, json: boolean, ms: number }[]} */
  const slow = [];
  /** @type {Answer[]} */
  let heavy = [];
  const target = new URL(url);
  const big = slowPage(o.slowPageKb);
  let next = 0;
  const realClient = async () => {
    while (!stopped()) {
      const result = await post(url, pages[next++ % pages.length]);
      real.push(result);
      if (result.status === '503') await sleep(BUSY_PAUSE_MS);
    }
  };
  const slowLoop = async () => { while (!stopped()) slow.push(/** @type {any} */ (await slowClient(target, stopped))); };
  const burst = async () => { heavy = await Promise.all(Array.from({ length: o.slowPages }, () => post(url, big))); };
  await Promise.all([
    ...Array.from({ length: o.slowClients }, slowLoop),
    ...(o.slowPages > 0 ? [sleep(1500).then(burst)] : []),
    // the slow ones first: real pages run while they hold what they hold
    sleep(o.slowClients > 0 ? 1500 : 0).then(() => Promise.all(Array.from({ length: o.clients }, realClient))),
  ]);
  const answeredSlow = slow.filter((s) => s.status !== 'unanswered');
  const burstEnd = Math.max(...heavy.map((h) => h.started + h.ms));
  const afterBurst = real.filter((r) => r.started >= burstEnd);
  return {
    real: summarize(real, o.seconds),
    slowClients: {
      answered: answeredSlow.length, unansweredAtEnd: slow.length - answeredSlow.length,
      statuses: countStatuses(answeredSlow.map((s) => s.status)), json: answeredSlow.filter((s) => s.json).length,
      p50AnswerMs: median(answeredSlow.map((s) => s.ms)),
    },
    slowPages: {
      requests: heavy.length, statuses: countStatuses(heavy.map((r) => r.status)), maxMs: percentile(heavy.map((r) => r.ms), 100),
      ...(heavy.length > 0 ? { realAfterBurst: summarize(afterBurst, (start + o.seconds * 1000 - burstEnd) / 1000) } : {}),
    },
  };
}

/**
 * `rounds` times: a slow page (a 504 expected), then at once a small page.
 * @param {string} url @param {{ rounds: number, pauseMs: number, slowPageKb: number }} o
 */
async function runAfter504(url, o) {
  const small = samplePages()[0];
  const big = slowPage(o.slowPageKb);
  await post(url, small); // the worker is up before the first round
  /** @type {{ slow: string, small: string, smallMs: number }[]} */
  const rounds = [];
  for (let i = 0; i < o.rounds; i++) {
    if (i > 0) await sleep(o.pauseMs);
    const heavy = await post(url, big);
    const next = await post(url, small);
    rounds.push({ slow: heavy.status, small: next.status, smallMs: next.ms });
  }
  const after504 = rounds.filter((r) => r.slow === '504');
  return {
    rounds: rounds.length, slowStatuses: countStatuses(rounds.map((r) => r.slow)),
    nextAfter504: { statuses: countStatuses(after504.map((r) => r.small)), p50Ms: median(after504.map((r) => r.smallMs)), maxMs: percentile(after504.map((r) => r.smallMs), 100) },
    smallMs: rounds.map((r) => Math.round(r.smallMs)),
  };
}

/** @param {string} scenario */
function serveArgs(scenario) {
  return scenario === 'slow-pages' || scenario === 'both' || scenario === 'after-504' ? ['--extract-timeout', '1000'] : [];
}

async function main() {
  const o = readFlags();
  /** @type {Record<string, unknown>} */
  const results = {};
  for (const scenario of o.scenarios) {
    const loadBefore = loadavg()[0];
    const server = /** @type {{ url: string, stop: () => Promise<void> }} */ (await startServe(o.cli, serveArgs(scenario)));
    let figures;
    try {
      figures = scenario === 'after-504' ? await runAfter504(server.url, o) : await runLoad(server.url, {
        ...o,
        slowClients: scenario === 'slow-clients' || scenario === 'both' ? o.slowClients : 0,
        slowPages: scenario === 'slow-pages' || scenario === 'both' ? o.slowPages : 0,
      });
    } finally {
      await server.stop();
    }
    results[scenario] = { serveArgs: serveArgs(scenario), load: [Number(loadBefore.toFixed(1)), Number(loadavg()[0].toFixed(1))], ...figures };
    if (!o.json) console.log(`${scenario}: ${JSON.stringify(results[scenario])}`);
  }
  if (o.json) console.log(JSON.stringify({ cli: path.relative(REPO_ROOT, o.cli) || o.cli, seconds: o.seconds, clients: o.clients, results }, null, 2));
}

await main();
