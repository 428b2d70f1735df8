// The React demo page (react.html): DocChat from @docchat/widget's components instead of the
// drop-in script, against the local dev server.
import { createDocsClient } from '@docchat/core'
import { DocChatProvider, useAssistantChat, useCodeBlocks } from '@docchat/react'
import { DocChatWidget, type DocChatWidgetHandle, SearchModal } from '@docchat/widget'
import '@docchat/widget/styles.css'
import { StrictMode, useEffect, useRef, useState } from 'react'
import { createRoot } from 'react-dom/client'
// Shared with the drop-in pages (site/build.mjs): what an empty conversation and search offer.
import demoSettings from '../site/demo-settings.json'
import { onOpenRequest, onSiteTheme, siteSetting, siteTheme } from './site-settings'

const client = createDocsClient({
  baseUrl: siteSetting('docchat-api-base-url', 'http://127.0.0.1:8787'),
  // The dev server's public local key. In production, proxy the assistant: see /guides/proxying-keys.
  assistantKey: 'mint_dsc_dev_local',
})
const domain = siteSetting('docchat-domain', 'docchat')

function ReactDemo() {
  const widget = useRef<DocChatWidgetHandle>(null)
  const [theme, setTheme] = useState(siteTheme)
  const [searchOpen, setSearchOpen] = useState(false)
  // Shares the widget's conversation: same provider and domain, same chat.
  const chat = useAssistantChat()
  const article = useRef<HTMLElement>(null)
  const codeBlocks = useCodeBlocks(article, { path: '/react.html' })

  useEffect(() => onSiteTheme(setTheme), [])
  useEffect(() => onOpenRequest((view) => widget.current?.open(view)), [])

  // Sent from this page's own hook: the widget shows the same conversation (same provider, same
  // chat id), and the request carries the block as a `code` context item with its elementId.
  const askAboutCode = () => {
    const block = codeBlocks[0]
    if (!block) return
    widget.current?.open('assistant')
    void chat.send('What does this code do?', { context: [block.contextItem] })
  }

  return (
    <>
      <section className="demo-panel">
        <h2>Try the components</h2>
        <div className="demo-actions">
          <button
            type="button"
            className="demo-button primary"
            onClick={() => widget.current?.ask('How do I theme the widget?')}
          >
            Ask “How do I theme the widget?”
          </button>
          <button
            type="button"
            className="demo-button"
            onClick={() => widget.current?.open('search')}
          >
            Open search (⌘K)
          </button>
          <button type="button" className="demo-button" onClick={() => setSearchOpen(true)}>
            Open a standalone &lt;SearchModal&gt;
          </button>
          <button type="button" className="demo-button" onClick={() => widget.current?.reset()}>
            New conversation
          </button>
        </div>
        <article ref={article}>
          <p>
            Select any text here, or use the code block's own <strong>Ask AI</strong> button, to
            attach it to your next question (<code>contextContainer</code>). The button below asks
            right away: the request carries a <code>code</code> context item with the block's{' '}
            <code>elementId</code>.
          </p>
          {/* The same markup as the docs pages' code blocks (site/components.mjs): site.js wires Copy. */}
          <figure className="code-block">
            <figcaption className="code-title">app.tsx</figcaption>
            <button
              type="button"
              className="code-copy"
              data-code-copy="demo-code"
              aria-label="Copy tsx code"
            >
              Copy
            </button>
            <pre id="demo-code">
              <code className="language-tsx">{`<DocChatProvider client={client} domain="docchat">
  <DocChatWidget variant="panel" theme="system" />
</DocChatProvider>`}</code>
            </pre>
          </figure>
          <button
            type="button"
            className="demo-button"
            onClick={askAboutCode}
            disabled={!codeBlocks.length}
          >
            Ask AI about this code
          </button>
        </article>
      </section>
      <DocChatWidget
        ref={widget}
        theme={theme}
        contextContainer={article}
        starterQuestions={demoSettings.starterQuestions}
        suggestedPages={demoSettings.suggestedPages}
      />
      <SearchModal
        theme={theme}
        starterQuestions={demoSettings.starterQuestions}
        suggestedPages={demoSettings.suggestedPages}
        open={searchOpen}
        onOpenChange={setSearchOpen}
        onAskAI={(query) => {
          setSearchOpen(false)
          widget.current?.ask(query)
        }}
      />
    </>
  )
}

const root = document.getElementById('demo-root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <DocChatProvider client={client} domain={domain}>
        <ReactDemo />
      </DocChatProvider>
    </StrictMode>,
  )
}
