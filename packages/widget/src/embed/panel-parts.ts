import { type OptionalParts, optionalPart } from '../components/optional-parts'
import { adoptStyles } from './adopted-styles'

/**
 * The panel's optional parts as the drop-in loads them: chunks next to docchat-panel.js, each
 * adopting its own stylesheet into the panel's shadow root (CSP-safe, adopted-styles.ts) before
 * it renders. `removeStyles` takes them out again on destroy.
 */
export function dropInParts(root: ShadowRoot, nonce: string | undefined) {
  const removers: Array<() => void> = []
  // A chunk and its stylesheet, fetched in parallel; the sheet is adopted before the part renders.
  const withSheet = <M>(part: Promise<M>, sheet: Promise<string>): Promise<M> =>
    Promise.all([part, sheet]).then(([module, css]) => {
      removers.push(adoptStyles(root, css, nonce))
      return module
    })
  const parts: OptionalParts = {
    // Each chunk is the one React apps split off too.
    history: optionalPart(() =>
      withSheet(
        import('../components/conversation-history-view'),
        import('./history-styles').then((sheet) => sheet.historyStyles),
      ),
    ),
    attachments: optionalPart(() =>
      withSheet(
        import('../components/attachments-part'),
        import('./attachments-styles').then((sheet) => sheet.attachmentsStyles),
      ),
    ),
    search: optionalPart(() =>
      withSheet(
        import('../components/search-view'),
        import('./search-styles').then((sheet) => sheet.searchStyles),
      ),
    ),
    // Its buttons use the panel's stylesheet.
    contextCapture: optionalPart(() => import('../components/context-capture-part')),
    // Styled by the panel's sheet (answers restored from storage render with the panel).
    markdown: optionalPart(() => import('../components/answer-markdown')),
  }
  return {
    parts,
    removeStyles() {
      for (const remove of removers.splice(0)) remove()
    },
  }
}
