import assistantCss from '../styles/assistant.css?inline'
import markdownCss from '../styles/markdown.css?inline'
import panelCss from '../styles/panel.css?inline'
import searchCss from '../styles/search.css?inline'
import statusCss from '../styles/status.css?inline'

/** The rest of the widget's CSS, adopted when the panel chunk loads. */
export const panelStyles = panelCss + assistantCss + markdownCss + searchCss + statusCss
