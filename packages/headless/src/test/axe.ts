import axe from 'axe-core'

/** Runs axe-core on `container` and returns the violations (empty when the markup is clean). */
export async function axeViolations(container: Element): Promise<axe.Result[]> {
  const results = await axe.run(container, {
    // jsdom has no layout or canvas, so colour contrast cannot be computed there.
    rules: { 'color-contrast': { enabled: false } },
  })
  return results.violations
}

export function describeViolations(violations: axe.Result[]): string {
  return violations
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(', ')}`)
    .join('\n')
}
