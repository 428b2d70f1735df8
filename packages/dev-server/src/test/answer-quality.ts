/**
 * Measuring answers on the question set (`question-set.ts`) through the real fetch handler and
 * the real AI SDK stream: which page an answer cites first, whether it says "not found", and
 * which code blocks it shows.
 */
import type { DevServer } from '../server'
import { base, userMessage } from './requests'
import type { MeasuredCorpus, QuestionCase, SearchCase } from './question-set'

export interface AnswerRead {
  text: string
  notFound: boolean
  /** The page of the first `[n](/page#section)` citation. */
  firstCited?: string
  codeBlocks: string[]
  /** The fence info string (language) of each code block, in order. */
  codeLangs: string[]
  threadId?: string
  threadKey?: string
}

async function askOnce(
  server: DevServer,
  domain: string,
  question: string,
  thread?: { threadId: string; threadKey: string },
): Promise<AnswerRead> {
  const response = await server.fetch(
    new Request(`${base}/discovery/v1/assistant/${domain}/message`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${server.keys.assistant}`,
      },
      body: JSON.stringify({ fp: 'anonymous', messages: [userMessage(question)], ...thread }),
    }),
  )
  const lines = (await response.text()).split('\n').filter(Boolean)
  const text = lines
    .filter((line) => line.startsWith('0:'))
    .map((line) => JSON.parse(line.slice(2)) as string)
    .join('')
  const notFound = lines.some(
    (line) => line.startsWith('9:') && JSON.parse(line.slice(2)).toolName === 'markNotFound',
  )
  const cited = /\[\d+\]\(([^)\s]+)\)/.exec(text)?.[1]
  const fences = [...text.matchAll(/^(`{3,})(\S*)\n([\s\S]*?)\n\1$/gm)].filter(
    (match) => match[2] !== 'suggestions',
  )
  const codeBlocks = fences.map((match) => match[3]!.trim())
  const codeLangs = fences.map((match) => match[2]!)
  return {
    text,
    notFound,
    ...(cited ? { firstCited: cited.replace(/^https?:\/\/[^/]+/, '').split('#')[0] } : {}),
    codeBlocks,
    codeLangs,
    threadId: response.headers.get('x-thread-id') ?? undefined,
    threadKey: response.headers.get('x-thread-key') ?? undefined,
  }
}

/** Asks a case (after its preceding question, in one thread) and reads the answer. */
async function askCase(server: DevServer, domain: string, c: QuestionCase<MeasuredCorpus>) {
  if (!c.after) return askOnce(server, domain, c.ask)
  const first = await askOnce(server, domain, c.after)
  return askOnce(server, domain, c.ask, {
    threadId: first.threadId!,
    threadKey: first.threadKey!,
  })
}

export interface QualityNumbers {
  answerable: number
  citedFirst: number
  offTopic: number
  notFound: number
  code: number
  /** Code questions answered with a code block of an expected page, in the asked `lang` if any. */
  codeFromPage: number
  /** Answerable questions asked after another in the same thread, and those cited right. */
  followUps: number
  followUpsRight: number
  misses: string[]
}

