import { describe, expect, it } from 'vitest'
import { loaderClasses } from './loader-classes'
import { createDocChat } from './create-doc-chat'
import { cssSubset, cssWithout } from './css-subset'
import loaderSheet from './loader-sheet.css?inline'
import panelSheet from './panel-sheet.css?inline'

// The build runs these on minified text; the structure they read is the same in the source.
const minify = async (css: string) => css
const declarations = (css: string) =>
  [...css.matchAll(/[{;]\s*([-\w]+\s*:[^;{}]*)/g)].map(([, d]) => d!.trim())

describe('cssSubset', () => {
  it("keeps the trigger's rules and the tokens they reach, through other tokens too", async () => {
    const css = await minify(loaderSheet)
    const subset = cssSubset(css, loaderClasses)
    expect(subset).toMatch(/(^|\})\.docchat-trigger\s*\{/)
    expect(subset).toMatch(/\}\.docchat-trigger \.docchat-kbd\s*\{/)
    expect(subset).toMatch(/@media \(max-width: ?640px\)\s*\{\.docchat-trigger \.docchat-kbd\s*\{/)
    // --docchat-shadow refers to --docchat-shadow-color, which the trigger never names.
    expect(subset).toContain('--docchat-shadow:')
    expect(subset).toContain('--docchat-shadow-color:')
    expect(subset).toMatch(/color-scheme:\s*light dark/)
    // Rules for classes the loader never draws, and tokens only they use, are gone.
    expect(css).toContain('.docchat-crash')
    expect(subset).not.toContain('.docchat-crash')
    expect(subset).not.toContain('.docchat-visually-hidden')
    expect(subset).not.toContain('--docchat-syntax-keyword')
    expect(subset).not.toContain('--docchat-panel-width')
    expect(subset.length).toBeLessThan(css.length * 0.6)
  })

  it("keeps the space of an empty custom property (lightningcss's light-dark toggles)", () => {
    const css =
      ':host{--t-dark: ;--docchat-a:var(--t-dark,red)}.x{color:var(--docchat-a)}.y{color:blue}'
    expect(cssSubset(css, ['x'])).toBe(
      ':host{--t-dark: ;--docchat-a:var(--t-dark,red)}.x{color:var(--docchat-a)}',
    )
  })

  it('names every class the loader draws', async () => {
    const instance = await createDocChat(
      { domain: 'acme', assistantKey: 'mint_dsc_test' },
      { idlePreload: false, loadPanel: () => new Promise(() => {}) },
    )
    const shadow = document.querySelector('docchat-widget')!.shadowRoot!
    const drawn = new Set(
      [...shadow.querySelectorAll('[class]')].flatMap((element) => [...element.classList]),
    )
    // The panel host appears once the panel loads; the trigger classes are there from the start.
    for (const name of drawn) expect(loaderClasses).toContain(name)
    expect(drawn.size).toBeGreaterThanOrEqual(4)
    await instance.destroy()
  })
})

describe('cssWithout', () => {
  it('leaves out what the first sheet applies, and together they apply everything', async () => {
    const loader = cssSubset(await minify(loaderSheet), loaderClasses)
    const panel = await minify(panelSheet)
    const rest = cssWithout(panel, loader)
    expect(rest.length).toBeLessThan(panel.length)
    expect(rest).not.toContain('--docchat-primary-color:')
    expect(rest).toContain('--docchat-syntax-keyword:')
    expect(rest).toMatch(/\.docchat-crash\s*\{/)
    const both = new Set([...declarations(loader), ...declarations(rest)])
    // Against nothing, cssWithout only normalises (comments out, one rule per selector list).
    const all = declarations(cssWithout(panel, ''))
    expect(all.length).toBeGreaterThan(300)
    for (const declaration of all) expect(both).toContain(declaration)
  })

  it('matches declarations by selector and at-rule, not by text alone', () => {
    const first = '.a{color:red}@media (x){.b{color:red}}'
    expect(cssWithout('.a{color:red;margin:0}.b{color:red}', first)).toBe(
      '.a{margin:0}.b{color:red}',
    )
    expect(cssWithout('@media (x){.b{color:red}}@media (y){.b{color:red}}', first)).toBe(
      '@media (y){.b{color:red}}',
    )
  })
})
