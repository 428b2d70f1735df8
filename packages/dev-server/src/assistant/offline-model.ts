/**
 * The offline "model": a deterministic AI SDK `LanguageModelV1` that drives the same tool loop an
 * LLM would (search → answer, or search → markNotFound → apology), so the stream the dev server
 * sends is produced by the real `streamText` either way. It writes nothing it did not read in the
 * tool results: every sentence of an answer is extracted from the docs.
 */
import type {
  LanguageModelV1,
  LanguageModelV1CallOptions,
  LanguageModelV1Prompt,
  LanguageModelV1StreamPart,
} from 'ai'
import type { Attachment, ContextItem, SearchResult } from '@docchat/core'
import { type CodeSnippet, composeNotFound, planAnswer } from './compose-answer'
import { type AnswerPace, pacedStream } from './pacing'
import { retrievalQuery } from './retrieval'
import { wordGroups } from './text'

export const searchToolName = 'search'
export const markNotFoundToolName = 'markNotFound'

export interface OfflineModelOptions {
  /** The docs' name (`docs.json` `name`, else the domain), used in the not-found answer. */
  corpusName?: string
  /** Context items sent with the request: their terms help retrieval. */
  context?: readonly ContextItem[]
  /** Whether the docs have a word (`DocsIndex.knows`): lets a short question borrow. */
  knows?: (word: string) => boolean
  codeFor?: (result: SearchResult) => readonly CodeSnippet[]
  /** A result's content with the docs' links (`ComposeAnswerInput.linkedContent`). */
  linkedContent?: (result: SearchResult) => string | undefined
  /** Stream like a model (think delay, tokens per second); instant without it. */
  pace?: AnswerPace
  /** 0 the first time a question is answered; n for its n-th regeneration. */
  attempt?: number
  /** Files sent with the question: named at the start of the answer, never read. */
  attachments?: readonly Attachment[]
  /** Deterministic tool call ids (the real service uses provider ids such as `toolu_…`). */
  generateToolCallId?: () => string
  /**
   * Text to send as the whole reply, with no tool call: the rest of a stopped answer (Continue),
   * composed by the caller from the same results, so its citation numbers are the same.
   */
  reply?: string
}

type Message = LanguageModelV1Prompt[number]

function textOf(message: Message): string {
  if (typeof message.content === 'string') return message.content
  let text = ''
  for (const part of message.content) if (part.type === 'text') text += part.text
  return text
}

function isContextResult(result: SearchResult): boolean {
  return result.metadata.kind === 'context'
}

function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4))
}

function promptSize(prompt: LanguageModelV1Prompt): number {
  let size = 0
  for (const message of prompt) {
    if (typeof message.content === 'string') size += message.content.length
    else size += JSON.stringify(message.content).length
  }
  return size
}

/**
 * The offline model cannot look at files: it says which it was given and that the answer comes
 * from the docs alone, so nobody takes it for a reading of their screenshot.
 */
export function attachmentNote(attachments: readonly Attachment[] = []): string {
  if (attachments.length === 0) return ''
  const names = attachments.map(
    (file) => `**${(file.name ?? 'a file').replace(/[*_`[\]\\]/g, '')}**`,
  )
  const list =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
  const what = attachments.every((file) => file.contentType?.startsWith('image/'))
    ? names.length === 1
      ? 'this image'
      : 'these images'
    : names.length === 1
      ? 'this file'
      : 'these files'
  return `You attached ${list}. I can't read ${what} offline, so this answer is from the documentation only.\n\n`
}

