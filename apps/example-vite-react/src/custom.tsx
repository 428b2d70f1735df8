// #region provider
import { createDocsClient } from '@docchat/core'
import { DocChatProvider } from '@docchat/react'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Ask } from './ask'

const client = createDocsClient({ baseUrl: '/api/docchat' })

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <DocChatProvider client={client} domain="docchat" docsBaseUrl="http://127.0.0.1:4321">
      <h1>Ask the Acme docs</h1>
      <Ask />
    </DocChatProvider>
  </StrictMode>,
)
// #endregion provider
