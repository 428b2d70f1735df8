import axe from 'axe-core'

/** axe-core violations inside `container` (colour contrast needs layout, which jsdom lacks). */
export async function axeViolations(container: Element): Promise<string[]> {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(', ')}`,
  )
}
