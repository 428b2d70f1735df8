/**
 * The root runner's self-test: `scripts/test.mjs` run on small workspaces (runner-fixtures/), each
 * holding one way a run used to look green while something failed. Each must end in a non-zero
 * exit and a `failed` count above 0; the green fixture shows the counts are read, not assumed.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, lstatSync, rmSync, symlinkSync, unlinkSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const here = dirname(fileURLToPath(import.meta.url))
const fixtures = join(here, '../runner-fixtures')
const runner = join(here, '../../../scripts/test.mjs')
// Each fixture package borrows this package's dependencies (vitest, @playwright/test).
const packageDirs = [
  'vitest-before-all/packages/suite',
  'vitest-unhandled/packages/suite',
  'vitest-missing-shared/packages/suite',
  'green/packages/suite',
  'playwright-load-error/playwright',
]

function runOn(fixture: string, steps: string, extraEnv: Record<string, string> = {}) {
  const result = spawnSync('node', [runner], {
    encoding: 'utf8',
    env: {
      ...process.env,
      DOCCHAT_TEST_ROOT: join(fixtures, fixture),
      DOCCHAT_TEST_STEPS: steps,
      // The self-test itself may run with CI set; the fixtures' own behaviour must not depend on it.
      DOCCHAT_ALLOW_SKIP: '',
      ...extraEnv,
    },
  })
  const lines = result.stdout.trimEnd().split('\n')
  const last = lines.at(-1) ?? ''
  const match = /^(\d+) passed, (\d+) failed, (\d+) skipped$/.exec(last)
  expect(match, `closing line: ${last}`).not.toBeNull()
  return {
    status: result.status,
    output: result.stdout + result.stderr,
    flakyLine: lines.at(-2) ?? '',
    passed: Number(match![1]),
    failed: Number(match![2]),
    skipped: Number(match![3]),
  }
}

describe('scripts/test.mjs', { timeout: 120_000 }, () => {
  beforeAll(() => {
    for (const dir of packageDirs) {
      const link = join(fixtures, dir, 'node_modules')
      if (!existsSync(link)) symlinkSync(join(here, '../node_modules'), link, 'dir')
    }
  })
  afterAll(() => {
    for (const dir of packageDirs) {
      const link = join(fixtures, dir, 'node_modules')
      if (lstatSync(link, { throwIfNoEntry: false })?.isSymbolicLink()) unlinkSync(link)
    }
    for (const fixture of new Set(packageDirs.map((dir) => dir.split('/')[0]!))) {
      rmSync(join(fixtures, fixture, '.reports'), { recursive: true, force: true })
    }
  })

  it('counts a green run as passed and skipped, and exits 0', () => {
    const run = runOn('green', 'vitest')
    expect(run).toMatchObject({ status: 0, passed: 2, failed: 0, skipped: 1 })
    expect(run.flakyLine).toBe('Flaky (passed only on retry): 0')
  })

  it('fails a Vitest file whose beforeAll throws (its tests are only marked skipped)', () => {
    const run = runOn('vitest-before-all', 'vitest')
    expect(run.status).not.toBe(0)
    expect(run.failed).toBeGreaterThan(0)
    expect(run.output).toContain('before-all.test.ts failed outside its tests')
  })

  it('fails a Vitest run with an unhandled error although every test passed', () => {
    const run = runOn('vitest-unhandled', 'vitest')
    expect(run.passed).toBe(2)
    expect(run.status).not.toBe(0)
    expect(run.failed).toBeGreaterThan(0)
  })

  it('fails a run whose shared fixture is missing, naming it', () => {
    const run = runOn('vitest-missing-shared', 'vitest', { DOCCHAT_SHARED_DIR: here })
    expect(run.status).not.toBe(0)
    expect(run.failed).toBeGreaterThan(0)
    expect(run.output).toContain('missing shared fixture: spec/no-such-openapi.json')
  })

  it('skips it instead only under DOCCHAT_ALLOW_SKIP=1, and says so in the count', () => {
    const run = runOn('vitest-missing-shared', 'vitest', {
      DOCCHAT_SHARED_DIR: here,
      DOCCHAT_ALLOW_SKIP: '1',
    })
    expect(run).toMatchObject({ status: 0, passed: 0, failed: 0, skipped: 1 })
  })

  it('fails a Playwright spec that fails to load (0 tests, an error in the report)', () => {
    const run = runOn('playwright-load-error', 'playwright')
    expect(run.status).not.toBe(0)
    expect(run.failed).toBeGreaterThan(0)
    expect(run.output).toContain('no-such-helper')
  })
})
