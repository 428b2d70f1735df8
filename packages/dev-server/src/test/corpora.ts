/** Where the docs corpora the quality tests measure live, and the dev server over the kit's own. */
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describeWithShared, sharedPath } from '@docchat/test-utils/shared-dir'
import { beforeAll } from 'vitest'
import { loadDocs } from '../docs/load-docs'
import { createDocsIndex, type DocsIndex } from '../search/docs-index'
import { createDevServer, type DevServer } from '../server'
import type { Corpus } from './question-set'

/** The kit's own docs (apps/docs). */
export const kitDocsFolder = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../apps/docs',
)

/** The kit's own docs, and the two real corpora from the shared folder. */
export const corpora: Corpus[] = ['docchat', 'mintlify', 'pipecat']

export const corpusFolder = (corpus: Corpus): string =>
  corpus === 'docchat' ? kitDocsFolder : sharedPath(`corpora/${corpus}-docs`)

/** The dev server over the kit's own docs as `docchat`, no seeded data. */
export function kitDocsServer(): Promise<DevServer> {
  return createDevServer({ docs: { docchat: kitDocsFolder }, seed: false })
}

/**
 * A describe block over the keyword index of the real mintlify-docs corpus (shared folder), built
 * once before its tests; `index()` reads it inside a test.
 */
export function describeOnMintlify(name: string, tests: (index: () => DocsIndex) => void): void {
  describeWithShared(name, ['corpora/mintlify-docs'], () => {
    let built: DocsIndex | undefined
    beforeAll(async () => {
      built = createDocsIndex(await loadDocs(sharedPath('corpora/mintlify-docs')))
    }, 60_000)
    tests(() => {
      if (!built) throw new Error('describeOnMintlify: read the index inside a test')
      return built
    })
  })
}
