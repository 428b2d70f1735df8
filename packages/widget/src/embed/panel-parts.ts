import { type OptionalParts, optionalPart } from '../components/optional-parts'
import { addShadowStyles } from './shadow-styles'

/**
 * The panel's optional parts as the drop-in loads them: chunks next to docchat-panel.js, each
 * adopting its own stylesheet into the panel's shadow root (CSP-safe, shadow-styles.ts) before
 * it renders. `removeStyles` takes them out again on destroy.
 */
export function dropInParts(root: ShadowRoot, nonce: string | undefined) {
  const removers: Array<() => void> = []
  const adopt = <M>(module: M, css: string): M => {
    removers.push(addShadowStyles(root, css, nonce))
    return module
  }
  const parts: OptionalParts = {
    // Each chunk is the one React apps split off too; its stylesheet comes in parallel.
    history: optionalPart(() =>
      Promise.all([
        import('../components/conversation-history-view'),
        import('./history-styles'),
      ]).then(([view, styles]) => adopt(view, styles.historyStyles)),
    ),
    attachments: optionalPart(() =>
      Promise.all([import('../components/attachments-part'), import('./attachments-styles')]).then(
        ([part, styles]) => adopt(part, styles.attachmentsStyles),
      ),
    ),
    search: optionalPart(() =>
      Promise.all([import('../components/search-view'), import('./search-styles')]).then(
        ([view, styles]) => adopt(view, styles.searchStyles),
      ),
    ),
    // Its buttons use the panel's stylesheet.
    contextCapture: optionalPart(() => import('../components/context-capture-part')),
  }
  return {
    parts,
    removeStyles() {
      for (const remove of removers.splice(0)) remove()
    },
  }
}
