import { createRef } from 'react'
import {
  CodeBlockAskAI,
  ContextChips,
  Conversation,
  CopyButton,
  Dialog,
  Markdown,
  Search,
  SelectionAskAI,
  ShortcutLabel,
  Shortcuts,
} from '../index'

const noop = () => {}

/** Every public component in one tree, for the SSR and hydration tests. */
export function AllParts({ dialogOpen = true }: { dialogOpen?: boolean }) {
  const containerRef = createRef<HTMLDivElement>()
  return (
    <div>
      <Shortcuts onSearch={noop} onAssistant={noop} />
      <Search.Root defaultQuery="auth" defaultOpen>
        <Search.Label>Search docs</Search.Label>
        <Search.Input />
        <Search.List>
          <Search.Group label="Authentication">
            <Search.GroupLabel>Authentication</Search.GroupLabel>
            <Search.Item value="/auth#tokens" href="/auth#tokens">
              <Search.Highlight text="Auth tokens" query="auth" />
              <Search.Breadcrumbs items={['API', 'Auth']} />
            </Search.Item>
          </Search.Group>
        </Search.List>
        <Search.Empty>No results</Search.Empty>
        <Search.Status>1 result</Search.Status>
        <Search.KeyboardHint />
      </Search.Root>
      <Dialog.Root defaultOpen={dialogOpen}>
        <Dialog.Trigger>
          Search <ShortcutLabel shortcut="mod+k" />
        </Dialog.Trigger>
        <Dialog.Overlay />
        <Dialog.Content>
          <Dialog.Title>Ask AI</Dialog.Title>
          <Dialog.Description>Answers from the docs</Dialog.Description>
          <Conversation.Root busy>
            <Conversation.Log aria-label="Conversation">
              <Markdown
                streaming
                docsBaseUrl="https://docs.example.com"
                content={'# Hi\n\n[x](/a) <script>alert(1)</script>\n\n```ts\nconst a = 1'}
              />
            </Conversation.Log>
            <Conversation.ScrollToBottom forceMount>↓</Conversation.ScrollToBottom>
            <Conversation.Announcer />
          </Conversation.Root>
          <ContextChips
            items={[{ type: 'code', value: 'npm i', elementId: 'c1' }]}
            onRemove={noop}
          />
          <CopyButton value="x" />
          <Dialog.Close>Close</Dialog.Close>
        </Dialog.Content>
      </Dialog.Root>
      <div ref={containerRef}>
        <pre>
          <code>npm i</code>
        </pre>
      </div>
      <SelectionAskAI containerRef={containerRef} onAdd={noop} />
      <CodeBlockAskAI containerRef={containerRef} onAdd={noop} />
    </div>
  )
}
