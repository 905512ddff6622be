/**
 * CPU profiles of page loads for `npm run lighthouse` (LIGHTHOUSE_PROFILE=n): Chromium's sampling profiler
 * through the DevTools protocol, with the CPU slowed 4× as Lighthouse's mobile run simulates, and the
 * samples mapped through the build's hidden source maps to the original function and file — the
 * production bundles' names are minified. Says where a load's main-thread time goes (which function, how
 * many ms), change by change (docs/benchmarks/lighthouse.md).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import type { Page } from 'puppeteer-core';

/** Milliseconds of main-thread time by original function and by source file, over one or more loads. */
export interface LoadProfile {
  loads: number;
  /** Every non-idle sample, per load. */
  totalMs: number;
  byFunction: Map<string, number>;
  byFile: Map<string, number>;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

/** Source maps of the SPA's assets, read from the build folder when first needed. */
function sourceMaps(webDist: string) {
  const maps = new Map<string, TraceMap | null>();
  return (url: string): TraceMap | null => {
    const { pathname } = new URL(url);
    if (!pathname.startsWith('/assets/')) return null;
    if (!maps.has(pathname)) {
      const file = path.join(webDist, `${pathname}.map`);
      maps.set(pathname, existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null);
    }
    return maps.get(pathname)!;
  };
}

/** A package's name (`@emotion/serialize`) or the repository path of a source file. */
function fileLabel(source: string): string {
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (inModules) return inModules[1]!;
  const inRepo = /(apps|packages)\/.*$/.exec(source);
  return inRepo ? inRepo[0] : source;
}

/** Loads `url` in `page` with the CPU slowed `slowdown` times, `loads` times, profiling each load until the network is idle. */
export async function profileLoads(
  page: Page,
  url: string,
  webDist: string,
  loads: number,
  slowdown = 4,
): Promise<LoadProfile> {
  const mapOf = sourceMaps(webDist);
  const result: LoadProfile = { loads, totalMs: 0, byFunction: new Map(), byFile: new Map() };
  const add = (map: Map<string, number>, key: string, ms: number) =>
    map.set(key, (map.get(key) ?? 0) + ms / loads);
  await page.bringToFront();
  for (let i = 0; i < loads; i += 1) {
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(url, { waitUntil: 'networkidle0' });
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
      profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
    };
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const labels = new Map<number, { fn: string; file: string } | null>();
    const labelOf = (node: ProfileNode) => {
      if (labels.has(node.id)) return labels.get(node.id)!;
      const { functionName, url: scriptUrl, lineNumber, columnNumber } = node.callFrame;
      let label: { fn: string; file: string } | null;
      if (functionName === '(idle)') label = null;
      else if (!scriptUrl) label = { fn: functionName || '(anonymous)', file: functionName };
      else {
        const map = mapOf(scriptUrl);
        const original =
          map && lineNumber >= 0
            ? originalPositionFor(map, { line: lineNumber + 1, column: columnNumber })
            : null;
        const file = original?.source ? fileLabel(original.source) : new URL(scriptUrl).pathname;
        const fn = original?.name ?? (functionName || '(anonymous)');
        label = { fn: `${fn} (${file}${original?.line ? `:${original.line}` : ''})`, file };
      }
      labels.set(node.id, label);
      return label;
    };
    profile.samples.forEach((id, index) => {
      const ms = (profile.timeDeltas[index] ?? 0) / 1000;
      const label = labelOf(nodes.get(id)!);
      if (!label) return;
      result.totalMs += ms / loads;
      add(result.byFunction, label.fn, ms);
      add(result.byFile, label.file, ms);
    });
  }
  return result;
}

/** The mean of several profiles of the same page (taken in turns with another build's). */
export function meanProfile(profiles: LoadProfile[]): LoadProfile {
  const loads = profiles.reduce((sum, p) => sum + p.loads, 0);
  const mean: LoadProfile = { loads, totalMs: 0, byFunction: new Map(), byFile: new Map() };
  for (const p of profiles) {
    const weight = p.loads / loads;
    mean.totalMs += p.totalMs * weight;
    for (const [key, ms] of p.byFunction)
      mean.byFunction.set(key, (mean.byFunction.get(key) ?? 0) + ms * weight);
    for (const [key, ms] of p.byFile)
      mean.byFile.set(key, (mean.byFile.get(key) ?? 0) + ms * weight);
  }
  return mean;
}

const top = (map: Map<string, number>, n: number) =>
  [...map].sort((a, b) => b[1] - a[1]).slice(0, n);

/** Prints a profile: its total, and the functions and files that took the most time. */
export function printProfile(name: string, profile: LoadProfile, n = 15) {
  console.log(
    `\n${name}: ${Math.round(profile.totalMs)} ms of main-thread time per load at 4× (mean of ${profile.loads})`,
  );
  console.log('  by file or package:');
  for (const [file, ms] of top(profile.byFile, n))
    console.log(`    ${String(Math.round(ms)).padStart(6)} ms  ${file}`);
  console.log('  by function (self time):');
  for (const [fn, ms] of top(profile.byFunction, n))
    console.log(`    ${String(Math.round(ms)).padStart(6)} ms  ${fn}`);
}
