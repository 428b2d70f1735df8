import searchStyles from './search-sheet.css?inline'

/** Search's stylesheet, a chunk of its own fetched alongside the view (panel-parts.ts). */
export { searchStyles }
