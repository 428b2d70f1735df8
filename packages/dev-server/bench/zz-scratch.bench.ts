import { join } from 'node:path'
import { loadDocs } from '../src/docs/load-docs'
import { createDocsIndex } from '../src/search/docs-index'
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000 }
export async function run() {
  const c = await loadDocs(join('/work/shared/corpora', 'pipecat-docs'))
  let t = cpu()
  const index = createDocsIndex(c)
  console.log('index cpu ms', (cpu() - t).toFixed(0))
  const qs = ['con', 'conf', 'pipecat', 'how do I use pipecat', 'transport', 'Daily', 'twilio websocket tel', 'piepcat clud deploi', 'stt', 'Overview', 'Installation', 'function calling', 'serv', 'interr']
  for (let r = 0; r < 5; r++) for (const q of qs) index.search(q)
  for (const q of qs) { t = cpu(); for (let r = 0; r < 20; r++) index.search(q); console.log(((cpu() - t) / 20).toFixed(2), q) }
}
