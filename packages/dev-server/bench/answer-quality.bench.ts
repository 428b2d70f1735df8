/**
 * Answer and search quality of the offline dev server, on two question sets (issue 23):
 * - the development set (question-set.ts + dev-questions.ts): tuning is allowed, misses printed;
 * - the held-out set (held-out-questions.ts, frozen before the ranking changed; cline only ever
 *   here): aggregates only, misses never printed, so they cannot drive a change.
 *
 * Run with `pnpm bench answer-quality` in packages/dev-server (`--held-out-only` skips the
 * development set; `--development-only` skips the held-out set, for tuning runs).
 */
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createDevServer, type DevServer } from '../src/server'
import {
  measure,
  measureSearch,
  type QualityNumbers,
  report,
  reportSearch,
  type SearchNumbers,
} from '../src/test/answer-quality'
import { devQuestions, devSearch } from '../src/test/dev-questions'
import { heldOutQuestions, heldOutSearch } from '../src/test/held-out-questions'
import { issueSearch, type MeasuredCorpus, questionSet } from '../src/test/question-set'

const shared =
  process.env.DOCCHAT_SHARED_DIR ?? fileURLToPath(new URL('../../../../shared', import.meta.url))
const folders: Record<MeasuredCorpus, string> = {
  docchat: fileURLToPath(new URL('../../../apps/docs', import.meta.url)),
  mintlify: join(shared, 'corpora/mintlify-docs'),
  pipecat: join(shared, 'corpora/pipecat-docs'),
  cline: join(shared, 'corpora/cline-docs'),
}
const corpora = Object.keys(folders) as MeasuredCorpus[]
const pct = (a: number, b: number) => (b ? `${Math.round((a / b) * 100)}%` : '–')
function row(rows: string[], set: string, corpus: string, q: QualityNumbers, s: SearchNumbers) {
  rows.push(
    `| ${set} | ${corpus} | ${pct(q.citedFirst, q.answerable)} (${q.citedFirst}/${q.answerable}) | ${pct(q.codeFromPage, q.code)} (${q.codeFromPage}/${q.code}) | ${pct(q.notFound, q.offTopic)} (${q.notFound}/${q.offTopic}) | ${pct(q.followUpsRight, q.followUps)} (${q.followUpsRight}/${q.followUps}) | ${pct(s.inTopFive, s.queries)} (${s.inTopFive}/${s.queries}) | ${pct(s.emptyRight, s.empty)} (${s.emptyRight}/${s.empty}) |`,
  )
}

export async function run() {
  const servers: Partial<Record<MeasuredCorpus, DevServer>> = {}
  for (const corpus of corpora) {
    servers[corpus] = await createDevServer({ docs: { [corpus]: folders[corpus] }, seed: false })
  }
  const rows: string[] = []
  const held = process.argv.includes('--held-out-only')
  if (!held) {
    const dev = [...questionSet, ...devQuestions]
    for (const corpus of corpora.filter((c) => c !== 'cline')) {
      const q = await measure(
        servers,
        dev.filter((c) => c.corpus === corpus),
      )
      const s = await measureSearch(
        servers,
        [...devSearch, ...issueSearch].filter((c) => c.corpus === corpus),
      )
      console.log(report(`development, ${corpus}`, q))
      console.log(reportSearch(`development search, ${corpus}`, s))
      row(rows, 'development', corpus, q, s)
    }
  }
  for (const corpus of process.argv.includes('--development-only') ? [] : corpora) {
    const q = await measure(
      servers,
      heldOutQuestions.filter((c) => c.corpus === corpus),
    )
    const s = await measureSearch(
      servers,
      heldOutSearch.filter((c) => c.corpus === corpus),
    )
    row(rows, 'held-out', corpus, q, s)
  }
  console.log(
    '\n| set | corpus | cited first | code, right page + language | off-topic → not found | follow-ups | search top 5 | no results for unknown words |',
  )
  console.log('|---|---|---|---|---|---|---|---|')
  console.log(rows.join('\n'))
}

if (import.meta.url === `file://${process.argv[1]}`) await run()
