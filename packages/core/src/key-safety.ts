import { DocsApiError } from './errors'

/** True in a browser-like global (a page, jsdom, happy-dom), where any key is visible to users. */
export function isBrowserLike(): boolean {
  const scope = globalThis as { window?: unknown; document?: unknown }
  return typeof scope.window !== 'undefined' || typeof scope.document !== 'undefined'
}

/**
 * Admin keys (`mint_…`) can deploy, edit docs and read analytics: shipping one to a browser hands
 * it to every visitor. Refuse unless the caller opts in explicitly.
 */
export function assertAdminKeyAllowed(
  option: 'adminKey' | 'authToken',
  dangerouslyAllowBrowser: boolean | undefined,
): void {
  if (dangerouslyAllowBrowser || !isBrowserLike()) return
  throw new DocsApiError(
    `createDocsClient: \`${option}\` is an admin secret and must not be used in a browser, where every visitor could read it. ` +
      'Call admin endpoints from your server instead. If this code really runs in a trusted environment ' +
      'that merely has `window`/`document` (tests, an internal tool), pass `dangerouslyAllowBrowser: true`.',
    { kind: 'bad-request', field: option, retryable: false },
  )
}
