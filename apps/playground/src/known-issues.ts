/**
 * Accessibility issues found by these stories in the components, reported to their owners. Each
 * one turns off a single axe rule for the stories that hit it, so every other rule still fails
 * the story test; delete an entry once the component is fixed.
 */
export const knownIssues = {
  /** Answers render `##` as <h4> under the panel's <h2> (`headingOffset={2}`): a level skipped. */
  answerHeadingOrder: 'heading-order',
  /** Every answer's sources are `<nav aria-label="Sources">`: two answers, two identical landmarks. */
  duplicateSourcesLandmark: 'landmark-unique',
  /** Highlighted matches in result snippets (muted text on the mark colour) reach 4.28:1, not 4.5:1. */
  snippetMarkContrast: 'color-contrast',
} as const

type KnownIssue = (typeof knownIssues)[keyof typeof knownIssues]

/** Story parameters that skip only the given axe rules. */
export function withKnownIssues(...rules: KnownIssue[]) {
  return {
    a11y: {
      test: 'error' as const,
      options: { rules: Object.fromEntries(rules.map((id) => [id, { enabled: false }])) },
    },
  }
}
