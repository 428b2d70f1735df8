import { axeViolations } from '@docchat/test-utils/axe'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { domain, waitForAnswer, widgetHarness } from '../test/harness'
import { panelMemoryKey, parsePanelMemory } from './panel-memory'
import { DocChatWidget } from './doc-chat-widget'

const { backend, renderWidget } = widgetHarness()

describe('given a DocChatWidget', () => {
  it('opens the panel from the trigger and returns focus to it on Escape', async () => {
    const { user, events } = renderWidget({ starterQuestions: ['What is DocChat?'] })
    const trigger = screen.getByRole('button', { name: /Ask AI/ })
    expect(trigger).toHaveAttribute('aria-expanded', 'false')
    expect(trigger).toHaveAttribute('aria-keyshortcuts', 'Meta+I Control+I')
    await user.click(trigger)
    const dialog = screen.getByRole('dialog', { name: 'Assistant' })
    expect(dialog).toHaveAttribute('data-variant', 'panel')
    // A side panel leaves the page usable (text selection for context), so it is not modal.
    expect(dialog).not.toHaveAttribute('aria-modal')
    expect(trigger).toHaveAttribute('aria-expanded', 'true')
    expect(await axeViolations(document.body)).toEqual([])
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await waitFor(() => expect(trigger).toHaveFocus())
    expect(events.map((e) => e.type)).toEqual(['open', 'close'])
    expect(events[0]).toEqual(expect.objectContaining({ view: 'assistant', source: 'trigger' }))
  })

  it('keeps Tab inside the modal variant', async () => {
    const { user } = renderWidget({ variant: 'modal', defaultOpen: true, search: false })
    const dialog = screen.getByRole('dialog')
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
    for (let i = 0; i < 8; i++) {
      await user.tab()
      expect(dialog.contains(document.activeElement)).toBe(true)
    }
    await user.tab({ shift: true })
    expect(dialog.contains(document.activeElement)).toBe(true)
  })

  it("docks the floating panel beside the page at the reader's request, remembered for the tab", async () => {
    // jsdom lays nothing out: the panel is 440px wide here, the window 1024px (room for the page).
    const width = vi
      .spyOn(HTMLElement.prototype, 'offsetWidth', 'get')
      .mockImplementation(function (this: HTMLElement) {
        return this.classList.contains('docchat-panel') ? 440 : 0
      })
    const root = document.documentElement.style
    try {
      const { user, unmount } = renderWidget({ defaultOpen: true })
      const dialog = screen.getByRole('dialog', { name: 'Assistant' })
      const dock = within(dialog).getByRole('button', { name: 'Dock to the side' })
      expect(dock).toHaveAttribute('aria-pressed', 'false')
      expect(dialog).toHaveAttribute('data-variant', 'panel')
      expect(root.getPropertyValue('margin-inline-end')).toBe('')

      await user.click(dock)
      expect(dock).toHaveAttribute('aria-pressed', 'true')
      expect(dialog).toHaveAttribute('data-variant', 'sidebar')
      // The page makes room: a cited section scrolls into view beside the panel, not under it.
      expect(root.getPropertyValue('margin-inline-end')).toBe('440px')
      expect(parsePanelMemory(sessionStorage.getItem(panelMemoryKey(domain)))?.docked).toBe(true)

      // Closed, the page gets its width back; the next page load opens docked.
      await user.click(within(dialog).getByRole('button', { name: 'Close' }))
      expect(root.getPropertyValue('margin-inline-end')).toBe('')
      unmount()
      const next = renderWidget({ defaultOpen: true })
      const again = screen.getByRole('dialog', { name: 'Assistant' })
      await waitFor(() => expect(again).toHaveAttribute('data-variant', 'sidebar'))
      expect(root.getPropertyValue('margin-inline-end')).toBe('440px')
      await next.user.click(within(again).getByRole('button', { name: 'Dock to the side' }))
      expect(again).toHaveAttribute('data-variant', 'panel')
      expect(root.getPropertyValue('margin-inline-end')).toBe('')
      expect(
        parsePanelMemory(sessionStorage.getItem(panelMemoryKey(domain)))?.docked,
      ).toBeUndefined()
    } finally {
      width.mockRestore()
      root.removeProperty('margin-inline-end')
      sessionStorage.clear()
    }
  })

  it('offers docking only on the floating panel, and keeps a page too narrow to share', async () => {
    const width = vi
      .spyOn(HTMLElement.prototype, 'offsetWidth', 'get')
      .mockImplementation(function (this: HTMLElement) {
        return this.classList.contains('docchat-panel') ? 700 : 0
      })
    try {
      const { unmount } = renderWidget({ variant: 'modal', defaultOpen: true })
      expect(screen.queryByRole('button', { name: 'Dock to the side' })).toBeNull()
      unmount()
      const { user } = renderWidget({ defaultOpen: true })
      await user.click(screen.getByRole('button', { name: 'Dock to the side' }))
      // 1024 − 700 leaves under 480px for the page: the sidebar covers it rather than squeeze it.
      expect(document.documentElement.style.getPropertyValue('margin-inline-end')).toBe('')
    } finally {
      width.mockRestore()
      sessionStorage.clear()
    }
  })

  it('closes from the close button', async () => {
    const { user } = renderWidget({ defaultOpen: true })
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('is a modal dialog with a backdrop in the modal variant, and docks in the sidebar variant', async () => {
    const { unmount, events } = renderWidget({ variant: 'modal', defaultOpen: true })
    const modal = screen.getByRole('dialog')
    expect(modal).toHaveAttribute('aria-modal', 'true')
    const backdrop = document.querySelector('.docchat-backdrop')!
    expect(backdrop).not.toBeNull()
    expect(await axeViolations(document.body)).toEqual([])
    // A click outside a modal closes it, reported as such.
    fireEvent.pointerDown(backdrop)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(events.at(-1)).toEqual(expect.objectContaining({ type: 'close', source: 'outside' }))
    unmount()
    renderWidget({ variant: 'sidebar', side: 'start', defaultOpen: true })
    expect(screen.getByRole('dialog')).toHaveAttribute('data-variant', 'sidebar')
    expect(screen.getByRole('dialog')).toHaveAttribute('data-side', 'start')
  })

  it('opens with ⌘/Ctrl+I and ⌘/Ctrl+K, but not while the user types in the page', async () => {
    const { events } = renderWidget()
    const pageInput = document.createElement('textarea')
    document.body.append(pageInput)
    fireEvent.keyDown(pageInput, { key: 'k', ctrlKey: true })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    fireEvent.keyDown(document.body, { key: 'k', metaKey: true })
    expect(screen.getByRole('dialog', { name: 'Search' })).toBeInTheDocument()
    // From the widget's own input, ⌘I switches to the assistant.
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'i', ctrlKey: true })
    expect(screen.getByRole('dialog', { name: 'Assistant' })).toBeInTheDocument()
    fireEvent.keyDown(document.body, { key: 'i', ctrlKey: true })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(events.map((e) => `${e.type}:${'view' in e ? e.view : ''}`)).toEqual([
      'open:search',
      'close:search',
      'open:assistant',
      'close:assistant',
    ])
    pageInput.remove()
  })

  it('hands a search to the assistant in one click', async () => {
    const { user, events } = renderWidget({ defaultOpen: true, defaultView: 'search' })
    await user.type(screen.getByRole('combobox'), 'How do I install the widget?')
    await user.click(await screen.findByRole('option', { name: /Ask AI about/ }))
    const dialog = screen.getByRole('dialog', { name: 'Assistant' })
    await waitForAnswer(dialog)
    expect(within(dialog).getByText('How do I install the widget?')).toBeInTheDocument()
    expect(events).toContainEqual(expect.objectContaining({ type: 'ask', source: 'search' }))
  })

  it('exposes open, ask, reset and close through its ref', async () => {
    const { ref } = renderWidget({ search: false })
    act(() => ref.current!.ask('What is DocChat?'))
    const dialog = screen.getByRole('dialog', { name: 'Assistant' })
    await waitForAnswer(dialog)
    act(() => ref.current!.reset())
    expect(within(dialog).getByText('Ask anything about the docs')).toBeInTheDocument()
    act(() => ref.current!.close())
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    // search: false removes the search view and its shortcut.
    act(() => ref.current!.open('search'))
    expect(screen.queryByRole('dialog', { name: 'Search' })).not.toBeInTheDocument()
  })

  it('is controllable', async () => {
    const onOpenChange = vi.fn()
    const { rerender, user } = renderWidget({ open: false, onOpenChange })
    await user.click(screen.getByRole('button', { name: /Ask AI/ }))
    expect(onOpenChange).toHaveBeenCalledWith(true, 'assistant')
    rerender(<DocChatWidget client={backend.client} domain={domain} open view="search" />)
    expect(screen.getByRole('dialog', { name: 'Search' })).toBeInTheDocument()
  })

  it('hides the trigger with showTrigger={false}', () => {
    renderWidget({ showTrigger: false })
    expect(screen.queryByRole('button', { name: /Ask AI/ })).not.toBeInTheDocument()
  })
})
