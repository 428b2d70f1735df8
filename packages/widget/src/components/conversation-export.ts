/**
 * Taking a conversation out of the widget: the clipboard and a `.md` download. Both work from the
 * drop-in's Shadow DOM; neither throws (a refused clipboard resolves `false`).
 */

export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}

/** Saves `text` as a file through a Blob URL, released once the browser has taken it. */
export function downloadText(text: string, fileName: string, type = 'text/markdown'): boolean {
  if (typeof URL.createObjectURL !== 'function') return false
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  // A link that is not in the document still downloads when clicked, and leaves nothing behind.
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
  return true
}

/** "5 minutes ago", "yesterday": in the page's language when the browser knows it. */
export function relativeTime(time: number, now: number, locale?: string): string {
  const seconds = Math.round((time - now) / 1000)
  const steps: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ['second', 60],
    ['minute', 60],
    ['hour', 24],
    ['day', 7],
    ['week', 4.35],
    ['month', 12],
    ['year', Number.POSITIVE_INFINITY],
  ]
  let value = seconds
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) {
      try {
        return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(
          Math.round(value),
          unit,
        )
      } catch {
        return new Date(time).toLocaleString()
      }
    }
    value /= size
  }
  return new Date(time).toLocaleString()
}
