import loaderCss from './loader-sheet.css?inline'

/**
 * The trigger's CSS. The loader build keeps only the rules and tokens of the classes the loader
 * draws (`loaderClasses` in vite.embed.config.ts); the panel chunk adopts the whole stylesheet.
 */
export { loaderCss }
