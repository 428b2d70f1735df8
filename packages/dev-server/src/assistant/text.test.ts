import { describe, expect, it } from 'vitest'
import { sentences } from './text'

describe('sentences', () => {
  it('drops markup tags but keeps them inside inline code', () => {
    expect(
      sentences('They read the client from a `<DocChatProvider>`, or <b>bring</b> their own one.'),
    ).toEqual(['They read the client from a `<DocChatProvider>`, or bring their own one.'])
  })
})
