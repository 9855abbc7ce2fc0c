// @ts-check
/**
 * boilerpipe (Kohlschütter et al. 2010, the Java library; Debian `libboilerpipe-java`) as a peer of
 * the bench: one long-lived JVM per bench run (bench/peers/BoilerpipePeer.java, compiled here with
 * `javac`), driven over two named pipes with blocking reads so that the bench's synchronous timed
 * loop can call it page by page like the in-process peers. A call's wall time is the JVM's
 * extraction plus a pipe round trip (tens of µs); its CPU time is not visible to this process.
 * @module
 */
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where Debian installs the library and the two it needs. */
const JARS = ['/usr/share/java/boilerpipe.jar', '/usr/share/java/nekohtml.jar', '/usr/share/java/xercesImpl.jar'];
const SOURCE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'peers', 'BoilerpipePeer.java');

/**
 * @typedef {object} BoilerpipePeer
 * @property {(html: string) => number} load     hands a decoded page to the JVM (outside the timed loop); its index
 * @property {(index: number) => number} extract  ArticleExtractor on a loaded page; the text length (-1: boilerpipe threw)
 * @property {() => void} close
 */

/** @returns {string | null} why boilerpipe cannot run here, or null */
function missing() {
  for (const tool of ['java', 'javac']) {
    try {
      execFileSync(tool, ['-version'], { stdio: 'ignore' });
    } catch {
      return `${tool} not found (Debian: apt-get install default-jdk-headless libboilerpipe-java)`;
    }
  }
  const absent = JARS.find((jar) => !existsSync(jar));
  return absent ? `${absent} not found (Debian: apt-get install libboilerpipe-java)` : null;
}

/**
 * Starts the boilerpipe JVM, or says why it cannot.
 * @returns {BoilerpipePeer | string}
 */
export function startBoilerpipe() {
  const why = missing();
  if (why) return why;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'matn-boilerpipe-'));
  const classpath = [dir, ...JARS].join(path.delimiter);
  execFileSync('javac', ['-cp', classpath, '-d', dir, SOURCE], { stdio: 'inherit' });
  const [requests, answers] = [path.join(dir, 'requests'), path.join(dir, 'answers')];
  execFileSync('mkfifo', [requests, answers]);
  const jvm = spawn('java', ['-cp', classpath, 'BoilerpipePeer', requests, answers], { stdio: ['ignore', 'ignore', 'inherit'] });
  jvm.unref(); // the bench exits when its own work is done (or fails); the JVM ends when its pipe closes
  // the JVM opens `requests` first, then `answers`: opening them in the same order cannot deadlock
  const out = openSync(requests, 'w');
  const input = openSync(answers, 'r');
  const buffer = Buffer.alloc(64);
  let pending = '';
  let pages = 0;
  /** @param {string} request */
  const ask = (request) => {
    writeSync(out, `${request}\n`);
    for (;;) {
      const nl = pending.indexOf('\n');
      if (nl >= 0) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        return Number(line);
      }
      const n = readSync(input, buffer, 0, buffer.length, null);
      if (n === 0) throw new Error('boilerpipe JVM closed its answers pipe');
      pending += buffer.toString('latin1', 0, n);
    }
  };
  return {
    load: (html) => {
      const file = path.join(dir, `page-${pages++}.html`);
      writeFileSync(file, html);
      return ask(`load ${file}`);
    },
    extract: (index) => ask(`x ${index}`),
    close: () => {
      writeSync(out, 'quit\n');
      closeSync(out);
      closeSync(input);
      jvm.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
