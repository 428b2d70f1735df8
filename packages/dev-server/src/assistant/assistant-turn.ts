/**
 * One assistant turn as an AI SDK v4 data stream, built with ai@4's own server helpers
 * (`streamText` with the `search` and `markNotFound` tools, and its `toDataStream`). The model is the
 * offline extractive one by default, or any `LanguageModelV1` (an OpenAI-compatible LLM, a mock).
 */
import { type Attachment, type ContextItem, readDataUrl, type SearchResult } from '@docchat/core'
import {
  type CoreMessage,
  type ImagePart,
  type TextPart,
  createIdGenerator,
  type LanguageModelV1,
  streamText,
  tool,
} from 'ai'
import { z } from 'zod'
import type { DocsCorpus, DocsPage } from '../docs/types'
import type { DocsIndex, DocsSearchFilter } from '../search'
import type { SemanticSearch } from '../search/semantic-search'
import type { ThreadTurn } from '../threads'
import type { CodeSnippet } from './compose-answer'
import { linkedLines, sectionUnits, withLinks } from './excerpt'
import { linkResults, pagePathOf } from '../search/result-links'
import { composeNotFound, planAnswer } from './compose-answer'
import {
  attachmentNote,
  createOfflineModel,
  markNotFoundToolName,
  searchToolName,
} from './offline-model'
import type { AnswerPace } from './pacing'
import { findAnswers, retrievalQuery } from './retrieval'
import { textAfter, truncate, withoutSuggestionBlocks } from './text'

export interface AssistantDocs {
  name: string
  corpus: DocsCorpus
  index: DocsIndex
  /** Where the docs are published; search results then carry an absolute `url`. */
  siteUrl?: string
  /** Semantic search (LLM mode with embeddings), built on first use. */
  semantic?: () => Promise<SemanticSearch | undefined>
}

export interface AssistantTurnInput {
  docs: AssistantDocs
  /** Earlier turns of the thread, oldest first. */
  history: readonly ThreadTurn[]
  question: string
  /** Files sent with the question (already checked against the attachment limits). */
  attachments?: readonly Attachment[]
  context?: readonly ContextItem[]
  currentPath?: string
  filter?: { version?: string; language?: string; groups?: string[] } | null
  retrievalPageSize: number
  threadId: string
  /** A language model; without one the offline extractive model answers. */
  model?: LanguageModelV1
  /** 0 the first time a question is answered; n for its n-th regeneration. */
  attempt?: number
  /** How the offline model streams; instant when unset. */
  pace?: AnswerPace
  /** Most search calls one turn may make before the answer. */
  maxSteps?: number
  signal?: AbortSignal
  onFinish?: (answer: string) => void
  /**
   * The partial answer the reader stopped (the request's `messages` ended with it): the turn
   * continues that answer instead of starting a new one. Offline, the excerpt resumes where the
   * text ends; a language model gets it as the start of its own reply.
   */
  continueFrom?: string
}

const messageIds = createIdGenerator({ prefix: 'msg', size: 24 })
const toolCallIds = createIdGenerator({ prefix: 'toolu_docchat', separator: '_', size: 24 })

function pageLookup(corpus: DocsCorpus): Map<string, DocsPage> {
  const cached = lookups.get(corpus)
  if (cached) return cached
  const map = new Map(corpus.pages.map((page) => [page.path, page]))
  lookups.set(corpus, map)
  return map
}
const lookups = new WeakMap<DocsCorpus, Map<string, DocsPage>>()

/** A result's page, and its section by the result's anchor (undefined when none has it). */
function sectionOf(corpus: DocsCorpus, result: SearchResult) {
  const page = pageLookup(corpus).get(pagePathOf(result))
  const anchor = typeof result.metadata.anchor === 'string' ? result.metadata.anchor : ''
  return { page, section: page?.sections.find((s) => s.anchor === anchor) }
}

/**
 * Code blocks of a result's page: its own section's first, then the rest of the page's, each with
 * its section (for the citation) and the paragraph that introduces it.
 */
function codeFor(corpus: DocsCorpus) {
  return (result: SearchResult): CodeSnippet[] => {
    const { page, section } = sectionOf(corpus, result)
    if (!page) return []
    const own = section ?? page.sections[0]
    const ordered = own ? [own, ...page.sections.filter((s) => s !== own)] : page.sections
    return ordered.flatMap((section) => {
      const links = linkedLines(section.content, section.linked)
      return sectionUnits(section.content).flatMap((unit) =>
        unit.body.kind === 'code'
          ? [
              {
                language: unit.body.language,
                code: unit.body.code,
                anchor: section.anchor,
                section: section.heading,
                ...(unit.lead
                  ? { lead: unit.lead.map((line) => withLinks(line, links)).join('\n') }
                  : {}),
              },
            ]
          : [],
      )
    })
  }
}

