#!/usr/bin/env node
// Runs every test runner in the workspace and ends with one line "N passed, N failed, N skipped"
// (the line CI reads), after a line naming each test that passed only on retry.
//
// Runners: biome (lint + format), the regex lint, tsc per package, the size budgets
// (scripts/budgets.mjs), vitest per config file (json reports; a package's React 18 run is a
// project of its one config, so it counts in the same report), Storybook build, Playwright.
//
// The rule: any runner or step that exits non-zero is at least one failure, whatever its report
// says. A test file whose setup throws (Vitest then marks its tests skipped), an error outside any
// test, a spec that fails to load: each counts as a failure, named in the "Failed:" line.
//
// Environment:
//   DOCCHAT_TEST_ROOT   the workspace to run (default: this repository); the runner's self-test
//                       points it at packages/test-utils/runner-fixtures/*
//   DOCCHAT_TEST_STEPS  comma-separated subset of: lint,build,typecheck,vitest,playwright
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const repo = fileURLToPath(new URL('..', import.meta.url))
const root = resolve(process.env.DOCCHAT_TEST_ROOT ?? repo)
const allSteps = ['lint', 'build', 'typecheck', 'vitest', 'playwright']
const steps = new Set(process.env.DOCCHAT_TEST_STEPS?.split(',') ?? allSteps)
const reports = join(root, '.reports')
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })

const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', STORYBOOK_DISABLE_TELEMETRY: '1' }
const count = { passed: 0, failed: 0, skipped: 0 }
const failures = []
const flaky = []

function run(label, command, args, options = {}) {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env, cwd: root, ...options })
  return result.status ?? 1
}

function fail(label, failedCount = 1) {
  count.failed += failedCount
  failures.push(label)
}

/** A step is one check: it passes or fails as a whole. */
function step(label, command, args, options) {
  const status = run(label, command, args, options)
  if (status === 0) count.passed++
  else fail(label)
  return status === 0
}

function readReport(file, label, status) {
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'))
  fail(`${label} (no report; exit ${status})`)
  return undefined
}

function countVitest(file, label, status) {
  const report = readReport(file, label, status)
  if (!report) return
  let failed = report.numFailedTests ?? 0
  count.passed += report.numPassedTests ?? 0
  count.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
  // A file that failed with no failed test in it: it did not load, or its beforeAll/afterAll threw.
  for (const suite of report.testResults ?? []) {
    const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed')
    if (suite.status === 'failed' && failedTests.length === 0) {
      failed++
      console.log(`\n${label}: ${relative(root, suite.name)} failed outside its tests`)
    }
    for (const test of suite.assertionResults ?? []) {
      if (test.status === 'passed' && (test.retryCount ?? 0) > 0) {
        flaky.push(`${relative(root, suite.name)} › ${test.fullName}`)
      }
    }
  }
  // Errors outside any file (an unhandled rejection, a failing global setup) only show here.
  if (failed === 0 && (status !== 0 || report.success === false)) failed = 1
  if (failed) fail(label, failed)
}

function playwrightSpecs(suites, into = []) {
  for (const suite of suites ?? []) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) into.push({ file: spec.file, title: spec.title, test })
    }
    playwrightSpecs(suite.suites, into)
  }
  return into
}

function countPlaywright(file, label, status) {
  const report = readReport(file, label, status)
  if (!report) return
  const { stats = {}, errors = [] } = report
  // A flaky test failed once and passed on its retry: counted as passed, and named.
  count.passed += (stats.expected ?? 0) + (stats.flaky ?? 0)
  count.skipped += stats.skipped ?? 0
  for (const { file: spec, title, test } of playwrightSpecs(report.suites)) {
    if (test.status === 'flaky') flaky.push(`${spec} › ${title}`)
  }
  // Errors outside any test: a spec that fails to load, a forbidden `.only`, a webServer that
  // never started.
  for (const error of errors) console.log(`\n${label}: ${error.message?.split('\n')[0] ?? error}`)
  let failed = (stats.unexpected ?? 0) + errors.length
  if (failed === 0 && status !== 0) failed = 1
  if (failed) fail(label, failed)
}

const workspaceDirs = ['packages', 'apps']
  .filter((d) => existsSync(join(root, d)))
  .flatMap((d) => readdirSync(join(root, d)).map((n) => join(root, d, n)))
  .filter((dir) => existsSync(join(dir, 'package.json')))

if (steps.has('lint')) {
  step('lint', 'pnpm', ['exec', 'biome', 'ci', '--colors=off', '.'])
  step('regexp lint', 'pnpm', ['run', '--silent', 'lint:regexp'])
  // Import cycles (dpdm) and unused files, exports and dependencies (knip) fail the run.
  step('import cycles', 'pnpm', ['run', '--silent', 'lint:cycles'])
  step('unused code', 'pnpm', ['run', '--silent', 'lint:unused'])
}
const built =
  steps.has('build') && step('build', 'pnpm', ['-r', '--workspace-concurrency=2', 'build'])

if (built) {
  for (const dir of workspaceDirs) {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
    if (manifest.scripts?.['check:package']) {
      step(`package ${manifest.name}`, 'pnpm', ['run', '--silent', 'check:package'], { cwd: dir })
    }
  }
  // The size budgets, all stated in scripts/budgets.mjs: every public import (dist against
  // source), and the drop-in as shipped (dist-embed/).
  step('entry sizes', 'node', ['scripts/entry-sizes.mjs'])
  step('drop-in sizes', 'node', ['packages/widget/bench/bundle-sizes.mjs', '--drop-in'])
}

if (steps.has('typecheck')) {
  for (const dir of [...workspaceDirs, join(root, 'playwright')]) {
    if (existsSync(join(dir, 'tsconfig.json'))) {
      step(
        `typecheck ${relative(root, dir)}`,
        'pnpm',
        ['exec', 'tsc', '--noEmit', '-p', 'tsconfig.json'],
        {
          cwd: dir,
        },
      )
    }
  }
}

if (steps.has('vitest')) {
  for (const dir of workspaceDirs) {
    const configs = readdirSync(dir).filter((f) => /^vitest(\..+)?\.config\.ts$/.test(f))
    for (const config of configs) {
      const label = `vitest ${relative(root, dir)}/${config}`
      const out = join(reports, `${relative(root, dir).replaceAll('/', '-')}-${config}.json`)
      const args = [
        'exec',
        'vitest',
        'run',
        '--config',
        config,
        '--reporter=default',
        '--reporter=json',
      ]
      const status = run(label, 'pnpm', [...args, `--outputFile=${out}`], { cwd: dir })
      countVitest(out, label, status)
    }
  }
}

const e2e = join(root, 'playwright')
if (steps.has('playwright') && existsSync(join(e2e, 'playwright.config.ts'))) {
  if (steps.has('build') && !built) {
    fail('playwright (build failed)')
  } else {
    const out = join(reports, 'playwright.json')
    const status = run('playwright', 'pnpm', ['exec', 'playwright', 'test'], {
      cwd: e2e,
      env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
    })
    countPlaywright(out, 'playwright', status)
  }
}

if (failures.length) console.log(`\nFailed: ${failures.join('; ')}`)
console.log(
  `\nFlaky (passed only on retry): ${flaky.length}${flaky.length ? `: ${flaky.join('; ')}` : ''}`,
)
console.log(`${count.passed} passed, ${count.failed} failed, ${count.skipped} skipped`)
process.exit(count.failed ? 1 : 0)
