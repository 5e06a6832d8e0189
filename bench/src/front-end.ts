import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { webDist } from './server-modules.js';

export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const chromePath = () => process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS_PER_PAGE = 3;

export interface PageScore {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Audits that cost points, per category, for the report's causes. */
  failing: string[];
  scripts: string[];
}

export interface Chunk {
  file: string;
  bytes: number;
  gzipBytes: number;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function scoreOf(lhr: Lhr, category: string): number {
  return Math.round((lhr.categories[category]?.score ?? 0) * 100);
}

/** What the console errors and DevTools issues were, which the audit titles do not say. */
function examples(audit: Lhr['audits'][string]): string {
  if (!['errors-in-console', 'inspector-issues'].includes(audit.id)) return '';
  const items = (audit.details as { items?: Array<{ description?: string; issueType?: string }> } | undefined)?.items;
  const shown = (items ?? []).slice(0, 2).map((item) => item.description ?? item.issueType ?? '');
  return shown.length > 0 ? `: ${shown.join(' / ').replace(/\|/g, '\\|').slice(0, 200)}` : '';
}

function failingAudits(lhr: Lhr): string[] {
  const found: string[] = [];
  for (const category of Object.values(lhr.categories)) {
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 0.9) continue;
      // Weightless audits count only when they are opportunities or diagnostics that explain a slow page.
      const explains = ['opportunity', 'table'].includes(String(audit.details?.type)) && audit.displayValue;
      if (ref.weight === 0 && !explains) continue;
      const value = audit.displayValue ? ` (${audit.displayValue})` : '';
      found.push(`${category.title}: ${audit.title}${value}${examples(audit)}`);
    }
  }
  return found;
}

async function lighthouseOnce(url: string): Promise<Lhr> {
  const chrome = await chromeLauncher.launch({ chromePath: chromePath(), chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

/** Lighthouse's default: mobile emulation with simulated throttling. The median of three runs by performance. */
export async function lighthousePage(baseUrl: string, page: string): Promise<PageScore> {
  const runs: Lhr[] = [];
  for (let run = 0; run < RUNS_PER_PAGE; run++) runs.push(await lighthouseOnce(`${baseUrl}${page}`));
  runs.sort((a, b) => scoreOf(a, 'performance') - scoreOf(b, 'performance'));
  const lhr = runs[Math.floor(runs.length / 2)] as Lhr;
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = (lhr.audits['network-requests']?.details as { items?: Array<Record<string, unknown>> } | undefined)
    ?.items;
  return {
    page,
    performance: scoreOf(lhr, 'performance'),
    accessibility: scoreOf(lhr, 'accessibility'),
    bestPractices: scoreOf(lhr, 'best-practices'),
    seo: scoreOf(lhr, 'seo'),
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    failing: failingAudits(lhr),
    scripts: (requests ?? [])
      .filter((item) => item.resourceType === 'Script')
      .map((item) => new URL(String(item.url)).pathname),
  };
}

/** Raw and gzip (level 9) size of every JS chunk of the web build. */
export function jsChunks(): Chunk[] {
  const assets = path.join(webDist, 'assets');
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const bytes = readFileSync(path.join(assets, file));
      return { file, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}

export interface ImageReport {
  /** The candidate the grid's srcset resolves to at 375 px wide, 2x (what a phone downloads), and its size. */
  gridPick: { width: number; bytes: number; url: string } | undefined;
  heroPick: { width: number; bytes: number; url: string } | undefined;
  /** Per variant width, across the demo recipes' photos: median and largest size in bytes. */
  variants: Array<{ width: number; count: number; medianBytes: number; maxBytes: number }>;
}

async function sizeOf(url: string): Promise<number> {
  const response = await fetch(url);
  return (await response.arrayBuffer()).byteLength;
}

async function pickAt375(baseUrl: string, page: string, selector: string): Promise<ImageReport['gridPick']> {
  const browser = await puppeteer.launch({ executablePath: chromePath(), args: CHROME_FLAGS, headless: true });
  try {
    const tab = await browser.newPage();
    await tab.setViewport({ width: 375, height: 812, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    await tab.goto(`${baseUrl}${page}`, { waitUntil: 'networkidle0', timeout: 60_000 });
    await tab.waitForSelector(selector, { timeout: 30_000 });
    const src = await tab.$eval(selector, (img) => (img as HTMLImageElement).currentSrc);
    if (!src) return undefined;
    const width = Number(/-(\d+)\.webp$/.exec(src)?.[1] ?? 0);
    return { width, bytes: await sizeOf(src), url: new URL(src).pathname };
  } finally {
    await browser.close();
  }
}

export async function imageReport(baseUrl: string, heroPage: string): Promise<ImageReport> {
  const list = (await (await fetch(`${baseUrl}/api/v1/recipes/all?page=1&limit=48`)).json()) as {
    data: { recipes: Array<{ recipePhotoVariants: Array<{ width: number; url: string }> }> };
  };
  const byWidth = new Map<number, number[]>();
  for (const recipe of list.data.recipes) {
    for (const variant of recipe.recipePhotoVariants) {
      byWidth.set(variant.width, [...(byWidth.get(variant.width) ?? []), await sizeOf(`${baseUrl}${variant.url}`)]);
    }
  }
  const variants = [...byWidth.entries()]
    .sort(([a], [b]) => a - b)
    .map(([width, sizes]) => {
      const sorted = [...sizes].sort((a, b) => a - b);
      return {
        width,
        count: sorted.length,
        medianBytes: sorted[Math.floor(sorted.length / 2)] ?? 0,
        maxBytes: sorted[sorted.length - 1] ?? 0,
      };
    });
  return {
    gridPick: await pickAt375(baseUrl, '/recipes', 'main ul li img[srcset]'),
    heroPick: await pickAt375(baseUrl, heroPage, 'main img[srcset]'),
    variants,
  };
}
