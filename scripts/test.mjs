#!/usr/bin/env node
// Runs every test runner in the workspace and ends with one line "N passed, N failed".
// Runners: biome (lint + format), tsc per package, vitest per config file (json reports; a
// package's React 18 run is a project of its one config, so it counts in the same report),
// Storybook build, Playwright. Each runner's own summary is printed as it runs.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join, relative } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const reports = join(root, '.reports')
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })

const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', STORYBOOK_DISABLE_TELEMETRY: '1' }
let passed = 0
let failed = 0
const failures = []

function run(label, command, args, options = {}) {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env, cwd: root, ...options })
  return result.status === 0
}

function step(label, command, args, options) {
  const ok = run(label, command, args, options)
  if (ok) passed++
  else {
    failed++
    failures.push(label)
  }
  return ok
}

function countVitest(file, label, ok) {
  if (!existsSync(file)) {
    failed++
    failures.push(`${label} (no report)`)
    return
  }
  const report = JSON.parse(readFileSync(file, 'utf8'))
  passed += report.numPassedTests ?? 0
  failed += report.numFailedTests ?? 0
  // A suite that fails to load has no tests to count: count it as a failure.
  const broken = (report.testResults ?? []).filter(
    (s) => s.status === 'failed' && (s.assertionResults ?? []).length === 0,
  )
  failed += broken.length
  if (!ok || broken.length || report.numFailedTests) failures.push(label)
}

function countPlaywright(file, label) {
  if (!existsSync(file)) {
    failed++
    failures.push(`${label} (no report)`)
    return
  }
  const { stats } = JSON.parse(readFileSync(file, 'utf8'))
  // A flaky test failed once and passed on its retry: counted as passed, named in the log.
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0)
  failed += stats.unexpected ?? 0
  if (stats.flaky) console.log(`\n${label}: ${stats.flaky} flaky (passed on retry)`)
  if (stats.unexpected) failures.push(label)
}

const workspaceDirs = ['packages', 'apps']
  .flatMap((d) => readdirSync(join(root, d)).map((n) => join(root, d, n)))
  .filter((dir) => existsSync(join(dir, 'package.json')))

step('lint', 'pnpm', ['exec', 'biome', 'ci', '--colors=off', '.'])
const built = step('build', 'pnpm', ['-r', '--workspace-concurrency=2', 'build'])

for (const dir of workspaceDirs) {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
  if (built && manifest.scripts?.['check:package']) {
    step(`package ${manifest.name}`, 'pnpm', ['run', '--silent', 'check:package'], { cwd: dir })
  }
}
// Size budget of every public import, bundled from dist against the same import from source.
if (built) step('entry sizes', 'node', ['scripts/entry-sizes.mjs'])
// The drop-in as shipped (dist-embed/): first file ≤ 6.5 KB gz, panel ≤ 65.5 KB, everything ≤ 85 KB.
if (built) step('drop-in sizes', 'node', ['packages/widget/bench/bundle-sizes.mjs', '--drop-in'])

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

for (const dir of workspaceDirs) {
  const configs = readdirSync(dir).filter((f) => /^vitest(\..+)?\.config\.ts$/.test(f))
  for (const config of configs) {
    const label = `vitest ${relative(root, dir)}/${config}`
    const out = join(reports, `${relative(root, dir).replaceAll('/', '-')}-${config}.json`)
    const ok = run(
      label,
      'pnpm',
      [
        'exec',
        'vitest',
        'run',
        '--config',
        config,
        '--reporter=default',
        '--reporter=json',
        `--outputFile=${out}`,
      ],
      { cwd: dir },
    )
    countVitest(out, label, ok)
  }
}

const e2e = join(root, 'playwright')
if (existsSync(join(e2e, 'playwright.config.ts'))) {
  if (!built) {
    failed++
    failures.push('playwright (build failed)')
  } else {
    const out = join(reports, 'playwright.json')
    run('playwright', 'pnpm', ['exec', 'playwright', 'test'], {
      cwd: e2e,
      env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
    })
    countPlaywright(out, 'playwright')
  }
}

if (failures.length) console.log(`\nFailed: ${failures.join('; ')}`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
