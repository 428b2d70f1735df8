/**
 * DocChat's own docs (apps/docs) as the dev server's corpus, bundled by Vite so the whole API runs
 * in the browser: no docs folder to read, no network.
 */
import { type DocsCorpus, parseDocs } from '@docchat/dev-server'

const pages = import.meta.glob<string>(
  ['../../docs/**/*.{mdx,md}', '!../../docs/node_modules/**', '!../../docs/dist/**'],
  { query: '?raw', import: 'default', eager: true },
)
const configs = import.meta.glob<string>('../../docs/docs.json', {
  query: '?raw',
  import: 'default',
  eager: true,
})

export const docsDomain = 'docchat'

let corpus: DocsCorpus | undefined

/** Parsed once per page load; every story's dev server shares it (parsing is pure). */
export function docsCorpus(): DocsCorpus {
  if (corpus) return corpus
  const files = new Map<string, string>()
  for (const [path, source] of Object.entries({ ...pages, ...configs })) {
    files.set(path.replace(/^\.\.\/\.\.\/docs\//, ''), source)
  }
  corpus = parseDocs(files, { name: docsDomain })
  return corpus
}
