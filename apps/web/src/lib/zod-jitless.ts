// Unless told otherwise, zod probes whether it may compile parsers with `new Function` the first time it builds an
// object schema; under our CSP (script-src without 'unsafe-eval') the browser reports that probe as an `eval`
// violation on every page with a form, although zod catches the refusal. main.tsx imports this module first, so
// the setting holds before any schema is built. The interpreted parsers are plenty fast for a form.
//
// The setting is written where zod keeps its configuration (`globalThis.__zod_globalConfig`, the object
// `z.config()` returns and updates, shared by every copy of zod on the page) instead of through `z.config`:
// importing zod here would put its core into the entry chunk the landing page loads (about 3.5 KB gzip, issue 15),
// although only forms, loaded later, use zod. zod-jitless.test.ts checks that zod reads it.
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig ??= {};
globalThis.__zod_globalConfig.jitless = true;

export {};