/**
 * A result's section with the docs' links (`DocsSection.linked`), when the result carries that
 * section's text as the corpus has it: a result changed on the way (a client's tool result sent
 * back) is quoted without links rather than with lines that are not its own.
 */
function linkedContent(corpus: DocsCorpus) {
  return (result: SearchResult): string | undefined => {
    const { section } = sectionOf(corpus, result)
    return section && section.content === result.content ? section.linked : undefined
  }
}

/**
 * History as the model reads it: the last few turns, each without the `suggestions` block and cut
 * to a bounded length. Clients send earlier answers back whole (stock clients with their tool
 * results), and none of that may outweigh the question being asked.
 */
export function historyMessages(history: readonly ThreadTurn[]): CoreMessage[] {
  return history.slice(-maxHistoryTurns).map((turn) => ({
    role: turn.role,
    content: truncate(withoutSuggestionBlocks(turn.content).trim(), maxHistoryChars),
  }))
}
const maxHistoryTurns = 8
const maxHistoryChars = 2000

/** What a language model reads: keyword ranking, fused with semantic ranking when available. */
async function rankForModel(
  docs: AssistantDocs,
  query: string,
  options: { pageSize: number; filter?: DocsSearchFilter; question: string },
) {
  // The offline assistant's ranking without its gate: the model judges relevance itself.
  const keyword = findAnswers(docs.index, query, {
    filter: options.filter,
    pageSize: 50,
    question: options.question,
    gate: false,
  })
  const semantic = await docs.semantic?.()
  if (!semantic) return keyword.slice(0, options.pageSize)
  try {
    return await semantic.hybrid(query, {
      pageSize: options.pageSize,
      filter: options.filter,
      keyword,
    })
  } catch {
    // The embedding call failed for this query: the keyword ranking still answers.
    return keyword.slice(0, options.pageSize)
  }
}

/** Context items as the tool result lists them: considered alongside the docs, marked as context. */
function contextResults(items: readonly ContextItem[], currentPath?: string): SearchResult[] {
  return items.map((item) => ({
    content: item.value,
    path: item.path ?? currentPath ?? '',
    metadata: {
      title: item.type === 'code' ? 'Code you selected' : 'Text you selected',
      kind: 'context',
      ...(item.elementId ? { elementId: item.elementId } : {}),
    },
  }))
}

function systemPrompt(input: AssistantTurnInput): string {
  const lines = [
    `You are the documentation assistant for ${input.docs.name}. Answer only from its documentation.`,
    'Call the `search` tool before answering (more than once if the first results miss). Cite the pages you use inline as Markdown links to their paths, e.g. [Quickstart](/quickstart).',
    'If the documentation does not cover the question, call `markNotFound`, then say briefly that you could not find it. Never invent APIs or options.',
    'End an answer with a fenced code block whose language is `suggestions`, listing up to three related pages, one per line, written as (Link text)[/path].',
  ]
  if (input.continueFrom !== undefined) {
    lines.push(
      'The reader stopped your previous answer part-way and asked you to continue it. The last message is the start of your answer: continue it from exactly where it ends, mid-sentence if need be. Do not repeat any of it, do not start over, and keep its citations.',
    )
  }
  if (input.attempt) {
    lines.push(
      'The user asked for another answer to the same question: answer it differently, from other sections where the documentation has them.',
    )
  }
  if (input.currentPath) lines.push(`The user is reading the page ${input.currentPath}.`)
  const files = input.attachments ?? []
  if (files.length > 0) {
    lines.push(
      `The user attached ${files.map((file) => `${file.name ?? 'a file'} (${file.contentType ?? 'unknown type'})`).join(', ')}. Images are in the message; other files are named only: say so if the question needs their content.`,
    )
  }
  for (const item of input.context ?? []) {
    const label = item.type === 'code' ? 'code' : 'text'
    lines.push(
      `The user attached this ${label}${item.path ? ` from ${item.path}` : ''}:\n${item.value}`,
    )
  }
  return lines.join('\n')
}

/**
 * An absolute http(s) URL on a public host, parsed, or undefined. The server has no page to
 * resolve a relative URL against (`/a.png`), so such a file can't be read: the request is refused
 * before the turn is stored (`checkAttachments`), and this is what both places ask. In LLM mode
 * the URL goes to the model endpoint, which fetches it: a local OpenAI-compatible server would
 * fetch `http://169.254.169.254/…` or `http://127.0.0.1:…` from the developer's own network for
 * any web page that asks (the key is public, CORS open). So a loopback, private, link-local or
 * otherwise non-public address, or a `localhost` name, is refused too. (A public name that
 * resolves to such an address is not caught here: the URL is never fetched by this server.)
 */
