// #region main
import { createDocsClient } from '@docchat/core'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { DocsChat } from './docs-chat'

// Your server adds the key (vite.config.ts does it here): no key in the page.
const client = createDocsClient({ baseUrl: '/api/docchat' })

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <h1>Ask the Acme docs</h1>
    <DocsChat client={client} domain="docchat" docsBaseUrl="http://127.0.0.1:4321" />
  </StrictMode>,
)
// #endregion main
