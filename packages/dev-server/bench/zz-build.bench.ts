import { join } from 'node:path'
import { loadDocs } from '../src/docs/load-docs'
import { createDocsIndex } from '../src/search/docs-index'
export async function run() {
  const c = await loadDocs(join('/work/shared/corpora', 'pipecat-docs'))
  for (let i = 0; i < 3; i++) { const t = process.cpuUsage(); createDocsIndex(c); const u = process.cpuUsage(t); console.log('build cpu', ((u.user + u.system) / 1000).toFixed(0)) }
  const idx = createDocsIndex(c)
  for (let i = 0; i < 300; i++) idx.search('pipecat')
}
