/**
 * Merges runs of text parts (`0:"…"` lines) of an AI SDK v4 data stream that arrive within
 * `windowMs` into one part. The AI SDK's chat parser copies the whole message for every part it
 * reads (structuredClone per token), which grows quadratically with long answers; a model streaming
 * word by word sends thousands of parts. Other lines pass through unchanged and in order, and a
 * text run is flushed before them.
 */
export function coalesceTextParts(
  body: ReadableStream<Uint8Array>,
  windowMs = 32,
): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder()
  const encoder = new TextEncoder()
  let partial = ''
  let text = ''
  let pending = false
  let timer: ReturnType<typeof setTimeout> | undefined

  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const flush = () => {
          clearTimeout(timer)
          timer = undefined
          if (!pending) return
          const merged = `0:${JSON.stringify(text)}\n`
          text = ''
          pending = false
          try {
            controller.enqueue(encoder.encode(merged))
          } catch {
            // The reader stopped (the user pressed stop) before the timer fired.
          }
        }
        partial += decoder.decode(chunk, { stream: true })
        const lines = partial.split('\n')
        partial = lines.pop() ?? ''
        let passthrough = ''
        for (const line of lines) {
          const value = line.startsWith('0:') ? parseText(line) : undefined
          if (value !== undefined) {
            if (passthrough) {
              controller.enqueue(encoder.encode(passthrough))
              passthrough = ''
            }
            text += value
            pending = true
          } else {
            if (pending) flush()
            passthrough += `${line}\n`
          }
        }
        if (passthrough) controller.enqueue(encoder.encode(passthrough))
        if (pending && timer === undefined) timer = setTimeout(flush, windowMs)
      },
      flush(controller) {
        clearTimeout(timer)
        if (pending) controller.enqueue(encoder.encode(`0:${JSON.stringify(text)}\n`))
        const rest = partial + decoder.decode()
        if (rest) controller.enqueue(encoder.encode(rest))
      },
    }),
  )
}

function parseText(line: string): string | undefined {
  try {
    const value: unknown = JSON.parse(line.slice(2))
    return typeof value === 'string' ? value : undefined
  } catch {
    // Not ours to judge: the AI SDK reports the malformed line.
    return undefined
  }
}

const assistantMessagePath = /\/assistant\/[^/]+\/message$/

/** A fetch whose assistant-message responses go through `coalesceTextParts`. */
export function coalescingFetch(fetch: typeof globalThis.fetch): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await fetch(input, init)
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    if (!response.ok || !response.body || !assistantMessagePath.test(url)) return response
    return new Response(coalesceTextParts(response.body), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    })
  }
}
