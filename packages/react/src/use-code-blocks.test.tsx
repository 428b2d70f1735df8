import { act, render, waitFor } from '@testing-library/react'
import { useRef, useState } from 'react'
import { type CodeBlock, codeBlockAttribute, useCodeBlocks } from './use-code-blocks'

let latest: CodeBlock[] = []
let addBlock: (() => void) | undefined

function Page() {
  const ref = useRef<HTMLElement>(null)
  const [extra, setExtra] = useState(false)
  addBlock = () => setExtra(true)
  latest = useCodeBlocks(ref, { path: '/install' })
  return (
    <article ref={ref}>
      <pre>
        <code className="language-bash">npm i -g mint</code>
      </pre>
      <pre id="config-example">
        <code data-language="json">{'{ "name": "docs" }'}</code>
      </pre>
      <p>
        Inline <code>code</code> is not a block.
      </p>
      {extra ? (
        <pre>
          <code className="lang-ts">export {'{}'}</code>
        </pre>
      ) : null}
    </article>
  )
}

describe('useCodeBlocks', () => {
  it('finds pre > code blocks with stable ids, languages and code context items', async () => {
    const { container } = render(<Page />)
    await waitFor(() => expect(latest).toHaveLength(2))
    expect(latest.map(({ elementId, code, language }) => ({ elementId, code, language }))).toEqual([
      { elementId: 'code-block-1', code: 'npm i -g mint', language: 'bash' },
      { elementId: 'config-example', code: '{ "name": "docs" }', language: 'json' },
    ])
    expect(latest[0]?.contextItem).toEqual({
      type: 'code',
      value: 'npm i -g mint',
      elementId: 'code-block-1',
      path: '/install',
    })
    expect(container.querySelector('pre')?.getAttribute(codeBlockAttribute)).toBe('code-block-1')
  })

  it('picks up blocks added later and keeps existing ids', async () => {
    render(<Page />)
    await waitFor(() => expect(latest).toHaveLength(2))
    const first = latest[0]
    act(() => addBlock?.())
    await waitFor(() => expect(latest).toHaveLength(3))
    expect(latest[0]?.elementId).toBe(first?.elementId)
    expect(latest[2]).toMatchObject({
      elementId: 'code-block-2',
      language: 'ts',
      code: 'export {}',
    })
  })
})
