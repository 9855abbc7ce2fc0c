/**
 * `matn serve` with real requests on a loopback port: extraction with the Content-Type's charset,
 * health, and the limits (oversized bodies, slow requests, pages in flight, outbound fetch).
 */
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/serve/server.js';
import { cliArgs, REPO, runChild } from '../cli/run.js';

const ARABIC = '<html><head><title>تقرير الطقس</title></head><body><article><h1>تقرير الطقس</h1><p>يتوقع أن يكون الجو معتدلا غدا مع رياح خفيفة في المساء، وأن تهطل أمطار قليلة على المناطق الجبلية.</p></article></body></html>';

/** Sends raw bytes on a socket and resolves to everything the server answered before closing. */
function rawRequest(port: number, chunks: readonly string[], gapMs: number): Promise<{ text: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (c) => { text += c.toString(); });
    socket.on('error', reject);
    socket.on('close', () => resolve({ text, ms: Date.now() - started }));
    let i = 0;
    const next = (): void => {
      if (socket.destroyed || i >= chunks.length) return;
      socket.write(chunks[i++]);
      setTimeout(next, gapMs);
    };
    socket.on('connect', next);
  });
}

describe('matn serve', { timeout: 30_000 }, () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, maxBodyBytes: 4096, requestTimeoutMs: 800, maxInFlight: 1, jobs: 1 });
  });
  afterAll(async () => { await server?.close(); });

  it('GET /health answers ok', async () => {
    const res = await fetch(`${server.url}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', inFlight: 0, maxInFlight: 1, fetch: false });
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

  it('an oversized body gets 413, by Content-Length or while streaming (chunked)', async () => {
    const big = await fetch(`${server.url}/extract`, { method: 'POST', body: 'x'.repeat(5000) });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ error: { code: 'input-too-large' } });
    const chunks = ['POST /extract HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n', ...Array.from({ length: 6 }, () => `3e8\r\n${'y'.repeat(1000)}\r\n`), '0\r\n\r\n'];
    const streamed = await rawRequest(server.port, chunks, 5);
    expect(streamed.text).toMatch(/^HTTP\/1\.1 413 /u);
  });

  it('a slow request (body trickling in) gets 408 and the connection closed after the request timeout', async () => {
    const slow = await rawRequest(server.port, ['POST /extract HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'], 400);
    expect(slow.text).toMatch(/^HTTP\/1\.1 408 /u);
    expect(slow.ms).toBeLessThan(3000);
  });

  it('past the pages in flight: 503 with Retry-After', async () => {
    // a slow upload holds the only slot
    const holder = rawRequest(server.port, ['POST /extract HTTP/1.1\r\nHost: x\r\nContent-Length: 50\r\n\r\n', 'partial'], 10);
    await new Promise((r) => setTimeout(r, 150));
    const res = await fetch(`${server.url}/extract`, { method: 'POST', body: '<p>hello</p>' });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    await holder;
  });

  it('an extraction past the time limit gets 504', async () => {
    // 1 ms: less than any page takes in a worker thread
    const hurried = await startServer({ port: 0, extractTimeoutMs: 1 });
    try {
      const res = await fetch(`${hurried.url}/extract`, { method: 'POST', body: ARABIC });
      expect(res.status).toBe(504);
      expect(await res.json()).toMatchObject({ error: { code: 'timeout' } });
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
