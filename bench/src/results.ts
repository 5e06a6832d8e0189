import type { Explained, ScenarioResult } from './api-bench.js';
import type { ColdStart, EmbeddedRun } from './embedded.js';
import type { Chunk, ImageReport, PageScore } from './front-end.js';
import type { LoadReport } from './generate.js';
import type { Machine } from './machine.js';
import type { MealPlanLoad } from './meal-plan-data.js';

export interface SizeRun {
  label: string;
  recipes: number;
  load: LoadReport;
  /** Issue 18's planned meals, when a meal-planner scenario ran (meal-plan-data.ts). */
  plannedMeals?: MealPlanLoad;
  results: ScenarioResult[];
  explained: Explained[];
}

export interface FrontEndRun {
  server: string;
  pages: PageScore[];
  chunks: Chunk[];
  /** The scripts the landing page loaded (Lighthouse's network log), gzipped total. */
  landingScripts: string[];
  landingGzipBytes: number;
  images: ImageReport;
}

export interface RunResults {
  startedAt: Date;
  finishedAt: Date;
  command: string;
  durationSeconds: number;
  machine: Machine;
  sizes: SizeRun[];
  cold: Omit<ColdStart, 'server' | 'dataDir'> | undefined;
  embedded: (EmbeddedRun & { label: string }) | undefined;
  frontEnd: FrontEndRun | undefined;
  notes: string[];
}

export const ratio = (result: ScenarioResult) =>
  result.ceiling && result.ceiling.requestsPerSecond > 0
    ? result.app.requestsPerSecond / result.ceiling.requestsPerSecond
    : Number.NaN;
