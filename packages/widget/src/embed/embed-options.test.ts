import { describe, expect, it } from 'vitest'
import { mergeOptions, optionsFromDataset } from './embed-options'

describe('optionsFromDataset', () => {
  it('reads the data-* attributes of the script tag', () => {
    const script = document.createElement('script')
    const attributes = {
      domain: 'acme',
      'api-base-url': 'https://api.example.com',
      'assistant-key': 'mint_dsc_x',
      'proxy-url': '/api/docchat',
      theme: 'dark',
      variant: 'sidebar',
      dir: 'rtl',
      'z-index': '50',
      'starter-questions': 'One?|Two?',
      labels: '{"trigger":"Help"}',
      shortcuts: 'false',
      search: 'false',
      'include-question-text': 'true',
    }
    for (const [name, value] of Object.entries(attributes))
      script.setAttribute(`data-${name}`, value)
    expect(optionsFromDataset(script.dataset)).toEqual({
      domain: 'acme',
      apiBaseUrl: 'https://api.example.com',
      assistantKey: 'mint_dsc_x',
      proxyUrl: '/api/docchat',
      theme: 'dark',
      variant: 'sidebar',
      dir: 'rtl',
      zIndex: 50,
      starterQuestions: ['One?', 'Two?'],
      labels: { trigger: 'Help' },
      shortcuts: false,
      search: false,
      includeQuestionText: true,
    })
  })

  it('accepts starter questions as a JSON array and ignores broken JSON labels', () => {
    const script = document.createElement('script')
    script.setAttribute('data-starter-questions', '["A | B?"]')
    script.setAttribute('data-labels', '{broken')
    expect(optionsFromDataset(script.dataset)).toEqual({ starterQuestions: ['A | B?'] })
  })

  it('ignores a theme or variant run of 100,000 characters, as every string option', () => {
    const script = document.createElement('script')
    script.setAttribute('data-domain', 'acme')
    script.setAttribute('data-theme', 'd'.repeat(100_000))
    script.setAttribute('data-variant', '<script>'.repeat(12_500))
    expect(optionsFromDataset(script.dataset)).toEqual({ domain: 'acme' })
  })

  it('reads data-answer-mode as model or extractive only', () => {
    const script = document.createElement('script')
    script.setAttribute('data-answer-mode', 'extractive')
    expect(optionsFromDataset(script.dataset)).toEqual({ answerMode: 'extractive' })
    script.setAttribute('data-answer-mode', '<img src=x onerror=alert(1)>')
    expect(optionsFromDataset(script.dataset)).toEqual({})
  })
})

describe('mergeOptions', () => {
  it('replaces top-level keys, merges labels, and restores defaults with null', () => {
    const merged = mergeOptions(
      { domain: 'a', labels: { trigger: 'Help' }, accent: 'red', theme: 'dark' },
      { labels: { title: 'Docs AI' }, accent: null, theme: 'light' },
    )
    expect(merged).toEqual({
      domain: 'a',
      labels: { trigger: 'Help', title: 'Docs AI' },
      theme: 'light',
    })
  })
})
