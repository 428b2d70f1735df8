// #region widget
import { createDocsClient } from '@docchat/core'
import { DocChatProvider } from '@docchat/react'
import { DocChatWidget } from '@docchat/widget'
import '@docchat/widget/styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

// #region client
// Your server adds the key (vite.config.ts does it here): no key in the page.
const client = createDocsClient({ baseUrl: '/api/docchat' })
// #endregion client

function App() {
  return (
    // docsBaseUrl: where your docs live, so citations and sources link there.
    <DocChatProvider client={client} domain="docchat" docsBaseUrl="http://127.0.0.1:4321">
      <main>
        <h1>Acme Docs</h1>
        <p>Press ⌘K to search, or ⌘I to ask the assistant.</p>
      </main>
      <DocChatWidget starterQuestions={['How do I install DocChat?']} />
    </DocChatProvider>
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
// #endregion widget
