'use client'

/**
 * The answers' Markdown renderer (the headless parser and its React parts): a part of its own, so
 * the drop-in fetches it when a reader starts asking rather than with the panel (about 6 KB gzip
 * of the panel chunk). React apps load it as the assistant shows (assistant-view.tsx).
 */
export { Markdown } from '@docchat/headless'
