/**
 * Measuring answers on the question set (`question-set.ts`) through the real fetch handler and
 * the real AI SDK stream: which page an answer cites first, whether it says "not found", and
 * which code blocks it shows.
 */
import type { DevServer } from '../server'
import { base, userMessage } from './requests'
import type { MeasuredCorpus, QuestionCase } from './question-set'

export interface AnswerRead {
  text: string
  notFound: boolean
  /** The page of the first `[n](/page#section)` citation. */
  firstCited?: string
  codeBlocks: string[]
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
  const codeBlocks = [...text.matchAll(/^(`{3,})(\S*)\n([\s\S]*?)\n\1$/gm)]
    .filter((match) => match[2] !== 'suggestions')
    .map((match) => match[3]!.trim())
  return {
    text,
    notFound,
    ...(cited ? { firstCited: cited.replace(/^https?:\/\/[^/]+/, '').split('#')[0] } : {}),
    codeBlocks,
    threadId: response.headers.get('x-thread-id') ?? undefined,
    threadKey: response.headers.get('x-thread-key') ?? undefined,
  }
}

/** Asks a case (after its preceding question, in one thread) and reads the answer. */
export async function askCase(server: DevServer, domain: string, c: QuestionCase<MeasuredCorpus>) {
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
  codeFromPage: number
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
    else {
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
          .flatMap((page) => page.sections.flatMap((s) => s.codeBlocks.map((b) => b.code.trim()))),
      )
      if (answer.codeBlocks.some((block) => pageCode.has(block))) numbers.codeFromPage++
      else numbers.misses.push(`no code from ${c.expect.join(' or ')}: ${c.ask}`)
    }
  }
  return numbers
}

export function report(label: string, n: QualityNumbers): string {
  const pct = (a: number, b: number) => `${a}/${b} (${b ? Math.round((a / b) * 100) : 0}%)`
  return [
    `${label}:`,
    `  expected page cited first  ${pct(n.citedFirst, n.answerable)}`,
    `  off-topic → not found      ${pct(n.notFound, n.offTopic)}`,
    `  code from the right page   ${pct(n.codeFromPage, n.code)}`,
    ...n.misses.map((miss) => `  miss: ${miss}`),
  ].join('\n')
}