export function absoluteFileUrl(url: string): URL | undefined {
  try {
    const parsed = new URL(url)
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined
    return isLocalHost(parsed.hostname) ? undefined : parsed
  } catch {
    return undefined
  }
}

/** Whether `a.b.c.d` is in a range that is not the public internet. */
function isLocalIPv4(parts: readonly number[]): boolean {
  const [a = 0, b = 0] = parts
  return (
    a === 0 || // this network, 0.0.0.0
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // shared address space (CGNAT)
    (a === 169 && b === 254) || // link-local, cloud metadata
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) || // IETF protocol assignments
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    a >= 224 // multicast and reserved
  )
}

/**
 * `hostname` as the URL parser wrote it (IPv4 in dotted decimal whatever form it was given in,
 * IPv6 in brackets, compressed): a name or address that is not on the public internet.
 */
function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase()
  if (host === 'localhost' || host.endsWith('.localhost')) return true
  const v4 = host.split('.')
  if (v4.length === 4 && v4.every((part) => /^\d{1,3}$/.test(part))) {
    return isLocalIPv4(v4.map(Number))
  }
  if (!host.startsWith('[')) return false
  const v6 = host.slice(1, -1)
  if (v6 === '::' || v6 === '::1') return true
  const first = Number.parseInt(v6.split(':')[0] || '0', 16)
  // Unique local fc00::/7, link-local fe80::/10, multicast ff00::/8.
  if ((first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00) {
    return true
  }
  // IPv4-mapped (`::ffff:a9fe:a9fe`) and the deprecated IPv4-compatible forms: the IPv4 address.
  const mapped = /^::(?:ffff:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(v6)
  if (mapped) {
    const high = Number.parseInt(mapped[1]!, 16)
    const low = Number.parseInt(mapped[2]!, 16)
    return isLocalIPv4([high >> 8, high & 0xff, low >> 8, low & 0xff])
  }
  return false
}

/**
 * The question as a language model reads it: its text, then the attached images as image parts
 * (inline data, or the uploaded URL). PDFs are named in the system prompt, not sent: not every
 * OpenAI-compatible server takes file parts.
 */
function questionContent(input: AssistantTurnInput): string | (TextPart | ImagePart)[] {
  const images: ImagePart[] = []
  for (const attachment of input.attachments ?? []) {
    const data = readDataUrl(attachment.url)
    const type = data?.contentType ?? attachment.contentType ?? ''
    if (!type.startsWith('image/')) continue
    if (data) {
      images.push({
        type: 'image',
        image: attachment.url.slice(attachment.url.indexOf(',') + 1),
        mimeType: type,
      })
      continue
    }
    // Refused before the turn (checkAttachments); skipped here rather than thrown mid-turn.
    const url = absoluteFileUrl(attachment.url)
    if (url) images.push({ type: 'image', image: url, mimeType: type })
  }
  return images.length === 0 ? input.question : [{ type: 'text', text: input.question }, ...images]
}

function searchFilter(input: AssistantTurnInput): DocsSearchFilter | undefined {
  return input.filter
    ? {
        ...(input.filter.version ? { version: input.filter.version } : {}),
        ...(input.filter.language ? { language: input.filter.language } : {}),
        ...(input.filter.groups ? { groups: input.filter.groups } : {}),
      }
    : undefined
}

/** What the offline `search` tool returns for a query: the gated ranking, then the context items. */
function offlineSearch(input: AssistantTurnInput, query: string, attempt = input.attempt) {
  const found = findAnswers(input.docs.index, query, {
    filter: searchFilter(input),
    pageSize: input.retrievalPageSize,
    attempt,
    question: input.question,
    context: input.context,
    currentPath: input.currentPath,
  })
  return [
    ...linkResults(found, { siteUrl: input.docs.siteUrl }),
    ...contextResults(input.context ?? [], input.currentPath),
  ]
}

/** Regenerations a stopped answer may have been: the continuation tries each as its source. */
const continuableAttempts = 4

/**
 * The rest of the offline answer the reader stopped: the answer is composed again, exactly as it
 * was (the same question, history and results, so the same citation numbers), for each attempt
 * it may have been, and what follows the partial text is sent. Empty when the partial text is
 * not the start of any of them (it came from elsewhere): nothing is invented to follow it.
 */
function offlineContinuation(input: AssistantTurnInput, partial: string): string {
  const previousQuestions = historyMessages(input.history)
    .filter((message) => message.role === 'user')
    .map((message) => String(message.content))
  const query = retrievalQuery(input.question, previousQuestions, input.context, (word) =>
    input.docs.index.knows(word),
  )
  const first = input.attempt ?? 0
  for (let attempt = first; attempt < first + continuableAttempts; attempt++) {
    const results = offlineSearch(input, query, attempt).filter(
      (result) => result.metadata.kind !== 'context',
    )
    const body =
      (results.length > 0 &&
        planAnswer({
          question: input.question,
          query,
          results,
          codeFor: codeFor(input.docs.corpus),
          linkedContent: linkedContent(input.docs.corpus),
          attempt,
        })) ||
      composeNotFound(docsName(input.docs))
    const rest = textAfter(attachmentNote(input.attachments) + body, partial)
    if (rest !== undefined) return rest
  }
  return ''
}

/** The docs' own name (`docs.json` `name`), else the domain they are served under. */
function docsName(docs: AssistantDocs): string {
  return docs.corpus.siteName || docs.corpus.name
}

/** The turn as v4 data-stream bytes: `streamText`'s own data stream plus a `d:` carrying the thread. */
export function streamAssistantTurn(input: AssistantTurnInput): ReadableStream<Uint8Array> {
  const { docs } = input
  const offline = !input.model
  const partial = input.continueFrom
  const model =
    input.model ??
    createOfflineModel({
      corpusName: docsName(docs),
      context: input.context,
      knows: (word) => docs.index.knows(word),
      codeFor: codeFor(docs.corpus),
      linkedContent: linkedContent(docs.corpus),
      generateToolCallId: toolCallIds,
      attempt: input.attempt,
      pace: input.pace,
      attachments: input.attachments,
      ...(partial !== undefined ? { reply: offlineContinuation(input, partial) } : {}),
    })
  const filter = searchFilter(input)

  const tools = {
    [searchToolName]: tool({
      description: `Search the ${docs.name} documentation. Returns the matching sections with their page paths.`,
      parameters: z.object({ query: z.string().describe('What to look for, in a few words') }),
      execute: async ({ query }) => {
        const pageSize = input.retrievalPageSize
        // The offline model cannot judge relevance itself, so the tool only returns results that
        // cover most of the query's words; an LLM gets the ranked results as they are.
        if (offline) return offlineSearch(input, query)
        const found = await rankForModel(docs, query, {
          pageSize,
          filter,
          question: input.question,
        })
        return [
          ...linkResults(found, { siteUrl: docs.siteUrl }),
          ...contextResults(input.context ?? [], input.currentPath),
        ]
      },
    }),
    [markNotFoundToolName]: tool({
      description: 'Record that the documentation does not answer the question.',
      parameters: z.object({}),
      execute: async () => ({ acknowledged: true }),
    }),
  }

  const messages: CoreMessage[] = [
    ...historyMessages(input.history),
    { role: 'user', content: offline ? input.question : questionContent(input) },
    // Continue: the model's reply starts with the partial answer (an assistant prefix).
    ...(partial !== undefined && !offline
      ? [{ role: 'assistant' as const, content: partial }]
      : []),
  ]

  const result = streamText({
    model,
    system: systemPrompt(input),
    messages,
    tools,
    maxSteps: input.maxSteps ?? 5,
    abortSignal: input.signal,
    experimental_generateMessageId: messageIds,
    // Errors reach the client as a `3:` part; no need to also log them.
    onError: () => {},
  })
  const encoder = new TextEncoder()
  let failed = false
  // ai@4's own finish line has no room for the thread, so the stream is sent without it and `d:`
  // is written here, after the last step (the spec: `threadId` arrives with the finish event).
  const finishLine = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      // Each chunk is one whole part; `3:` is an error part.
      if (chunk[0] === 0x33 && chunk[1] === 0x3a) failed = true
      controller.enqueue(chunk)
    },
    async flush(controller) {
      // After an error part the result's promises may never settle; the client has the error.
      if (failed) return
      try {
        const [steps, usage, finishReason] = await Promise.all([
          result.steps,
          result.usage,
          result.finishReason,
        ])
        const finish = {
          finishReason,
          usage: { promptTokens: usage.promptTokens, completionTokens: usage.completionTokens },
          threadId: input.threadId,
          // Lets a client word its disclaimer: sentences copied from the docs, or a model's words.
          answerMode: offline ? 'extractive' : 'model',
        }
        controller.enqueue(encoder.encode(`d:${JSON.stringify(finish)}\n`))
        const text = steps.at(-1)?.text ?? ''
        input.onFinish?.(partial !== undefined ? partial + text : text)
      } catch (error) {
        controller.enqueue(encoder.encode(`3:${JSON.stringify(errorMessage(error))}\n`))
      }
    },
  })
  return result
    .toDataStream({ experimental_sendFinish: false, getErrorMessage: errorMessage })
    .pipeThrough(finishLine)
}

function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message
  return 'An error occurred.'
}
