'use client'

import { DocsApiError, type SearchFilter, type SearchResult } from '@docchat/core'
import { groupSearchResults, Search, snippetParts, useRecentSearches } from '@docchat/headless'
import { useDocsSearch } from '@docchat/react'
import { type KeyboardEvent, type RefObject, useEffect, useMemo, useRef, useState } from 'react'
import { formatLabel } from '../labels'
import { searchLabels } from '../search-labels'
import type { SuggestedPage } from '../widget-options'
import { searchErrorMessage } from './error-message'
import { useReportError } from './use-report-error'
import { Icon, IconButton, type IconName } from './icon'
import { useCountdown } from './use-countdown'
import { usePartLabels, useWidgetSettings } from './widget-settings'

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
  /** Pages offered while the query is empty and there are no recent searches. */
  suggestedPages?: readonly SuggestedPage[] | null
  /**
   * Questions offered (as "Ask AI") while the query is empty and there are no recent searches.
   * Defaults to the `starterQuestions` option.
   */
  suggestedQuestions?: readonly string[] | null
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
  suggestedPages,
  suggestedQuestions,
  titleId,
}: SearchViewProps) {
  const { emit, docsBaseUrl, starterQuestions } = useWidgetSettings()
  const labels = usePartLabels(searchLabels)
  const [query, setQuery] = useState(defaultQuery)
  const search = useDocsSearch(query, { pageSize, ...(filter ? { filter } : {}) })
  const recent = useRecentSearches({ enabled: recentSearches })
  // A failed search hides the previous query's results: left on screen they read as the answer.
  const error = search.isError ? search.error : null
  useReportError(DocsApiError.isInstance(error) ? error : null)
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
  const listRef = useRef<HTMLDivElement>(null)
  const remember = (item: (typeof groups)[number]['results'][number], position: number) => {
    // A result the URL policy refused (href null) is shown as text and never followed.
    if (!item.href) return
    recent.add({ id: item.id, label: item.title, href: item.href, breadcrumbs: item.breadcrumbs })
    emit({ type: 'source-click', url: item.href, position })
  }
  // Enter with no option navigated to runs the default option, which is marked (data-default) so
  // the reader sees what Enter will do: "Ask AI" when there is an assistant, else the first
  // result, selected through its own click so it takes the same path as a pointer.
  const onSubmit = (text: string) => {
    if (onAskAI) return askAI(text)
    listRef.current?.querySelector<HTMLElement>('[role="option"][data-default]')?.click()
  }
  const questions = (suggestedQuestions ?? starterQuestions).filter((q) => q.trim())
  const pages = (suggestedPages ?? []).filter((page) => page.title && page.href)
  const showSuggestions = !trimmed && recent.items.length === 0
  const hasSuggestions = (onAskAI && questions.length > 0) || pages.length > 0
  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // One Esc closes the search modal, query or not, as DocSearch, Mintlify and kapa do; the
    // headless part's own clear-then-close suits a combobox in a page, not a modal.
    if (event.key === 'Escape' && !event.nativeEvent.isComposing) {
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
      onSubmit={onSubmit}
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
        <IconButton icon="close" label={labels.close} onClick={onClose} />
      </div>
      {/* Focusable so keyboard users can scroll it too (the options themselves never take focus:
          the input keeps it, with aria-activedescendant). */}
      <section
        className="docchat-search-body"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll container must be reachable
        tabIndex={0}
        aria-label={labels.searchTitle}
      >
        <Search.List ref={listRef} className="docchat-results" aria-label={labels.searchTitle}>
          {trimmed && onAskAI ? (
            <Search.Item
              value={askAiValue}
              className="docchat-ask-ai"
              data-default=""
              onSelect={(event) => {
                event.preventDefault()
                askAI(query)
              }}
            >
              <Icon name="sparkles" />
              <span className="docchat-result-text">
                {formatLabel(labels.askAiAbout, { query: trimmed })}
              </span>
              <EnterKey />
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
                      href={item.href ?? undefined}
                      className="docchat-result"
                      data-default={!onAskAI && index === 0 ? '' : undefined}
                      onSelect={() => remember(item, index)}
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
                        <Snippet content={item.result.content} query={search.searchedQuery} />
                      </span>
                      {!onAskAI && index === 0 ? <EnterKey /> : null}
                    </Search.Item>
                  )
                })}
              </Search.Group>
            ))
          ) : recent.items.length > 0 ? (
            <PlainGroup
              label={labels.recentSearches}
              icon="clock"
              items={recent.items.map((item) => ({
                value: `recent:${item.id}`,
                title: item.label,
                href: item.href,
              }))}
            />
          ) : showSuggestions && hasSuggestions ? (
            <>
              {onAskAI && questions.length > 0 ? (
                <PlainGroup
                  label={labels.starterQuestions}
                  icon="sparkles"
                  items={questions.map((question) => ({
                    value: `question:${question}`,
                    title: question,
                    onSelect: (event) => {
                      event.preventDefault()
                      askAI(question)
                    },
                  }))}
                />
              ) : null}
              {pages.length > 0 ? (
                <PlainGroup
                  label={labels.suggestedPages}
                  icon="file"
                  items={pages.map((page) => ({
                    value: `page:${page.href}`,
                    title: page.title,
                    href: page.href,
                  }))}
                />
              ) : null}
            </>
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
        ) : showSuggestions && !hasSuggestions ? (
          <p className="docchat-search-status">{labels.searchEmpty}</p>
        ) : null}
        <Search.Status>
          {search.isFetching && trimmed
            ? labels.searching
            : settled && !error
              ? formatLabel(labels.resultsCount, { count: search.results.length })
              : ''}
        </Search.Status>
      </section>
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
  const labels = usePartLabels(searchLabels)
  const retryAfter =
    error.kind === 'rate-limited' && error.retryAfterMs ? at + error.retryAfterMs : undefined
  const seconds = useCountdown(retryAfter)
  return (
    <p className="docchat-search-status docchat-search-error" role="alert" data-kind={error.kind}>
      {searchErrorMessage(error, labels, seconds)}
    </p>
  )
}

