/**
 * Batch bookkeeping: counts by outcome and error code, a progress bar on a terminal (cli-progress,
 * on stderr) and the summary line printed at the end.
 * @module
 */
import type { Writable } from 'node:stream';
import type { PageOutcome } from '../runner/page.js';

/** Counts of a batch. */
export interface BatchCounts {
  pages: number;
  ok: number;
  failed: number;
  skipped: number;
  /** Failed pages by error code. */
  readonly failures: Map<string, number>;
}

/** New zero counts. */
export function newCounts(): BatchCounts {
  return { pages: 0, ok: 0, failed: 0, skipped: 0, failures: new Map() };
}

/** Adds one outcome to `counts`. */
export function countOutcome(counts: BatchCounts, outcome: PageOutcome): void {
  counts.pages++;
  if (outcome.skipped) counts.skipped++;
  else if (outcome.ok) counts.ok++;
  else {
    counts.failed++;
    const code = outcome.error?.code ?? 'internal-error';
    counts.failures.set(code, (counts.failures.get(code) ?? 0) + 1);
  }
}

/**
 * The summary line, e.g. `matn: 181 pages, 180 ok, 1 failed (not-text 1), 0 skipped in 12.3 s, 14.7 pages/s`.
 * Pages/s counts processed pages (not skipped ones).
 */
export function formatSummary(counts: BatchCounts, seconds: number): string {
  const codes = [...counts.failures.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([c, n]) => `${c} ${n}`).join(', ');
  const processed = counts.pages - counts.skipped;
  const rate = seconds > 0 ? processed / seconds : 0;
  return `matn: ${counts.pages} pages, ${counts.ok} ok, ${counts.failed} failed${codes ? ` (${codes})` : ''}, ${counts.skipped} skipped in ${seconds.toFixed(1)} s, ${rate.toFixed(1)} pages/s`;
}

/** A progress display: a bar on a terminal, nothing otherwise. */
export interface Progress {
  /** False for the silent display (no terminal): nothing needs counting. */
  readonly active: boolean;
  setTotal(total: number): void;
  update(counts: BatchCounts): void;
  stop(): void;
}

const SILENT: Progress = { active: false, setTotal: () => undefined, update: () => undefined, stop: () => undefined };

/** A cli-progress bar on `stream` when it is a terminal (and not `quiet`), else a silent one. */
export async function createProgress(stream: Writable, quiet: boolean): Promise<Progress> {
  if (quiet || (stream as { isTTY?: boolean }).isTTY !== true) return SILENT;
  const { default: cliProgress } = await import('cli-progress'); // loaded only for a terminal
  const started = Date.now();
  const bar = new cliProgress.SingleBar({
    stream: stream as NodeJS.WritableStream,
    format: '{bar} {value}/{total} pages | {rate} pages/s | {errors} errors | ETA {eta_formatted}',
    etaBuffer: 50,
    hideCursor: true,
    clearOnComplete: false,
    fps: 5,
  }, cliProgress.Presets.shades_classic);
  bar.start(0, 0, { rate: '0.0', errors: 0 });
  return {
    active: true,
    setTotal: (total) => bar.setTotal(total),
    update: (counts) => {
      const seconds = (Date.now() - started) / 1000;
      const rate = seconds > 0 ? ((counts.pages - counts.skipped) / seconds).toFixed(1) : '0.0';
      bar.update(counts.pages, { rate, errors: counts.failed });
    },
    stop: () => bar.stop(),
  };
}
