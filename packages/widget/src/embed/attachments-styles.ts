import attachmentsStyles from './attachments-sheet.css?inline'

/** The attachments UI's stylesheet, a chunk of its own fetched alongside it (panel-parts.ts). */
export { attachmentsStyles }