/** The result's markdown as one clean line; inline code keeps its code look. */
function Snippet({ content, query }: { content: string; query: string }) {
  const parts = useMemo(() => snippetParts(content, { query, maxLength: 160 }), [content, query])
  return (
    <span className="docchat-result-snippet">
      {parts.map((part, index) =>
        part.code ? (
          <code key={index} className="docchat-result-code">
            <Search.Highlight text={part.text} query={query} />
          </code>
        ) : (
          <Search.Highlight key={index} text={part.text} query={query} />
        ),
      )}
    </span>
  )
}

/** Shown on the default option: what Enter does before the reader navigates. */
function EnterKey() {
  return (
    <span className="docchat-enter-key" aria-hidden="true">
      ↵
    </span>
  )
}

/** One-line options with an icon: the recent searches, the suggested questions and pages. */
function PlainGroup({
  label,
  icon,
  items,
}: {
  label: string
  icon: IconName
  items: Array<{
    value: string
    title: string
    href?: string | undefined
    onSelect?: Search.ItemProps['onSelect']
  }>
}) {
  return (
    <Search.Group className="docchat-result-group" label={label}>
      <Search.GroupLabel className="docchat-result-group-title">{label}</Search.GroupLabel>
      {items.map((item) => (
        <Search.Item
          key={item.value}
          value={item.value}
          href={item.href}
          className="docchat-result"
          onSelect={item.onSelect}
        >
          <span className="docchat-result-icon">
            <Icon name={icon} />
          </span>
          <span className="docchat-result-text">
            <span className="docchat-result-title">{item.title}</span>
          </span>
        </Search.Item>
      ))}
    </Search.Group>
  )
}