export async function measure(
  servers: Partial<Record<MeasuredCorpus, DevServer>>,
  cases: readonly QuestionCase<MeasuredCorpus>[],
): Promise<QualityNumbers> {
  const numbers: QualityNumbers = {
    answerable: 0,
    citedFirst: 0,
    offTopic: 0,
    notFound: 0,
    code: 0,
    codeFromPage: 0,
    followUps: 0,
    followUpsRight: 0,
    misses: [],
  }
  for (const c of cases) {
    const server = servers[c.corpus]
    // Not every caller serves every corpus (cline is only measured on the held-out set).
    if (!server) throw new Error(`no dev server for the ${c.corpus} corpus: ${c.ask}`)
    const domain = server.domains[0]!
    const answer = await askCase(server, domain, c)
    if (c.expect === null) {
      numbers.offTopic++
      if (answer.notFound) numbers.notFound++
      else numbers.misses.push(`off-topic answered: ${c.ask} → ${answer.firstCited}`)
      continue
    }
    numbers.answerable++
    const hit = !answer.notFound && c.expect.includes(answer.firstCited ?? '')
    if (hit) numbers.citedFirst++
    if (c.after) {
      numbers.followUps++
      if (hit) numbers.followUpsRight++
    }
    if (!hit) {
      numbers.misses.push(
        `${c.ask} → ${answer.notFound ? 'not found' : answer.firstCited} (expected ${c.expect.join(' or ')})`,
      )
    }
    if (c.code) {
      numbers.code++
      const docs = server.docs(domain)!
      const pageCode = new Set(
        docs.corpus.pages
          .filter((page) => c.expect!.includes(page.path))
          .flatMap((page) =>
            page.sections.flatMap((s) =>
              s.codeBlocks
                .filter((b) => !c.lang || b.language === c.lang)
                .map((b) => b.code.trim()),
            ),
          ),
      )
      const right = answer.codeBlocks.some(
        (block, index) => pageCode.has(block) && (!c.lang || answer.codeLangs[index] === c.lang),
      )
      if (right) numbers.codeFromPage++
      else
        numbers.misses.push(
          `no ${c.lang ?? ''} code from ${c.expect.join(' or ')}: ${c.ask}`.replace('  ', ' '),
        )
    }
  }
  return numbers
}

export function report(label: string, n: QualityNumbers, showMisses = true): string {
  const pct = (a: number, b: number) => `${a}/${b} (${b ? Math.round((a / b) * 100) : 0}%)`
  return [
    `${label}:`,
    `  expected page cited first  ${pct(n.citedFirst, n.answerable)}`,
    `  off-topic → not found      ${pct(n.notFound, n.offTopic)}`,
    `  code from the right page   ${pct(n.codeFromPage, n.code)}`,
    `  follow-ups right           ${pct(n.followUpsRight, n.followUps)}`,
    ...(showMisses ? n.misses.map((miss) => `  miss: ${miss}`) : []),
  ].join('\n')
}

export interface SearchNumbers {
  queries: number
  /** Queries with an expected page among the first five results. */
  inTopFive: number
  empty: number
  /** Queries that should find nothing and did. */
  emptyRight: number
  misses: string[]
}

/** Runs search cases through the real search route (`POST /discovery/v1/search/{domain}`). */
export async function measureSearch(
  servers: Partial<Record<MeasuredCorpus, DevServer>>,
  cases: readonly SearchCase<MeasuredCorpus>[],
): Promise<SearchNumbers> {
  const numbers: SearchNumbers = { queries: 0, inTopFive: 0, empty: 0, emptyRight: 0, misses: [] }
  for (const c of cases) {
    const server = servers[c.corpus]
    if (!server) throw new Error(`no dev server for the ${c.corpus} corpus: ${c.query}`)
    const response = await server.fetch(
      new Request(`${base}/discovery/v1/search/${server.domains[0]!}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${server.keys.assistant}`,
        },
        body: JSON.stringify({ query: c.query, pageSize: 5 }),
      }),
    )
    const results = (await response.json()) as Array<{ path: string }>
    const pages = results.map((r) => r.path.replace(/^https?:\/\/[^/]+/, '').split('#')[0]!)
    if (c.expect === null) {
      numbers.empty++
      if (results.length === 0) numbers.emptyRight++
      else numbers.misses.push(`"${c.query}" should find nothing → ${pages.join(', ')}`)
      continue
    }
    numbers.queries++
    if (pages.some((page) => c.expect!.includes(page))) numbers.inTopFive++
    else
      numbers.misses.push(
        `"${c.query}" → ${pages.join(', ') || 'nothing'} (expected ${c.expect.join(' or ')})`,
      )
  }
  return numbers
}

export function reportSearch(label: string, n: SearchNumbers, showMisses = true): string {
  const pct = (a: number, b: number) => `${a}/${b} (${b ? Math.round((a / b) * 100) : 0}%)`
  return [
    `${label}:`,
    `  expected page in top 5     ${pct(n.inTopFive, n.queries)}`,
    `  nothing for unknown words  ${pct(n.emptyRight, n.empty)}`,
    ...(showMisses ? n.misses.map((miss) => `  miss: ${miss}`) : []),
  ].join('\n')
}
