/**
 * The report in a real browser: headless Chromium from the system (Debian's `chromium` package,
 * never a downloaded one) driven by playwright-core. Loads the reports of a Uyghur forum thread, a
 * Chinese news page and an English article from the repository's own corpora/pages, checks that the
 * plots and highlights are there and visible and that nothing logs an error, and that a hostile
 * page's report runs no script and loads nothing. Screenshots go to a temp dir (printed).
 * Skips, saying so, when no Chromium is installed (CI installs it: .ci/run).
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectPage } from '../../src/inspect/index.js';
import { REPO } from '../cli/run.js';
import { BEACON, HOSTILE_PAGE } from './hostile.js';

/** The browser: `MATN_CHROMIUM` when set (a path that does not exist skips the test), else the first Debian/Ubuntu path that exists. */
const CANDIDATES = process.env.MATN_CHROMIUM ? [process.env.MATN_CHROMIUM] : ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
const CHROMIUM = CANDIDATES.find((p) => existsSync(p));
if (!CHROMIUM) console.warn(`test/inspect/browser.test.ts: SKIPPED, no Chromium at ${CANDIDATES.join(' or ')} (apt-get install -y chromium, or set MATN_CHROMIUM)`);

const PAGES = [
  { name: 'ug-forum-utf8', kind: 'Uyghur forum thread', rtl: true, posts: true },
  { name: 'zh-news-gbk', kind: 'Chinese news page', rtl: false, posts: false },
  { name: 'en-blog', kind: 'English article', rtl: false, posts: false },
] as const;

/** The browser globals the page functions use (the tsconfig has no DOM lib; casts are erased before they run). */
interface BrowserWindow {
  getComputedStyle(element: unknown): { direction: string; backgroundColor: string };
  scrollTo(x: number, y: number): void;
  readonly document: { readonly body: { readonly scrollHeight: number } };
  readonly pwned?: number;
}

const shots = mkdtempSync(join(tmpdir(), 'matn-inspect-shots-'));
let browser: Browser;

/** Opens a report file, collecting console errors, page errors, dialogs and every request. */
async function open(file: string): Promise<{ page: Page; errors: string[]; requests: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(`console.${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('dialog', (d) => { errors.push(`dialog: ${d.message()}`); void d.dismiss(); });
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
  return { page, errors, requests };
}

describe.skipIf(!CHROMIUM)(`inspect reports in headless Chromium (${CHROMIUM ?? 'not installed: skipped'})`, () => {
  beforeAll(async () => {
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    console.info(`inspect screenshots: ${shots}`);
  });
  afterAll(async () => browser?.close());

  it.each(PAGES)('$kind ($name): plots and highlights visible, no console error, nothing fetched', async ({ name, rtl, posts }) => {
    const file = join(shots, `${name}.html`);
    writeFileSync(file, inspectPage(readFileSync(join(REPO, 'corpora/pages', `${name}.html`)), { source: `corpora/pages/${name}.html` }));
    const { page, errors, requests } = await open(file);
    await page.screenshot({ path: join(shots, `${name}-top.png`) });
    for (const id of ['fig-line-blocks', 'fig-text-blocks', 'fig-correlativity']) {
      const figure = page.locator(`#${id}`);
      await figure.scrollIntoViewIfNeeded();
      await expect.poll(() => figure.isVisible()).toBe(true);
      const plots = figure.locator('svg.plot');
      expect(await plots.count()).toBeGreaterThan(0);
      for (let i = 0; i < (await plots.count()); i++) {
        const box = await plots.nth(i).boundingBox();
        expect(box!.width).toBeGreaterThan(300);
        expect(box!.height).toBeGreaterThan(100);
      }
      // the series is drawn (a path with data) and the chosen threshold is marked
      expect(await figure.locator('path.series').first().getAttribute('d')).toMatch(/[VL]/);
      expect(await figure.locator('line.threshold').count()).toBeGreaterThan(0);
      await figure.screenshot({ path: join(shots, `${name}-${id}.png`) });
    }
    const body = page.locator('.page-text .hl-body');
    expect(await body.count()).toBeGreaterThan(0);
    await body.first().scrollIntoViewIfNeeded();
    expect(await body.first().isVisible()).toBe(true);
    // the highlight has a background of its own
    expect(await body.first().evaluate((e) => (globalThis as unknown as BrowserWindow).getComputedStyle(e).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    expect(await body.first().evaluate((e) => (globalThis as unknown as BrowserWindow).getComputedStyle(e).direction)).toBe(rtl ? 'rtl' : 'ltr');
    await page.locator('#text').screenshot({ path: join(shots, `${name}-text.png`) });
    if (posts) {
      const post = page.locator('#posts article.post').first();
      expect(await post.isVisible()).toBe(true);
      expect(await post.locator('.body').evaluate((e) => (globalThis as unknown as BrowserWindow).getComputedStyle(e).direction)).toBe('rtl');
      expect(await page.locator('.page-text .hl-post').count()).toBeGreaterThan(0);
    }
    expect(errors).toEqual([]);
    expect(requests).toEqual([pathToFileURL(file).href]);
    await page.close();
  });

  it('a hostile page\'s report runs none of its scripts and loads none of its resources', async () => {
    const file = join(shots, 'hostile.html');
    writeFileSync(file, inspectPage(HOSTILE_PAGE, { source: 'hostile.html' }));
    const { page, errors, requests } = await open(file);
    await page.evaluate(() => { const w = globalThis as unknown as BrowserWindow; w.scrollTo(0, w.document.body.scrollHeight); });
    await page.screenshot({ path: join(shots, 'hostile.png'), fullPage: true });
    expect(await page.evaluate(() => (globalThis as unknown as BrowserWindow).pwned)).toBeUndefined();
    expect(await page.locator('script, img, iframe, link, object, embed, form, base').count()).toBe(0);
    expect(requests.filter((u) => u.startsWith(BEACON.slice(0, 20)))).toEqual([]);
    expect(requests).toEqual([pathToFileURL(file).href]);
    expect(errors).toEqual([]);
    // the page's markup is on screen as text
    expect(await page.locator('body').innerText()).toContain('<script>window.pwned=1');
    await page.close();
  });
});
