/**
 * A response body as text, read as it arrives and no further than `maxChars` characters: a hostile
 * or broken server's endless or multi-gigabyte body never fills the tab's memory. `over` when the
 * body had more; the rest is then cancelled, unread. Without a readable body (a fetch polyfill),
 * `text()` it is.
 */
export async function readText(
  response: Response,
  maxChars: number,
): Promise<{ text: string; over: boolean }> {
  const reader = response.body?.getReader?.()
  if (!reader) {
    const text = await response.text()
    return { text: text.slice(0, maxChars), over: text.length > maxChars }
  }
  const decoder = new TextDecoder()
  let text = ''
  for (;;) {
    const { done, value } = await reader.read()
    text += decoder.decode(value, { stream: !done })
    if (text.length > maxChars) {
      reader.cancel().catch(() => {})
      return { text: text.slice(0, maxChars), over: true }
    }
    if (done) return { text, over: false }
  }
}
