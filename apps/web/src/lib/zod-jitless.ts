import { z } from 'zod';

// Unless told otherwise, zod probes whether it may compile parsers with `new Function` the first time it builds an
// object schema; under our CSP (script-src without 'unsafe-eval') the browser reports that probe as an `eval`
// violation on every page with a form, although zod catches the refusal. main.tsx imports this module first, so
// the setting holds before any schema is built. The interpreted parsers are plenty fast for a form.
z.config({ jitless: true });
