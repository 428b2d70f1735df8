import panelStyles from './panel-sheet.css?inline'

/** The widget's CSS, adopted when the panel chunk loads (the drop-in has no status components,
 * so no status CSS). The build leaves out what the first file adopted for the trigger. */
export { panelStyles }
