/**
 * `matn serve` with real requests on a loopback port: extraction with the Content-Type's charset,
 * health, and the limits: oversized and empty bodies, slow requests (a JSON 408, no slot held),
 * pages in flight, uploads at once, extraction time (504, the slot freed at once), outbound fetch.
 */
import { spawn, spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/serve/server.js';
import { cliArgs, REPO, runChild } from '../cli/run.js';

const ARABIC = '<html><head><title>تقرير الطقس</title></head><body><article><h1>تقرير الطقس</h1><p>يتوقع أن يكون الجو معتدلا غدا مع رياح خفيفة في المساء، وأن تهطل أمطار قليلة على المناطق الجبلية.</p></article></body></html>';
/** A page whose extraction takes seconds (≈ 1.4 s per MB of `<p>` siblings on an idle core). */
/** A page whose extraction takes about 2 s on a fast machine (200,000 paragraphs came under the 1 s limit below): 6.6 MB. */
const SLOW = `<html><body>${'<p>word</p>'.repeat(600_000)}`;

/** Sends raw bytes on a socket, `gapMs` apart, and resolves to everything the server answered before closing. */
function rawRequest(port: number, chunks: readonly string[], gapMs: number): Promise<{ text: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (c) => { text += c.toString(); });
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error)));
    socket.on('close', () => resolve({ text, ms: Date.now() - started }));
    let i = 0;
    const next = (): void => {
      if (socket.destroyed || socket.writableEnded || i >= chunks.length) return;
      socket.write(chunks[i++]);
      setTimeout(next, gapMs);
    };
    socket.on('connect', next);
  });
}

/** The status and the JSON body of a raw HTTP answer. */
function parseAnswer(text: string): { status: number; body: unknown } {
  const status = Number(/^HTTP\/1\.1 (\d{3}) /u.exec(text)?.[1] ?? 0);
  const body = text.slice(text.indexOf('\r\n\r\n') + 4);
  return { status, body: body === '' ? null : JSON.parse(body) };
}

const drip = (length: number, count: number): string[] => [`POST /extract HTTP/1.1\r\nHost: x\r\nContent-Length: ${length}\r\n\r\n`, ...'abcdefghijklmnopqrstuvwxyz'.slice(0, count)];

