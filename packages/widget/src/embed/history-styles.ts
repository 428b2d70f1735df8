import historyStyles from './history-sheet.css?inline'

/** The history view's stylesheet, a chunk of its own fetched alongside the view (panel-parts.ts). */
export { historyStyles }
