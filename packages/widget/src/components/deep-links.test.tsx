import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { answered, widgetHarness } from '../test/harness'
import type { DocChatWidgetProps } from './doc-chat-widget'

const harness = widgetHarness()

const assistantRequests = () => harness.assistantRequests().length

const renderWidget = (props: Partial<DocChatWidgetProps> = {}) =>
  harness.renderWidget({ rememberOpenState: false, ...props }, { strict: true })

describe('DocChatWidget deep links', () => {
  it('asks the ?assistant= question once (StrictMode too), clears it, and shares it back', async () => {
    const user = userEvent.setup()
    history.replaceState(
      null,
      '',
      '/guide?tab=2&assistant=How%20do%20I%20install%20the%20widget%3F',
    )
    const before = assistantRequests()
    renderWidget()
    const dialog = await answered()
    expect(within(dialog).getByText('How do I install the widget?')).toBeInTheDocument()
    expect(assistantRequests() - before).toBe(1)
    expect(location.search).toBe('?tab=2')

    const share = within(dialog).getByRole('button', { name: 'Copy link to this question' })
    await user.click(share)
    expect(share).toHaveAccessibleName('Link copied')
    const link = await navigator.clipboard.readText()
    expect(new URL(link).searchParams.get('assistant')).toBe('How do I install the widget?')
    expect(new URL(link).pathname).toBe('/guide')
  })

  it('opens search prefilled from #docchat-search=', async () => {
    history.replaceState(null, '', '/guide#docchat-search=rate%20limits')
    renderWidget()
    const search = await screen.findByRole('dialog', { name: 'Search' })
    expect(within(search).getByRole('combobox')).toHaveValue('rate limits')
    expect(location.hash).toBe('')
  })

  it('uses a renamed parameter, and deepLinks={false} ignores links and hides sharing', async () => {
    history.replaceState(null, '', '/guide?ask=What%20is%20DocChat%3F')
    const first = renderWidget({ deepLinks: { assistantParam: 'ask' } })
    await answered()
    expect(location.search).toBe('')
    first.unmount()

    history.replaceState(null, '', '/guide?assistant=What%20is%20DocChat%3F')
    const before = assistantRequests()
    const user = userEvent.setup()
    renderWidget({ deepLinks: false })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(location.search).toBe('?assistant=What%20is%20DocChat%3F')
    // The conversation kept from the first widget: its answer offers no share action now.
    await user.click(screen.getByRole('button', { name: /Ask AI/ }))
    const dialog = await answered()
    expect(within(dialog).getByRole('button', { name: 'Copy answer' })).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Copy link to this question' })).toBeNull()
    expect(assistantRequests()).toBe(before)
  })
})