describe('matn serve', { timeout: 60_000 }, () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, maxBodyBytes: 4096, readTimeoutMs: 800, maxInFlight: 1, maxUploads: 4, jobs: 1 });
  });
  afterAll(async () => { await server?.close(); });

  it('GET /health answers ok', async () => {
    const res = await fetch(`${server.url}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', inFlight: 0, maxInFlight: 1, uploads: 0, maxUploads: 4, fetch: false });
  });

  it('POST /extract: the record, decoded with the charset of the Content-Type header', async () => {
    const res = await fetch(`${server.url}/extract?id=weather&url=${encodeURIComponent('https://example.org/weather')}`, {
      method: 'POST', headers: { 'content-type': 'text/html; charset=windows-1256' }, body: iconv.encode(ARABIC, 'windows-1256'),
    });
    expect(res.status).toBe(200);
    const record = await res.json() as Record<string, unknown>;
    expect(record).toMatchObject({ id: 'weather', url: 'https://example.org/weather', title: 'تقرير الطقس', encoding: 'windows-1256' });
    expect(String(record.body)).toContain('رياح خفيفة');
  });

  it('a page that cannot be extracted gets 422 with its error code', async () => {
    const res = await fetch(`${server.url}/extract`, { method: 'POST', body: new Uint8Array([0, 1, 2, 0, 0, 0, 255, 0, 0, 0, 3, 0]) });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ error: { code: 'not-text' } });
  });

  it('an empty body gets 400 empty-body', async () => {
    const res = await fetch(`${server.url}/extract`, { method: 'POST', body: '' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: 'empty-body', message: expect.any(String) } });
  });

  it('an oversized body gets a JSON 413 once it is drained, by Content-Length or while streaming (chunked); over twice the limit at once', async () => {
    const big = await fetch(`${server.url}/extract`, { method: 'POST', body: 'x'.repeat(5000) });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ error: { code: 'input-too-large' } });
    const chunks = ['POST /extract HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n', ...Array.from({ length: 6 }, () => `3e8\r\n${'y'.repeat(1000)}\r\n`), '0\r\n\r\n'];
    const streamed = await rawRequest(server.port, chunks, 5);
    expect(parseAnswer(streamed.text)).toMatchObject({ status: 413, body: { error: { code: 'input-too-large' } } });
    const huge = await rawRequest(server.port, ['POST /extract HTTP/1.1\r\nHost: x\r\nContent-Length: 9000\r\n\r\n'], 5);
    expect(parseAnswer(huge.text)).toMatchObject({ status: 413, body: { error: { code: 'input-too-large' } } });
  });

  it('Expect: 100-continue with a body declared too large: a 413 instead of 100 Continue, before the body is sent', async () => {
    const answer = await rawRequest(server.port, ['POST /extract HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\nExpect: 100-continue\r\n\r\n'], 5);
    expect(answer.text).not.toContain('100 Continue');
    expect(parseAnswer(answer.text)).toMatchObject({ status: 413, body: { error: { code: 'input-too-large' } } });
  });

  it.each([
    ['Python http.client', ['python3', ['-c', 'import http.client,sys\nc=http.client.HTTPConnection("127.0.0.1",int(sys.argv[1]))\nc.request("POST","/extract",body=b"x"*6000)\nr=c.getresponse()\nprint(r.status,r.read().decode())', 'PORT']]],
    ['curl', ['curl', ['-s', '-w', '\n%{http_code}', '--data-binary', '@-', 'URL/extract']]],
  ] as const)('%s reads the 413 of a body over the limit (it sends the whole body before reading)', async (_, [command, args]) => {
    if (spawnSync(command, ['--version'], { stdio: 'ignore' }).status !== 0) {
      console.warn(`test/serve: ${command} is not installed; the check is skipped`);
      return;
    }
    const argv = args.map((a) => a.replace('PORT', String(server.port)).replace('URL', server.url));
    // not spawnSync: the server answers from this process's event loop
    const child = spawn(command, argv, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => { stdout += c.toString(); });
    child.stderr.on('data', (c: Buffer) => { stderr += c.toString(); });
    child.stdin.end('x'.repeat(6000));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toMatch(/413/u);
    expect(stdout).toContain('"code":"input-too-large"');
  });

  it('a slow request (body trickling in) gets a JSON 408 read-timeout and the connection closed', async () => {
    const slow = await rawRequest(server.port, drip(100, 10), 400);
    expect(parseAnswer(slow.text)).toEqual({ status: 408, body: { error: { code: 'read-timeout', message: expect.stringContaining('800 ms') } } });
  });

  it('slow headers get the JSON 408 too; a malformed request a JSON 400', async () => {
    const headers = await rawRequest(server.port, ['POST /extract HTTP/1.1\r\n', 'Host: x\r\n', 'X-A: 1\r\n', 'X-B: 2\r\n', 'X-C: 3\r\n', 'X-D: 4\r\n'], 400);
    expect(parseAnswer(headers.text)).toMatchObject({ status: 408, body: { error: { code: 'read-timeout' } } });
    const malformed = await rawRequest(server.port, ['this is not HTTP\r\n\r\n'], 5);
    expect(parseAnswer(malformed.text)).toMatchObject({ status: 400, body: { error: { code: 'bad-request' } } });
  });

  it('slow uploads hold no slot: with the only slot free, a page is answered while two uploads trickle; past maxUploads, 503', async () => {
    const slow = [rawRequest(server.port, drip(50, 6), 200), rawRequest(server.port, drip(50, 6), 200)];
    await new Promise((r) => setTimeout(r, 150));
    const health = await (await fetch(`${server.url}/health`)).json() as { uploads: number; inFlight: number };
    expect(health).toMatchObject({ uploads: 2, inFlight: 0 });
    const res = await fetch(`${server.url}/extract`, { method: 'POST', body: '<p>hello</p>' });
    expect(res.status).toBe(200);
    const more = [rawRequest(server.port, drip(50, 6), 200), rawRequest(server.port, drip(50, 6), 200)];
    await new Promise((r) => setTimeout(r, 150));
    const refused = await fetch(`${server.url}/extract`, { method: 'POST', body: '<p>hello</p>' });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ error: { code: 'busy' } });
    for (const answer of await Promise.all([...slow, ...more])) expect(parseAnswer(answer.text).status).toBe(408);
  });

  it('past the pages in flight: 503 with Retry-After, after the body is read', async () => {
    // the slow page holds the only slot for up to 3 s (504 after), long enough to be refused beside it
    const slowServer = await startServer({ port: 0, maxInFlight: 1, jobs: 1, extractTimeoutMs: 3000 });
    try {
      const holder = fetch(`${slowServer.url}/extract`, { method: 'POST', body: SLOW });
      for (let i = 0; i < 100; i++) {
        const health = await (await fetch(`${slowServer.url}/health`)).json() as { inFlight: number };
        if (health.inFlight === 1) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const res = await fetch(`${slowServer.url}/extract`, { method: 'POST', body: '<p>hello</p>' });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(await res.json()).toMatchObject({ error: { code: 'busy' } });
      expect([200, 504]).toContain((await holder).status);
    } finally {
      await slowServer.close();
    }
  });

  it('an extraction past the time limit gets a JSON 504, its slot is free at once, the next page gets 200', async () => {
    // the server listens once its workers are loaded and warm; one worker and a spare: the ended
    // worker's replacement need not be up for the next page
    const hurried = await startServer({ port: 0, extractTimeoutMs: 1000, maxInFlight: 1, jobs: 1 });
    try {
      const res = await fetch(`${hurried.url}/extract`, { method: 'POST', body: SLOW });
      expect(res.status).toBe(504);
      expect(await res.json()).toMatchObject({ error: { code: 'timeout', message: expect.stringContaining('its worker was ended') } });
      expect(await (await fetch(`${hurried.url}/health`)).json()).toMatchObject({ inFlight: 0 });
      const next = await fetch(`${hurried.url}/extract`, { method: 'POST', body: ARABIC });
      expect(next.status).toBe(200);
    } finally {
      await hurried.close();
    }
  });

  it('routes: 404 elsewhere, 405 for a wrong method', async () => {
    expect((await fetch(`${server.url}/nope`)).status).toBe(404);
    expect((await fetch(`${server.url}/extract`)).status).toBe(405);
  });

  it('no outbound fetch unless enabled; when enabled the SSRF guard refuses loopback', async () => {
    const refused = await fetch(`${server.url}/extract?fetch=${encodeURIComponent('https://example.org/')}`, { method: 'POST' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'fetch-disabled' } });
    const fetching = await startServer({ port: 0, allowFetch: true });
    try {
      const res = await fetch(`${fetching.url}/extract?fetch=${encodeURIComponent(`${server.url}/health`)}`, { method: 'POST' });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'private-address' } });
    } finally {
      await fetching.close();
    }
  });

  it('matn serve --port 0 as a process: prints its address, answers, stops on SIGTERM with exit 0', async () => {
    const child = spawn(process.execPath, cliArgs(['serve', '--port', '0']), { cwd: REPO, stdio: ['ignore', 'ignore', 'pipe'] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let err = '';
        child.stderr.on('data', (c: Buffer) => {
          err += c.toString();
          const m = /listening on (http:\/\/\S+)/u.exec(err);
          if (m) resolve(m[1]);
        });
        child.once('exit', () => reject(new Error(`exited: ${err}`)));
      });
      const res = await fetch(`${url}/extract`, { method: 'POST', headers: { 'content-type': 'text/html; charset=utf-8' }, body: ARABIC });
      expect(await res.json()).toMatchObject({ id: 'page', title: 'تقرير الطقس' });
      const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exit).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('the CLI refuses a bad --port as a usage error', async () => {
    expect((await runChild(['serve', '--port', 'abc'])).code).toBe(2);
  });
});
