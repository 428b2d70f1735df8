'use client'

import type { ContextItem } from '@docchat/core'
import { type RefObject, useEffect, useState } from 'react'
import { scheduleFrame } from '@docchat/core'

export interface CodeBlock {
  /** Stable id: the `<pre>`'s `id`, else a `data-docchat-code-block` value such as `code-block-1`. */
  elementId: string
  code: string
  language: string | undefined
  element: HTMLElement
  /** The block as an assistant context item. */
  contextItem: ContextItem
}

export interface UseCodeBlocksOptions {
  /** Docs path recorded on the context items. */
  path?: string
  /** Prefix of generated ids. Defaults to `'code-block-'`. */
  idPrefix?: string
}

export const codeBlockAttribute = 'data-docchat-code-block'

/**
 * Code blocks (`pre > code`) inside `containerRef`, each with a stable `elementId` written onto the
 * `<pre>` so it survives re-renders, kept current by a MutationObserver (batched per frame).
 */
export function useCodeBlocks(
  containerRef: RefObject<HTMLElement | null>,
  options: UseCodeBlocksOptions = {},
): CodeBlock[] {
  const { path, idPrefix = 'code-block-' } = options
  const [blocks, setBlocks] = useState<CodeBlock[]>([])

  useEffect(() => {
    const container = containerRef.current
    if (!container) return
    const scan = () => {
      const codes = Array.from(container.querySelectorAll<HTMLElement>('pre > code'))
      const used = new Set(
        Array.from(container.querySelectorAll(`[${codeBlockAttribute}]`), (element) =>
          element.getAttribute(codeBlockAttribute),
        ),
      )
      let counter = 0
      const next = codes.map((code): CodeBlock => {
        const element = code.parentElement as HTMLElement
        let elementId = element.id || element.getAttribute(codeBlockAttribute) || ''
        if (!elementId) {
          do elementId = `${idPrefix}${++counter}`
          while (used.has(elementId))
          used.add(elementId)
          element.setAttribute(codeBlockAttribute, elementId)
        }
        const value = code.textContent ?? ''
        return {
          elementId,
          code: value,
          language: languageOf(code, element),
          element,
          contextItem: { type: 'code', value, elementId, ...(path ? { path } : {}) },
        }
      })
      setBlocks((previous) => (sameBlocks(previous, next) ? previous : next))
    }
    scan()
    let cancelFrame: (() => void) | undefined
    const observer = new MutationObserver(() => {
      cancelFrame ??= scheduleFrame(() => {
        cancelFrame = undefined
        scan()
      })
    })
    // Only structure and text: our own attribute writes must not re-trigger a scan.
    observer.observe(container, { childList: true, subtree: true, characterData: true })
    return () => {
      observer.disconnect()
      cancelFrame?.()
    }
  }, [containerRef, path, idPrefix])

  return blocks
}

function languageOf(code: HTMLElement, pre: HTMLElement): string | undefined {
  const explicit = code.dataset.language ?? pre.dataset.language
  if (explicit) return explicit
  for (const element of [code, pre]) {
    for (const name of Array.from(element.classList)) {
      const match = /^(?:language|lang)-(.+)$/.exec(name)
      if (match?.[1]) return match[1]
    }
  }
  return undefined
}

function sameBlocks(a: CodeBlock[], b: CodeBlock[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (block, index) =>
        block.elementId === b[index]?.elementId &&
        block.code === b[index]?.code &&
        block.element === b[index]?.element &&
        block.language === b[index]?.language &&
        block.contextItem.path === b[index]?.contextItem.path,
    )
  )
}
