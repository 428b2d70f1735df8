/**
 * The one resolver for the shared folder (`../shared` beside the repository, or
 * `DOCCHAT_SHARED_DIR`): specs, the captured stream and the corpora that tests read and never copy.
 *
 * A missing fixture fails the run with its name. Only `DOCCHAT_ALLOW_SKIP=1` turns that into a
 * skip, so a machine without the folder can never look green by accident.
 */
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, it } from 'vitest'

export const sharedDir = resolve(
  process.env.DOCCHAT_SHARED_DIR ??
    resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared'),
)

/** `DOCCHAT_ALLOW_SKIP=1`: tests whose shared fixtures are missing are skipped, not failed. */
export const allowSkip = process.env.DOCCHAT_ALLOW_SKIP === '1'

export class MissingSharedFixtureError extends Error {
  constructor(readonly missing: readonly string[]) {
    super(
      `missing shared fixture${missing.length > 1 ? 's' : ''}: ${missing.join(', ')} (looked in ${sharedDir}; set DOCCHAT_SHARED_DIR to the folder, or DOCCHAT_ALLOW_SKIP=1 to skip these tests)`,
    )
    this.name = 'MissingSharedFixtureError'
  }
}

/** Shared fixtures (relative paths such as `spec/openapi.json`) that are not on this machine. */
export function missingShared(...fixtures: string[]): string[] {
  return fixtures.filter((fixture) => !existsSync(join(sharedDir, fixture)))
}

/** The absolute path of a shared fixture; throws `MissingSharedFixtureError` when it is absent. */
export function sharedPath(fixture: string): string {
  const missing = missingShared(fixture)
  if (missing.length) throw new MissingSharedFixtureError(missing)
  return join(sharedDir, fixture)
}

/** `it` for one test that reads shared fixtures: fails naming what is missing, or skips (see above). */
export function itWithShared(
  name: string,
  fixtures: readonly string[],
  body: () => unknown,
  timeout?: number,
): void {
  const missing = missingShared(...fixtures)
  if (!missing.length) it(name, async () => body(), timeout)
  else if (allowSkip) it.skip(name, async () => body())
  else
    it(name, () => {
      throw new MissingSharedFixtureError(missing)
    })
}

/**
 * `describe` for tests that read shared fixtures. With every fixture present it is `describe`.
 * Otherwise it is one failing test naming what is missing, or, under `DOCCHAT_ALLOW_SKIP=1`, one
 * skipped test (counted as skipped in the run's closing line).
 */
export function describeWithShared(
  name: string,
  fixtures: readonly string[],
  body: () => void,
  options: { timeout?: number } = {},
): void {
  const missing = missingShared(...fixtures)
  if (!missing.length) describe(name, options, () => body())
  // Skipped without collecting the body: it may read the missing fixture while collecting.
  else if (allowSkip)
    describe.skip(name, () => {
      it(`needs ${missing.join(', ')}`, () => {
        throw new MissingSharedFixtureError(missing)
      })
    })
  else
    describe(name, () => {
      it('has its shared fixtures', () => {
        throw new MissingSharedFixtureError(missing)
      })
    })
}
