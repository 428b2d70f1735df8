import axe from 'axe-core'

/**
 * axe-core violations inside `container`, one line each (`rule: offending html`), so a failing
 * `toEqual([])` shows what is wrong. Colour contrast needs layout, which jsdom lacks: Chromium
 * (Storybook, Playwright) checks it.
 */
export async function axeViolations(container: Element): Promise<string[]> {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(', ')}`,
  )
}

/** The violations as one message, for `expect(violations, describeViolations(violations))`. */
export function describeViolations(violations: readonly string[]): string {
  return violations.join('\n')
}
