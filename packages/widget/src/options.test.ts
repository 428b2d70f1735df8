import { describe, expect, it, vi } from 'vitest'
import { createEmitter } from './analytics'
import {
  ariaKeyShortcuts,
  isTypingOutside,
  matchShortcut,
  resolveShortcuts,
  shortcutHint,
} from './keyboard-shortcuts'
import { defaultLabels } from './default-labels'
import { formatLabel, resolveLabels, withPartLabels } from './labels'
import { searchLabels } from './search-labels'
import { historyLabels } from './history-labels'
import { attachmentLabels } from './attachment-labels'
import { statusLabels } from './status-labels'
import { themeProperties } from './theme'
import { starterQuestionsOf } from './widget-options'

describe('labels', () => {
  it('fills placeholders and leaves unknown ones', () => {
    expect(formatLabel('Retry in {seconds}s ({x})', { seconds: 3 })).toBe('Retry in 3s ({x})')
  })

  it('overrides only string labels', () => {
    const labels = resolveLabels({ title: 'Docs AI', send: undefined })
    expect(labels.title).toBe('Docs AI')
    expect(labels.send).toBe(defaultLabels.send)
  })

  it("a part's words: its defaults, the site's over them; the panel carries none of them", () => {
    const scope = resolveLabels({ searchPlaceholder: 'Find in the docs', title: 'Docs AI' })
    expect(resolveLabels()).not.toHaveProperty('searchPlaceholder')
    const search = withPartLabels(scope, searchLabels)
    expect(search.searchPlaceholder).toBe('Find in the docs')
    expect(search.noResults).toBe(defaultLabels.noResults)
    expect(search.title).toBe('Docs AI')
    // Each word has one home: the panel's or one part's; together they are `defaultLabels`.
    const homes = [resolveLabels(), searchLabels, historyLabels, attachmentLabels, statusLabels]
    const keys = homes.flatMap((labels) => Object.keys(labels))
    expect(new Set(keys).size).toBe(keys.length)
    expect(keys.sort()).toEqual(Object.keys(defaultLabels).sort())
  })
})

describe('createEmitter', () => {
  it('strips question and query text unless includeQuestionText, and swallows hook errors', () => {
    const onEvent = vi.fn((_event: unknown) => {
      throw new Error('boom')
    })
    const options = { onEvent, includeQuestionText: false }
    const emit = createEmitter(() => options)
    emit({ type: 'ask', source: 'input', questionLength: 5, contextCount: 0, question: 'hello' })
    emit({ type: 'search', queryLength: 3, resultCount: 1, query: 'abc' })
    expect(onEvent.mock.calls.map(([event]) => event)).toEqual([
      {
        type: 'ask',
        source: 'input',
        questionLength: 5,
        contextCount: 0,
        timestamp: expect.any(Number),
      },
      { type: 'search', queryLength: 3, resultCount: 1, timestamp: expect.any(Number) },
    ])
    options.includeQuestionText = true
    emit({ type: 'search', queryLength: 3, resultCount: 1, query: 'abc' })
    expect(onEvent).toHaveBeenLastCalledWith(expect.objectContaining({ query: 'abc' }))
  })
})

describe('keyboard shortcuts', () => {
  const keys = resolveShortcuts(undefined, true)

  it('match ⌘/Ctrl + key only, never with Shift or Alt', () => {
    expect(matchShortcut(new KeyboardEvent('keydown', { key: 'k', metaKey: true }), keys)).toBe(
      'search',
    )
    expect(matchShortcut(new KeyboardEvent('keydown', { key: 'I', ctrlKey: true }), keys)).toBe(
      'assistant',
    )
    expect(
      matchShortcut(
        new KeyboardEvent('keydown', { key: 'i', ctrlKey: true, shiftKey: true }),
        keys,
      ),
    ).toBeUndefined()
    expect(matchShortcut(new KeyboardEvent('keydown', { key: 'k' }), keys)).toBeUndefined()
  })

  it('match on non-Latin layouts by the physical key: ⌘ + K typed as "л" opens search', () => {
    const cyrillicK = new KeyboardEvent('keydown', { key: 'л', code: 'KeyK', metaKey: true })
    expect(matchShortcut(cyrillicK, keys)).toBe('search')
    const cyrillicI = new KeyboardEvent('keydown', { key: 'ш', code: 'KeyI', ctrlKey: true })
    expect(matchShortcut(cyrillicI, keys)).toBe('assistant')
    const otherKey = new KeyboardEvent('keydown', { key: 'д', code: 'KeyL', metaKey: true })
    expect(matchShortcut(otherKey, keys)).toBeUndefined()
  })

  it('can be rebound or turned off, and search off removes its shortcut', () => {
    expect(resolveShortcuts({ search: '/', assistant: false }, true)).toEqual({
      search: '/',
      assistant: false,
    })
    expect(resolveShortcuts(false, true)).toEqual({ search: false, assistant: false })
    expect(resolveShortcuts(undefined, false)).toEqual({ search: false, assistant: 'i' })
  })

  it('ignore typing in page inputs, including inside other shadow roots', () => {
    const other = document.createElement('div')
    const shadow = other.attachShadow({ mode: 'open' })
    const input = document.createElement('input')
    shadow.append(input)
    document.body.append(other)
    let typing: boolean | undefined
    document.addEventListener('keydown', (event) => (typing = isTypingOutside(event)), {
      once: true,
    })
    input.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true, composed: true }),
    )
    expect(typing).toBe(true)
    // The same keystroke from inside the widget's own root counts as ours.
    document.addEventListener('keydown', (event) => (typing = isTypingOutside(event, shadow)), {
      once: true,
    })
    input.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true, composed: true }),
    )
    expect(typing).toBe(false)
    other.remove()
  })

  it('describe themselves for assistive tech and people', () => {
    expect(ariaKeyShortcuts('k')).toBe('Meta+K Control+K')
    expect(ariaKeyShortcuts(false)).toBeUndefined()
    expect(shortcutHint('k', true)).toBe('⌘K')
    expect(shortcutHint('k', false)).toBe('Ctrl K')
  })
})

describe('theme and starter questions', () => {
  it('maps options to custom properties', () => {
    expect(themeProperties({ accent: 'red', radius: 8, font: 'Inter', zIndex: 5 })).toEqual({
      '--docchat-primary-color': 'red',
      '--docchat-radius': '8px',
      '--docchat-font': 'Inter',
      '--docchat-z-index': '5',
    })
    expect(themeProperties({ radius: '1rem' })).toEqual({ '--docchat-radius': '1rem' })
  })

  it('keeps at most three non-empty starter questions', () => {
    expect(starterQuestionsOf({ starterQuestions: ['a', ' ', 'b', 'c', 'd'] })).toEqual([
      'a',
      'b',
      'c',
    ])
  })
})
