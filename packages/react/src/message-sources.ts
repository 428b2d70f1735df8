import { isRecord, type MessageLike, sourcePartsOf, toolInvocationsOf } from './message-parts'
import { resolveDocsUrl, withAnchor } from './resolve-docs-url'

export interface MessageSource {
  /**
   * Through core's URL policy: absolute when `docsBaseUrl` is known (keeping its base path), else
   * relative as the server sent it. `null` when the policy refuses the link (`javascript:`, `data:`,
   * `//host`, …): render the title as plain text. Unique within a message.
   */
  url: string | null
  title: string
  /** The docs path of a search result. */
  path?: string
  /** The matched text of a search result. */
  content?: string
  /** `source` part (`h:` line) or `search` tool result. */
  origin: 'source' | 'search'
}

export interface MessageSourcesOptions {
  docsBaseUrl?: string
  /** Tool names whose results are search results. Defaults to `['search']`. */
  searchToolNames?: ReadonlyArray<string>
}

/**
 * Sources an answer used: `source` parts and the results of `search` tool calls (an array of search
 * results, or `{ results: [...] }`), de-duplicated by URL in order of first appearance.
 */
export function getMessageSources(
  message: MessageLike,
  options: MessageSourcesOptions = {},
): MessageSource[] {
  const { docsBaseUrl, searchToolNames = ['search'] } = options
  const byUrl = new Map<string, MessageSource>()
  // Refused links are keyed by what the server sent, so two different ones stay two entries.
  const add = (source: MessageSource, raw: string) => {
    const key = source.url ?? `refused:${raw}`
    const existing = byUrl.get(key)
    if (!existing) byUrl.set(key, source)
    else if (existing.title === (existing.url ?? raw) && source.title !== (source.url ?? raw))
      existing.title = source.title
  }

  for (const part of sourcePartsOf(message)) {
    const url = resolveDocsUrl(part.url, docsBaseUrl)
    add({ url, title: part.title || part.url, origin: 'source' }, part.url)
  }
  for (const invocation of toolInvocationsOf(message)) {
    if (invocation.state !== 'result' || !searchToolNames.includes(invocation.toolName)) continue
    for (const result of searchResultsOf(invocation.result)) {
      const metadata = isRecord(result.metadata) ? result.metadata : {}
      const path = typeof result.path === 'string' ? result.path : undefined
      const link = typeof result.url === 'string' ? result.url : path
      if (!link) continue
      const anchor = typeof metadata.anchor === 'string' ? metadata.anchor : undefined
      const url = withAnchor(resolveDocsUrl(link, docsBaseUrl), anchor)
      const title = typeof metadata.title === 'string' && metadata.title ? metadata.title : link
      add(
        {
          url,
          title,
          path,
          content: typeof result.content === 'string' ? result.content : undefined,
          origin: 'search',
        },
        link,
      )
    }
  }
  return [...byUrl.values()]
}

function searchResultsOf(result: unknown): Record<string, unknown>[] {
  const list = Array.isArray(result)
    ? result
    : isRecord(result) && Array.isArray(result.results)
      ? result.results
      : []
  return list.filter(isRecord)
}
