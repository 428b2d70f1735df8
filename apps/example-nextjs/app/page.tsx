// A Server Component page (no 'use client'), as the App Router makes every page by default.
// #region widget
import { createDocsClient } from '@docchat/core'
import { DocChatWidget } from '@docchat/widget'

// The browser talks to this app's route handler (app/api/docchat/[...path]/route.ts), which adds
// the assistant key on the server: no key in the page.
const client = createDocsClient({ baseUrl: '/api/docchat' })

export default function Page() {
  return (
    <main>
      <h1>Acme Docs</h1>
      <p>Press ⌘K to search, or ⌘I to ask the assistant.</p>
      <DocChatWidget
        client={client}
        domain="docchat"
        // Inline citations and sources are links into your docs site.
        docsBaseUrl="http://127.0.0.1:4321"
        starterQuestions={['How do I install DocChat?']}
      />
    </main>
  )
}
// #endregion widget
