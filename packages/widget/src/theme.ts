export type DocChatTheme = 'light' | 'dark' | 'system'

export interface ThemeOptions {
  /** Defaults to `'system'`. */
  theme?: DocChatTheme | null
  /** Brand colour for buttons, links and focus rings, any CSS colour. */
  accent?: string | null
  /** Corner radius, a CSS length or a number of pixels. */
  radius?: string | number | null
  /** Font stack. Defaults to the system UI font. */
  font?: string | null
  /** Stacking order of the trigger and panels. Defaults to 2147483000. */
  zIndex?: number | null
  /** Text direction. Defaults to the host page's `dir` (or `ltr`). */
  dir?: 'ltr' | 'rtl' | null
}

/**
 * The CSS custom properties an options object sets. Applied with `style.setProperty` (the CSSOM),
 * which a strict Content-Security-Policy allows, unlike `style="…"` attributes.
 */
export function themeProperties(options: ThemeOptions): Record<string, string> {
  const properties: Record<string, string> = {}
  if (options.accent) properties['--docchat-primary-color'] = options.accent
  if (options.radius != null && options.radius !== '') {
    properties['--docchat-radius'] =
      typeof options.radius === 'number' ? `${options.radius}px` : options.radius
  }
  if (options.font) properties['--docchat-font'] = options.font
  if (options.zIndex != null) properties['--docchat-z-index'] = String(options.zIndex)
  return properties
}

export function themeName(theme: DocChatTheme | null | undefined): DocChatTheme {
  return theme === 'light' || theme === 'dark' ? theme : 'system'
}
