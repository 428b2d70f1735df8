import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

// jsdom has no layout or colour resolution (axe skips color-contrast there), so this reads the
// shipped tokens and computes WCAG contrast for a search match the way a browser composites it.
const here = dirname(fileURLToPath(import.meta.url))
const css = (name: string) => readFileSync(join(here, name), 'utf8')
const tokens = css('tokens.css')
const search = css('search.css')

type Rgb = [number, number, number]

function token(name: string): string {
  const match = new RegExp(`^\\s*--docchat-${name}:\\s*([^;]+);`, 'm').exec(tokens)
  if (!match?.[1]) throw new Error(`no --docchat-${name}`)
  return match[1].trim()
}

function hex(value: string): Rgb {
  const digits = /^#([0-9a-f]{6})$/i.exec(value)?.[1]
  if (!digits) throw new Error(`not a hex colour: ${value}`)
  return [0, 2, 4].map((at) => Number.parseInt(digits.slice(at, at + 2), 16)) as Rgb
}

function scheme(name: string, dark: boolean): Rgb {
  const match = /^light-dark\(\s*(#[0-9a-f]{6}),\s*(#[0-9a-f]{6})\s*\)$/i.exec(token(name))
  if (!match?.[1] || !match[2]) throw new Error(`--docchat-${name} is not light-dark(#…, #…)`)
  return hex(dark ? match[2] : match[1])
}

function mixPercent(name: string): number {
  const match = /color-mix\(in srgb, var\(--docchat-primary-color\) (\d+)%, transparent\)/.exec(
    token(name),
  )
  if (!match?.[1]) throw new Error(`--docchat-${name} is not a primary tint`)
  return Number(match[1]) / 100
}

const over = (top: Rgb, base: Rgb, alpha: number): Rgb =>
  top.map((channel, i) => channel * alpha + base[i]! * (1 - alpha)) as Rgb

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as Rgb
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

describe('search match highlighting', () => {
  it('marks use the match text colour token, which is the full text colour', () => {
    expect(search).toMatch(/\.docchat-mark \{[^}]*color: var\(--docchat-mark-text-color\);/)
    expect(token('mark-text-color')).toBe('var(--docchat-text-color)')
  })

  it.each([
    ['light', false],
    ['dark', true],
  ])('has at least 4.5:1 contrast in the %s theme, on a selected row too', (_, dark) => {
    const primary = hex(token('primary-color'))
    const background = scheme('background', dark)
    const text = scheme('text-color', dark)
    for (const row of [background, over(primary, background, mixPercent('highlight-color'))]) {
      const mark = over(primary, row, mixPercent('mark-color'))
      expect(contrast(text, mark)).toBeGreaterThanOrEqual(4.5)
    }
  })
})
