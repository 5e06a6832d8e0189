// `npm test`: every check, in order; fails if any fails. Steps: typecheck, lint (eslint + prettier), unit,
// component and API tests (Vitest, real PostgreSQL), production build, end-to-end journeys (Playwright, Chromium).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const vitestJson = path.join(root, '.data-test', 'vitest-results.json');
const e2eJson = path.join(root, 'e2e', 'artifacts', 'results.json');
rmSync(vitestJson, { force: true });
rmSync(e2eJson, { force: true });

const steps = [
  ['typecheck', bin('tsc'), ['-b']],
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
  ['format', bin('prettier'), ['--check', '.', '--log-level=warn']],
  [
    'unit, component and API tests',
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
  ],
  ['build', 'npm', ['run', 'build']],
  ['end-to-end journeys', 'npm', ['run', 'test', '-w', '@forkful/e2e']],
];

const failed = [];
for (const [name, command, args] of steps) {
  console.info(`\n━━ ${name} ━━`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) failed.push(name);
}

let passed = 0;
let failedTests = 0;
// The names of failed tests, printed again at the end: CI shows only the tail of the output.
const failedNames = [];
const firstLine = (message) =>
  String(message ?? '')
    // eslint-disable-next-line no-control-regex -- terminal colours in the runners' messages
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .find((line) => line.trim() !== '') ?? '';
if (existsSync(vitestJson)) {
  const report = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += report.numPassedTests;
  failedTests += report.numFailedTests;
  // A test file that failed before any of its tests ran (an error at import or in beforeAll) counts as one failure.
  for (const file of report.testResults ?? []) {
    const relative = path.relative(root, file.name ?? '');
    const failedInFile = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedInFile) {
      failedNames.push(`${relative} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
    if (file.status === 'failed' && failedInFile.length === 0) {
      failedTests += 1;
      failedNames.push(`${relative}: ${firstLine(file.message)}`);
    }
  }
}
if (existsSync(e2eJson)) {
  const report = JSON.parse(readFileSync(e2eJson, 'utf8'));
  passed += report.stats.expected;
  failedTests += report.stats.unexpected + report.stats.flaky;
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected' || test.status === 'flaky') {
          const error = test.results?.find((result) => result.error)?.error?.message;
          failedNames.push(`${[...titles, spec.title].join(' > ')} [${test.projectName}]: ${firstLine(error)}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
}
if (failedNames.length > 0) {
  console.info('\nFailed tests:');
  for (const name of failedNames) console.info(`  ✗ ${name.slice(0, 400)}`);
}
console.info(`\n${failed.length === 0 ? 'All checks passed.' : `Failed: ${failed.join(', ')}`}`);
// A failed step that ran no test (typecheck, lint, build) still counts as a failure.
console.info(
  `tests: ${passed} passed, ${failedTests + (failed.length > 0 && failedTests === 0 ? failed.length : 0)} failed`,
);
// Any failed test fails the run, even if its runner's own exit status said otherwise.
process.exit(failed.length === 0 && failedTests === 0 ? 0 : 1);
