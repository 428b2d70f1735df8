import { describe, expect, it } from 'vitest'
import { createSlugger, slugify } from './heading-slug'

describe('heading slugs (github-slugger)', () => {
  it('slugs like GitHub and Mintlify: lowercase, punctuation and symbols gone, spaces to hyphens', () => {
    expect(slugify('Set up the widget')).toBe('set-up-the-widget')
    expect(slugify("What's new? (v2.0)")).toBe('whats-new-v20')
    expect(slugify('Café crème')).toBe('café-crème')
    expect(slugify('snake_case stays')).toBe('snake_case-stays')
    // github-slugger's own character table: superscripts and vulgar fractions go too.
    expect(slugify('E = mc²')).toBe('e--mc')
    expect(slugify('½ off')).toBe('-off')
  })

  it('numbers repeats within one page, the way github-slugger does', () => {
    const slug = createSlugger()
    expect(
      ['Install', 'Install', 'Install 1', 'Install', '__proto__', '__proto__'].map(slug),
    ).toEqual(['install', 'install-1', 'install-1-1', 'install-2', '__proto__', '__proto__-1'])
    // Each page starts afresh.
    expect(createSlugger()('Install')).toBe('install')
  })
})
