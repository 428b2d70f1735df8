import { attachmentLabels } from './attachment-labels'
import { historyLabels } from './history-labels'
import { type DocChatLabels, panelLabels } from './labels'
import { searchLabels } from './search-labels'
import { statusLabels } from './status-labels'

/** Every default word of the widget, its parts' included. */
export const defaultLabels: DocChatLabels = {
  ...panelLabels,
  ...searchLabels,
  ...historyLabels,
  ...attachmentLabels,
  ...statusLabels,
}
