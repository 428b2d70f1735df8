/**
 * Linear scans for the trims and cuts that request paths and texts need. Each replaces a regex
 * that backtracked (`/\/+$/` takes seconds on a long run of slashes followed by anything else) and
 * gives the same result.
 */

/** `text` without the run of `char` (one UTF-16 unit) at its end: `/x+$/` without backtracking. */
export function trimTrailing(text: string, char: string): string {
  const code = char.charCodeAt(0)
  let end = text.length
  while (end > 0 && text.charCodeAt(end - 1) === code) end--
  return end === text.length ? text : text.slice(0, end)
}

/** `text` without the run of `char` at its start: `/^x+/`. */
export function trimLeading(text: string, char: string): string {
  const code = char.charCodeAt(0)
  let start = 0
  while (start < text.length && text.charCodeAt(start) === code) start++
  return start === 0 ? text : text.slice(start)
}

/** `\n`, `\r`, U+2028, U+2029: the characters `.` does not match and `^`/`$` (with `m`) stop at. */
export function isLineTerminator(code: number): boolean {
  return code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029
}

/** Exactly the characters of a regex `\s` (and of `String.prototype.trim`). */
export function isWhitespace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d)
  if (code < 0xa0) return false
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  )
}

/** A regex `\w` without the `u` flag: ASCII letters, digits and `_`. */
export function isWordChar(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x5f
  )
}

/** The end of the run of whitespace (`\s`) that starts at `from` (`from` itself when none). */
export function whitespaceEnd(text: string, from: number): number {
  let end = from
  while (end < text.length && isWhitespace(text.charCodeAt(end))) end++
  return end
}

/**
 * `text` cut at its query string or fragment: `text.replace(/[?#].*$/, '')`, which cuts at the
 * first `?` or `#` with no line terminator after it.
 */
export function cutQueryAndFragment(text: string): string {
  let from = text.length
  while (from > 0 && !isLineTerminator(text.charCodeAt(from - 1))) from--
  for (let index = from; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code === 0x3f || code === 0x23) return text.slice(0, index)
  }
  return text
}

/**
 * `text` without each `open` up to the next `close` (both one character), as the regex
 * `open[^close]*close` removes them, or `open[^close]+close` with `nonEmpty`. Found with
 * `indexOf`, so a run of `open` with no `close` after it costs one pass, not one per `open`.
 */
export function withoutDelimited(
  text: string,
  open: string,
  close: string,
  { nonEmpty }: { nonEmpty: boolean },
): string {
  let out = ''
  let copied = 0
  for (let at = text.indexOf(open); at !== -1; ) {
    const end = text.indexOf(close, at + 1)
    // No `close` after this `open` means none after any later one either.
    if (end === -1) break
    if (nonEmpty && end === at + 1) {
      at = text.indexOf(open, at + 1)
      continue
    }
    out += text.slice(copied, at)
    copied = end + 1
    at = text.indexOf(open, copied)
  }
  return copied === 0 ? text : out + text.slice(copied)
}

/**
 * Where the run of 3 or more backticks or tildes at `start` ends, when `start` begins a line of
 * `text` (the text's start, or after a line terminator); -1 when there is no such run.
 */
export function fenceRunEnd(text: string, start: number): number {
  if (start > 0 && !isLineTerminator(text.charCodeAt(start - 1))) return -1
  const marker = text[start]
  if (marker !== '`' && marker !== '~') return -1
  let end = start
  while (text[end] === marker) end++
  return end - start >= 3 ? end : -1
}
