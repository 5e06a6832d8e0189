import { createRequire } from 'node:module';
import type * as PromClient from 'prom-client';

/**
 * prom-client's metric classes, loaded from their own modules. Its index also loads every default metric, and the
 * CPU one loads @opentelemetry/api, whose `module` build Node cannot load when the test runner passes
 * `--conditions module` (Vitest does, from the server project's SSR conditions); the classes below load nothing of it.
 * The package has no `exports` map, so these paths are public to Node; the types are the package's own.
 */
const require = createRequire(import.meta.url);

export const Registry = require('prom-client/lib/registry') as typeof PromClient.Registry;
export const Counter = require('prom-client/lib/counter') as typeof PromClient.Counter;
export const Gauge = require('prom-client/lib/gauge') as typeof PromClient.Gauge;
export const Histogram = require('prom-client/lib/histogram') as typeof PromClient.Histogram;
export type Gauge<T extends string = string> = PromClient.Gauge<T>;
