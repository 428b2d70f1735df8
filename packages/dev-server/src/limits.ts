/**
 * The dev server's own maximums for request fields the API contract leaves unbounded. Each is
 * checked on the raw body, before any regex, parse or search sees the field, and a request over
 * one gets a 400 `{ message, field, limit }`. The API's shared limits (query, question, attached
 * files, `currentPath`) are core's `DOCS_LIMITS`.
 */
export const DEV_SERVER_LIMITS = {
  /** Characters of a page request's `path`, and of a context item's `path` or `elementId`. */
  pathChars: 2_048,
  /** Context items (selected text or code) sent with one question. */
  contextItems: 20,
  /** Characters of all the context items' `value`s of one request together. */
  contextChars: 50_000,
  /**
   * Nesting of arrays and objects in a request body (the API's own bodies nest about 8 deep), and
   * arrays and objects in one body (a 100-message conversation with its sources holds a few
   * thousand). `JSON.parse` spends about a microsecond on each: checked by a linear scan first.
   */
  jsonDepth: 64,
  jsonContainers: 20_000,
} as const

export type DevServerLimits = typeof DEV_SERVER_LIMITS
