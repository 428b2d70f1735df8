'use client'

import { DocsApiError, type SearchFilter, type SearchResult } from '@docchat/core'
import { groupSearchResults, Search, useRecentSearches } from '@docchat/headless'
import { useDocsSearch } from '@docchat/react'
import { type KeyboardEvent, type RefObject, useEffect, useMemo, useRef, useState } from 'react'
import { formatLabel } from '../labels'
import { searchErrorMessage } from './error-message'
import { Icon } from './icon'
import { useCountdown } from './use-countdown'
import { useWidgetSettings } from './widget-scope'

const askAiValue = 'docchat:ask-ai'

export interface SearchViewProps {
  onClose: () => void
  /** Hand the query to the assistant; shows the "Ask AI about …" option. */
  onAskAI?: (query: string) => void
  /** Follow a result. Defaults to `window.location.assign`. */
  navigate?: (href: string) => void
  inputRef?: RefObject<HTMLInputElement | null>
  defaultQuery?: string
  pageSize?: number
  filter?: SearchFilter | null
  /** Keep recent searches in localStorage. Defaults to `true`. */
  recentSearches?: boolean
  titleId?: string
}

/** Search as you type: results grouped by page, recent searches, and the hand-off to the assistant. */
export function SearchView({
  onClose,
  onAskAI,
  navigate,
  inputRef,
  defaultQuery = '',
  pageSize = 10,
  filter,
  recentSearches = true,
  titleId,
}: SearchViewProps) {
  const { labels, emit, docsBaseUrl } = useWidgetSettings()
  const [query, setQuery] = useState(defaultQuery)
  const search = useDocsSearch(query, { pageSize, ...(filter ? { filter } : {}) })
  const recent = useRecentSearches({ enabled: recentSearches })
  // A failed search hides the previous query's results: left on screen they read as the answer.
  const error = search.isError ? search.error : null
  const shownResults = error ? noResults : search.results
  const groups = useMemo(
    () => groupSearchResults(shownResults, { docsBaseUrl }),
    [shownResults, docsBaseUrl],
  )
  const trimmed = query.trim()
  const settled = Boolean(search.searchedQuery) && !search.isFetching && !search.isDebouncing
  const reported = useRef('')
  useEffect(() => {
    if (!settled || reported.current === search.searchedQuery) return
    reported.current = search.searchedQuery
    emit({
      type: 'search',
      queryLength: search.searchedQuery.length,
      resultCount: search.results.length,
      query: search.searchedQuery,
    })
  }, [settled, search.searchedQuery, search.results.length, emit])

  const askAI = (text: string) => {
    if (text.trim() && onAskAI) onAskAI(text.trim())
  }
  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Esc clears the query first (the part's behaviour); on an empty query it closes at once.
    if (event.key === 'Escape' && !query) {
      event.preventDefault()
      onClose()
    }
  }
  let position = 0
  const nothingFound = settled && !error && search.results.length === 0 && trimmed !== ''

  return (
    <Search.Root
      className="docchat-search-root"
      query={query}
      onQueryChange={setQuery}
      open
      onSubmit={onAskAI ? askAI : undefined}
      navigate={navigate}
    >
      <div className="docchat-search-bar">
        <Icon name="search" />
        <Search.Label className="docchat-visually-hidden" id={titleId}>
          {labels.searchLabel}
        </Search.Label>
        <Search.Input
          ref={inputRef}
          className="docchat-search-input"
          placeholder={labels.searchPlaceholder}
          onKeyDown={onInputKeyDown}
        />
        <button
          type="button"
          className="docchat-icon-button"
          aria-label={labels.close}
          title={labels.close}
          onClick={onClose}
        >
          <Icon name="close" />
        </button>
      </div>
      <div className="docchat-search-body">
        <Search.List className="docchat-results" aria-label={labels.searchTitle}>
          {trimmed && onAskAI ? (
            <Search.Item
              value={askAiValue}
              className="docchat-ask-ai"
              onSelect={(event) => {
                event.preventDefault()
                askAI(query)
              }}
            >
              <Icon name="sparkles" />
              <span className="docchat-result-text">
                {formatLabel(labels.askAiAbout, { query: trimmed })}
              </span>
            </Search.Item>
          ) : null}
          {trimmed ? (
            groups.map((group) => (
              <Search.Group key={group.path} className="docchat-result-group" label={group.title}>
                <Search.GroupLabel className="docchat-result-group-title">
                  {group.title}
                </Search.GroupLabel>
                {group.results.map((item) => {
                  const index = position++
                  return (
                    <Search.Item
                      key={item.id}
                      value={item.id}
                      href={item.href}
                      className="docchat-result"
                      onSelect={() => {
                        // A result the URL policy refused (href null) is text: never followed or kept.
                        if (!item.href) return
                        recent.add({
                          id: item.id,
                          label: item.title,
                          href: item.href,
                          breadcrumbs: item.breadcrumbs,
                        })
                        emit({ type: 'source-click', url: item.href, position: index })
                      }}
                    >
                      <span className="docchat-result-icon">
                        <Icon name={item.result.metadata.anchor ? 'hash' : 'file'} />
                      </span>
                      <span className="docchat-result-text">
                        <Search.Highlight
                          className="docchat-result-title"
                          text={item.title}
                          query={search.searchedQuery}
                        />
                        {item.breadcrumbs.length > 0 ? (
                          <Search.Breadcrumbs
                            className="docchat-result-breadcrumbs"
                            items={item.breadcrumbs}
                          />
                        ) : null}
                        <Search.Highlight
                          className="docchat-result-snippet"
                          text={snippet(item.result.content)}
                          query={search.searchedQuery}
                        />
                      </span>
                    </Search.Item>
                  )
                })}
              </Search.Group>
            ))
          ) : recent.items.length > 0 ? (
            <Search.Group className="docchat-result-group" label={labels.recentSearches}>
              <Search.GroupLabel className="docchat-result-group-title">
                {labels.recentSearches}
              </Search.GroupLabel>
              {recent.items.map((item) => (
                <Search.Item
                  key={item.id}
                  value={`recent:${item.id}`}
                  href={item.href}
                  className="docchat-result"
                >
                  <span className="docchat-result-icon">
                    <Icon name="clock" />
                  </span>
                  <span className="docchat-result-text">
                    <span className="docchat-result-title">{item.label}</span>
                  </span>
                </Search.Item>
              ))}
            </Search.Group>
          ) : null}
        </Search.List>
        {error && trimmed ? (
          <SearchErrorNotice
            error={
              DocsApiError.isInstance(error) ? error : new DocsApiError('', { kind: 'server' })
            }
            at={search.errorUpdatedAt}
          />
        ) : nothingFound ? (
          <Search.Empty className="docchat-search-status">
            {formatLabel(labels.noResults, { query: trimmed })}
          </Search.Empty>
        ) : trimmed && search.results.length === 0 && !settled ? (
          <p className="docchat-search-status" aria-hidden="true">
            {labels.searching}
          </p>
        ) : !trimmed && recent.items.length === 0 ? (
          <p className="docchat-search-status">{labels.searchEmpty}</p>
        ) : null}
        <Search.Status>
          {search.isFetching && trimmed
            ? labels.searching
            : settled && !error
              ? formatLabel(labels.resultsCount, { count: search.results.length })
              : ''}
        </Search.Status>
      </div>
      <Search.KeyboardHint
        className="docchat-search-footer"
        labels={{
          navigate: labels.navigateHint,
          select: labels.selectHint,
          close: labels.closeHint,
        }}
      />
    </Search.Root>
  )
}

const noResults: SearchResult[] = []

/** The alert for a failed search; a rate limit counts down to its `Retry-After`. */
function SearchErrorNotice({ error, at }: { error: DocsApiError; at: number }) {
  const { labels } = useWidgetSettings()
  const retryAfter =
    error.kind === 'rate-limited' && error.retryAfterMs ? at + error.retryAfterMs : undefined
  const seconds = useCountdown(retryAfter)
  return (
    <p className="docchat-search-status docchat-search-error" role="alert" data-kind={error.kind}>
      {searchErrorMessage(error, labels, seconds)}
    </p>
  )
}

function snippet(content: string): string {
  const text = content.replace(/\s+/g, ' ').trim()
  return text.length > 160 ? `${text.slice(0, 157)}…` : text
}
