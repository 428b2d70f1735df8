import { matchesShortcut, parseShortcut } from './shortcut'
import type { KeyboardEventLike } from './shortcut'

// Core runs in Node, which has no KeyboardEvent: the matcher reads only these fields.
const keydown = (init: Partial<KeyboardEventLike>): KeyboardEventLike => ({
  key: '',
  code: '',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...init,
})

describe('matchesShortcut', () => {
  const modK = parseShortcut('mod+k')!

  it('⌘K and Ctrl+K match mod+k; both at once, Shift or Alt do not', () => {
    expect(matchesShortcut(modK, keydown({ key: 'k', code: 'KeyK', metaKey: true }))).toBe(true)
    expect(matchesShortcut(modK, keydown({ key: 'K', code: 'KeyK', ctrlKey: true }))).toBe(true)
    expect(
      matchesShortcut(modK, keydown({ key: 'k', code: 'KeyK', metaKey: true, ctrlKey: true })),
    ).toBe(false)
    expect(
      matchesShortcut(modK, keydown({ key: 'K', code: 'KeyK', metaKey: true, shiftKey: true })),
    ).toBe(false)
    expect(
      matchesShortcut(modK, keydown({ key: 'k', code: 'KeyK', metaKey: true, altKey: true })),
    ).toBe(false)
    expect(matchesShortcut(modK, keydown({ key: 'k', code: 'KeyK' }))).toBe(false)
  })

  it('on a Cyrillic layout, ⌘ + the K key (key "л", code "KeyK") is still mod+k', () => {
    expect(matchesShortcut(modK, keydown({ key: 'л', code: 'KeyK', metaKey: true }))).toBe(true)
    expect(matchesShortcut(modK, keydown({ key: 'л', code: 'KeyL', metaKey: true }))).toBe(false)
    const modOne = parseShortcut('mod+1')!
    expect(matchesShortcut(modOne, keydown({ key: '&', code: 'Digit1', ctrlKey: true }))).toBe(true)
  })

  it('parses modifiers, the plus key and rejects junk', () => {
    expect(parseShortcut('ctrl+shift+p')).toMatchObject({ key: 'p', ctrl: true, shift: true })
    expect(parseShortcut('mod++')).toMatchObject({ key: '+', mod: true })
    expect(parseShortcut('/')).toMatchObject({ key: '/', mod: false })
    expect(parseShortcut(false)).toBeNull()
    expect(parseShortcut('hyper+k')).toBeNull()
  })
})
