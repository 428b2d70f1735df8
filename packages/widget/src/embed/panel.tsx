// placeholder, replaced once the components land
import { createRoot } from 'react-dom/client'
import type { PanelHandle, PanelMountOptions } from './panel-contract'
import { addShadowStyles } from './shadow-styles'

export function mountPanel(mount: PanelMountOptions): PanelHandle {
  const removeStyles = addShadowStyles(mount.root, '', mount.options.nonce ?? undefined)
  const root = createRoot(mount.container)
  root.render(<div className="docchat-panel">hi</div>)
  return {
    open() {},
    close() {},
    ask() {},
    update() {},
    reset() {},
    destroy() {
      root.unmount()
      removeStyles()
      mount.container.remove()
    },
  }
}
