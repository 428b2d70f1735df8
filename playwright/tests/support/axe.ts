import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, type TestInfo } from '@playwright/test'

const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

export interface AxeCheckOptions {
  /** Also check the rest of the page, separately, so a finding says whose it is. */
  wholePage?: boolean
  /** Attaches every violation (not only the serious ones) to the report. */
  testInfo?: TestInfo
}

/**
 * axe over the widget (it walks open shadow roots) and, with `wholePage`, over the rest of the
 * page. Serious and critical findings fail the test (softly, so every state is reported).
 */
export async function expectNoSeriousViolations(
  page: Page,
  state: string,
  { wholePage = false, testInfo }: AxeCheckOptions = {},
) {
  const scopes = wholePage ? (['widget', 'rest of the page'] as const) : (['widget'] as const)
  for (const scope of scopes) {
    const builder = new AxeBuilder({ page }).withTags(wcag)
    if (scope === 'widget') builder.include('docchat-widget')
    else builder.exclude('docchat-widget')
    const results = await builder.analyze()
    await testInfo?.attach(`axe ${state} (${scope})`, {
      body: JSON.stringify(results.violations, null, 2),
      contentType: 'application/json',
    })
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        rule: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      }))
    expect.soft(serious, `${state}: ${scope} has no serious or critical violations`).toEqual([])
  }
}