export function createOfflineModel(options: OfflineModelOptions = {}): LanguageModelV1 {
  let callCounter = 0
  const nextToolCallId =
    options.generateToolCallId ??
    (() => `call_docchat_${(++callCounter).toString(36).padStart(4, '0')}`)

  function decide(prompt: LanguageModelV1Prompt): LanguageModelV1StreamPart[] {
    let lastUser = -1
    prompt.forEach((m, i) => {
      if (m.role === 'user') lastUser = i
    })
    const question = lastUser >= 0 ? textOf(prompt[lastUser]!) : ''
    const previousQuestions = prompt
      .slice(0, Math.max(0, lastUser))
      .filter((m) => m.role === 'user')
      .map(textOf)
    const turn = prompt.slice(lastUser + 1)
    const results: { toolName: string; result: unknown }[] = []
    for (const message of turn) {
      if (message.role !== 'tool') continue
      for (const part of message.content)
        results.push({ toolName: part.toolName, result: part.result })
    }
    const promptTokens = Math.max(1, Math.ceil(promptSize(prompt) / 4))

    const toolCall = (toolName: string, args: unknown): LanguageModelV1StreamPart[] => {
      const argsText = JSON.stringify(args)
      return [
        {
          type: 'tool-call',
          toolCallType: 'function',
          toolCallId: nextToolCallId(),
          toolName,
          args: argsText,
        },
        {
          type: 'finish',
          finishReason: 'tool-calls',
          usage: { promptTokens, completionTokens: estimateTokens(argsText) + 8 },
        },
      ]
    }
    const text = (body: string): LanguageModelV1StreamPart[] => {
      const answer = attachmentNote(options.attachments) + body
      return [
        ...wordGroups(answer).map((textDelta) => ({ type: 'text-delta' as const, textDelta })),
        {
          type: 'finish',
          finishReason: 'stop',
          usage: { promptTokens, completionTokens: estimateTokens(answer) },
        },
      ]
    }

    if (options.reply !== undefined) {
      const reply = options.reply
      return [
        ...wordGroups(reply).map((textDelta) => ({ type: 'text-delta' as const, textDelta })),
        {
          type: 'finish',
          finishReason: 'stop',
          usage: { promptTokens, completionTokens: reply ? estimateTokens(reply) : 0 },
        },
      ]
    }
    const last = results.at(-1)
    if (!last) {
      return toolCall(searchToolName, {
        query: retrievalQuery(question, previousQuestions, options.context, options.knows),
      })
    }
    if (last.toolName === searchToolName && results.length < 4) {
      const found = Array.isArray(last.result)
        ? (last.result as SearchResult[]).filter((r) => !isContextResult(r))
        : []
      if (found.length === 0) return toolCall(markNotFoundToolName, {})
      const query = retrievalQuery(question, previousQuestions, options.context, options.knows)
      const answer = planAnswer({
        question,
        query,
        results: found,
        codeFor: options.codeFor,
        linkedContent: options.linkedContent,
        attempt: options.attempt,
      })
      // No block of the results answers: say so rather than quote noise.
      if (answer === undefined) return toolCall(markNotFoundToolName, {})
      return text(answer)
    }
    return text(composeNotFound(options.corpusName))
  }

  return {
    specificationVersion: 'v1',
    provider: 'docchat',
    modelId: 'docchat-offline-extractive',
    defaultObjectGenerationMode: undefined,
    supportsStructuredOutputs: false,
    async doGenerate(call: LanguageModelV1CallOptions) {
      const parts = decide(call.prompt)
      let text = ''
      const toolCalls = []
      let finish: Extract<LanguageModelV1StreamPart, { type: 'finish' }> | undefined
      for (const part of parts) {
        if (part.type === 'text-delta') text += part.textDelta
        else if (part.type === 'tool-call') toolCalls.push(part)
        else if (part.type === 'finish') finish = part
      }
      return {
        text,
        toolCalls: toolCalls.map(({ type: _type, ...call }) => call),
        finishReason: finish?.finishReason ?? 'stop',
        usage: finish?.usage ?? { promptTokens: 0, completionTokens: 0 },
        rawCall: { rawPrompt: call.prompt, rawSettings: {} },
      }
    },
    async doStream(call: LanguageModelV1CallOptions) {
      const stream = pacedStream(decide(call.prompt), options.pace, call.abortSignal)
      return { stream, rawCall: { rawPrompt: call.prompt, rawSettings: {} } }
    },
  }
}
