/**
 * Every class the loader puts on the elements it draws (create-doc-chat.ts): the first file's
 * CSS keeps only rules these can match (vite.embed.config.ts), and a test checks the list.
 */
export const loaderClasses: readonly string[] = [
  'docchat-root',
  'docchat-trigger',
  'docchat-trigger-label',
  'docchat-kbd',
  'docchat-icon',
  'docchat-panel-host',
]
