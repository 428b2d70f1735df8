import assistantCss from '../styles/assistant.css?inline'
import markdownCss from '../styles/markdown.css?inline'
import panelCss from '../styles/panel.css?inline'
import searchCss from '../styles/search.css?inline'

/** The rest of the widget's CSS, adopted when the panel chunk loads (the drop-in has no status
 * components, so no status CSS). */
export const panelStyles = panelCss + assistantCss + markdownCss + searchCss
