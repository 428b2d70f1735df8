import { describe, expect, it } from 'vitest'
import { sentences } from './text'

describe('sentences', () => {
  it('drops markup tags but keeps them inside inline code', () => {
    expect(
      sentences('They read the client from a `<DocChatProvider>`, or <b>bring</b> their own one.'),
    ).toEqual(['They read the client from a `<DocChatProvider>`, or bring their own one.'])
  })

  it('skips table rows, not sentences with a pipe in inline code', () => {
    expect(
      sentences("| a | b |\n| --- | --- |\n\n`side: 'start' | 'end'` is logical too."),
    ).toEqual(["`side: 'start' | 'end'` is logical too."])
  })
})
