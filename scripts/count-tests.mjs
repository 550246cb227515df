#!/usr/bin/env node
// Adds up the JSON test reports in a folder and prints one line: "N passed, N failed" (", N skipped" when any were).
//   node scripts/count-tests.mjs [--steps-failed=N] REPORT_DIR [EXPECTED_FILE...]
// Understands Vitest's JSON reporter (numPassedTests, numFailedTests, numPendingTests, numTodoTests) and Playwright's
// (stats.expected, stats.unexpected, stats.flaky, stats.skipped). A report that is missing, unreadable or of an unknown
// shape counts as 1 failed, with a line on stderr saying which; so does a folder without any report.
// EXPECTED_FILE names (e.g. playwright.json) must be present: a run that died before writing its report is a failure.
// --steps-failed=N: N commands of the run failed; when the reports show no failed test, that counts as 1 failed
// (a step that broke without a report saying why still fails the run). Exits 1 when anything failed, else 0.
// Each failed test is named on stderr first ("failed: FILE > TITLE: first line of its error"), so the tail of a CI
// log, which is all some readers get, says what failed and not only how many.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const args = process.argv.slice(2);
const stepsFailed = Number(args.find((a) => a.startsWith('--steps-failed='))?.split('=')[1] ?? 0);
const [dir, ...expected] = args.filter((a) => !a.startsWith('--'));
const total = { passed: 0, failed: 0, skipped: 0 };
const problem = (message) => {
  console.error(`count-tests: ${message} (counted as 1 failed)`);
  total.failed += 1;
};
const count = (value) => (Number.isInteger(value) && value >= 0 ? value : 0);
const failures = [];

// Playwright nests suites (describe blocks) in files; a test that failed every retry has status "unexpected".
function playwrightFailures(suite, file) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'unexpected') continue;
      const error = test.results?.findLast((r) => r.errors?.length)?.errors[0]?.message;
      failures.push(`${spec.file ?? file}:${spec.line} > ${spec.title}: ${firstLine(error)}`);
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, suite.file ?? file);
}

function addReport(file, report) {
  if (report && typeof report === 'object' && report.stats && typeof report.stats === 'object') {
    // Playwright: flaky tests passed on a retry; unexpected ones failed.
    const { stats } = report;
    total.passed += count(stats.expected) + count(stats.flaky);
    total.failed += count(stats.unexpected);
    total.skipped += count(stats.skipped);
    for (const suite of report.suites ?? []) playwrightFailures(suite, suite.file);
    // Errors outside any test (a broken config, a web server that never answered) leave the counts at zero.
    if (Array.isArray(report.errors) && report.errors.length > 0) {
      problem(
        `${file}: ${report.errors.length} error(s) outside tests, e.g. ${firstLine(report.errors[0]?.message)}`,
      );
    }
    return;
  }
  if (report && typeof report === 'object' && 'numTotalTests' in report) {
    total.passed += count(report.numPassedTests);
    total.failed += count(report.numFailedTests);
    total.skipped += count(report.numPendingTests) + count(report.numTodoTests);
    for (const suite of Array.isArray(report.testResults) ? report.testResults : []) {
      for (const test of suite.assertionResults ?? []) {
        if (test.status === 'failed') {
          failures.push(`${suite.name} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
        }
      }
    }
    // A test file that failed to load (syntax error, import failure) has no tests to count but fails the run.
    const brokenSuites = Array.isArray(report.testResults)
      ? report.testResults.filter((s) => s?.status === 'failed' && !(s.assertionResults?.length > 0)).length
      : 0;
    if (brokenSuites > 0) problem(`${file}: ${brokenSuites} test file(s) failed without running any test`);
    else if (report.success === false && count(report.numFailedTests) === 0) {
      problem(`${file}: the run reports failure with no failed test`);
    }
    return;
  }
  problem(`${file}: not a Vitest or Playwright JSON report`);
}

function firstLine(text) {
  return stripVTControlCharacters(String(text ?? ''))
    .split('\n')[0]
    .slice(0, 200);
}

if (!dir) {
  problem('no report folder given (usage: node scripts/count-tests.mjs REPORT_DIR)');
} else {
  let files = [];
  try {
    files = readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort();
  } catch (error) {
    problem(`cannot read the report folder ${dir}: ${error.code ?? error.message}`);
  }
  if (files.length === 0 && total.failed === 0) problem(`no *.json report in ${dir}`);
  for (const name of expected) {
    if (!files.includes(name)) problem(`${join(dir, name)} is missing: that run wrote no report`);
  }
  for (const name of files) {
    const file = join(dir, name);
    let report;
    try {
      report = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      problem(`${file} is unreadable: ${firstLine(error.message)}`);
      continue;
    }
    addReport(file, report);
  }
}

if (stepsFailed > 0 && total.failed === 0)
  problem(`${stepsFailed} step(s) of the run failed, though no report shows a failure`);

for (const failure of failures) console.error(`failed: ${failure}`);
const skipped = total.skipped > 0 ? `, ${total.skipped} skipped` : '';
console.log(`${total.passed} passed, ${total.failed} failed${skipped}`);
process.exitCode = total.failed > 0 ? 1 : 0;
