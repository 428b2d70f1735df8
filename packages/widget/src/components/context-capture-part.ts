'use client'

/**
 * "Ask AI" on the page's text selections and code blocks, as the widget loads it
 * (optional-parts.ts): only with `contextContainer` set (the drop-in's `contextSelector`).
 */
export { CodeBlockAskAI, SelectionAskAI } from '@docchat/headless'
