import { createAnswerBuilder } from './answer-builder'
import type { AnswerRunner, DocsChat } from './docs-chat'
import { DocsApiError, toDocsApiError } from './errors'
import { questionRequest } from './question'
import type { DocsMessage } from './request-schemas'
import { scheduleFrame } from './schedule-frame'

/**
 * A chat's answers run on its own connection (`connection.ask` → batches of parsed events → the
 * answer builder), without AI SDK v4's parser or the stream re-encoded for it: the drop-in's
 * runner. What it keeps from `useChat`: the question shows at once; a stop keeps the partial
 * answer without an error; a failure keeps what streamed and reports the error; a newer question
 * replaces the one in flight.
 */
export function connectionRunner(chat: DocsChat): AnswerRunner {
  let stopCurrent: ((report: boolean) => void) | undefined

  const ask = async (messages: DocsMessage[], fields: Parameters<AnswerRunner['ask']>[1]) => {
    // A newer question replaces the one in flight: that one's state is no longer its to touch.
    stopCurrent?.(false)
    const controller = new AbortController()
    let live = true
    const last = messages.at(-1)
    const continuing = last?.role === 'assistant' ? last : undefined
    const history = continuing ? messages.slice(0, -1) : messages
    const builder = createAnswerBuilder({ id: chat.generateId(), continuing })
    let lastFlush = 0
    let unflushed = false
    let cancelFrame: (() => void) | undefined
    // Without a throttle, one update per frame: the chunks of one frame make one snapshot.
    const flush = (force: boolean) => {
      if (!unflushed || !live) return
      const wait = chat.settings().throttleMs ?? 0
      if (!force && wait > 0 && Date.now() - lastFlush < wait) return
      if (!force && wait <= 0) {
        cancelFrame ??= scheduleFrame(() => {
          cancelFrame = undefined
          flush(true)
        })
        return
      }
      cancelFrame?.()
      cancelFrame = undefined
      lastFlush = Date.now()
      unflushed = false
      chat.report({ messages: [...history, builder.message()], status: 'streaming' })
    }
    const stop = (report: boolean) => {
      // What streamed before a stop stays on screen, and nothing after it.
      if (report) flush(true)
      cancelFrame?.()
      live = false
      if (stopCurrent === stop) stopCurrent = undefined
      controller.abort()
      if (report) chat.report({ status: 'ready' })
    }
    stopCurrent = stop
    chat.report({ messages, status: 'submitted', error: undefined })
    try {
      const stream = await chat.connection.ask(questionRequest(messages, fields), {
        signal: controller.signal,
        continueThread: true,
      })
      if (!live) return
      chat.answered(stream.response)
      for await (const batch of stream.batches()) {
        for (const event of batch) builder.apply(event)
        unflushed = true
        flush(false)
      }
      builder.end()
      flush(true)
      stopCurrent = undefined
      live = false
      chat.finished(builder.message())
      chat.report({ status: 'ready' })
    } catch (caught) {
      if (!live) return
      if (DocsApiError.isInstance(caught) && caught.kind === 'aborted') {
        stop(true)
        return
      }
      flush(true)
      cancelFrame?.()
      live = false
      stopCurrent = undefined
      const error = toDocsApiError(caught)
      chat.failed(error)
      chat.report({ status: 'error', error })
    }
  }

  return {
    messages: () => chat.getSnapshot().messages,
    setMessages: (messages) => chat.report({ messages }),
    ask,
    stop: () => stopCurrent?.(true),
  }
}
