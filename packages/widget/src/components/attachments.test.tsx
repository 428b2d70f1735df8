import { axeViolations, describeViolations } from '@docchat/test-utils/axe'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { optionsFromDataset } from '../embed/embed-options'
import { storageKey, widgetHarness } from '../test/harness'
import type { DocChatWidgetProps } from './doc-chat-widget'

const harness = widgetHarness()
const { assistantRequests } = harness

const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
const PNG_URL = `data:image/png;base64,${PNG_BASE64}`
const png = (name = 'screenshot.png') =>
  new File([Uint8Array.from(atob(PNG_BASE64), (c) => c.charCodeAt(0))], name, {
    type: 'image/png',
  })
const pdf = (name = 'guide.pdf') => new File(['%PDF-1.4\n'], name, { type: 'application/pdf' })
const messagesKey = storageKey('messages')

const renderWidget = (props: Partial<DocChatWidgetProps> = {}) =>
  harness.renderWidget(
    { rememberOpenState: false, conversations: false, defaultOpen: true, ...props },
    { strict: true },
  )

const fileInput = (dialog: HTMLElement) =>
  dialog.querySelector<HTMLInputElement>('input[type="file"]')!

describe('attachments in the widget', () => {
  it('data-attachments (the script tag, the element attribute) turns them on or off', () => {
    expect(optionsFromDataset({ attachments: '' }).attachments).toBe(true)
    expect(optionsFromDataset({ attachments: 'false' }).attachments).toBe(false)
    expect(optionsFromDataset({}).attachments).toBeUndefined()
  })

  it('are off unless the option is given', async () => {
    renderWidget()
    const dialog = await screen.findByRole('dialog', { name: 'Assistant' })
    expect(within(dialog).queryByRole('button', { name: 'Attach images or PDFs' })).toBeNull()
    expect(fileInput(dialog)).toBeNull()
  })

  it('attach, paste and drop; previews with remove; limits in plain words; sent and shown in the question', async () => {
    const user = userEvent.setup()
    renderWidget({ attachments: { maxFiles: 2 } })
    const dialog = await screen.findByRole('dialog', { name: 'Assistant' })
    // The attachments UI is a chunk (optional-parts.ts), loaded because the option is on.
    const attach = await within(dialog).findByRole('button', { name: 'Attach images or PDFs' })
    const input = within(dialog).getByRole('textbox', { name: 'Ask a question…' })
    const form = input.closest('form')!
    expect(fileInput(dialog)).toHaveAttribute(
      'accept',
      'image/png,image/jpeg,image/gif,image/webp,application/pdf',
    )
    await user.upload(fileInput(dialog), png())
    const previews = () =>
      within(within(form).getByRole('list', { name: 'Attached files' })).getAllByRole('listitem')
    await waitFor(() => expect(previews()[0]).toHaveTextContent('screenshot.png'))
    expect(attach).toBeEnabled()

    fireEvent.paste(input, { clipboardData: { files: [pdf()], types: ['Files'] } })
    await waitFor(() => expect(previews()).toHaveLength(2))
    // Screen readers hear what is attached, not only what was refused.
    const ready = await within(dialog).findByText(/^Attached: screenshot\.png, /)
    expect(ready.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite')

    // A third file is past the limit: said in words, politely.
    fireEvent.dragEnter(form, { dataTransfer: { files: [png('third.png')], types: ['Files'] } })
    expect(form).toHaveAttribute('data-dragging', 'true')
    expect(within(dialog).getByText('Drop images or PDFs to attach them')).toBeInTheDocument()
    fireEvent.drop(form, { dataTransfer: { files: [png('third.png')], types: ['Files'] } })
    expect(form).not.toHaveAttribute('data-dragging')
    const status = within(dialog).getByText('You can attach up to 2 files to a question.')
    expect(status.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite')
    fireEvent.drop(form, {
      dataTransfer: {
        files: [new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })],
        types: ['Files'],
      },
    })
    expect(
      within(dialog).getByText(
        'logo.svg can’t be attached: use an image (PNG, JPEG, GIF, WebP) or a PDF.',
      ),
    ).toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: 'Remove guide.pdf' }))
    expect(previews()).toHaveLength(1)
    expect(input).toHaveFocus()

    const before = assistantRequests().length
    await user.type(input, 'How do I install the widget?{Enter}')
    await waitFor(() => expect(assistantRequests().length).toBe(before + 1))
    const body = assistantRequests().at(-1)?.body as {
      messages: { experimental_attachments?: unknown[] }[]
    }
    expect(body.messages.at(-1)?.experimental_attachments).toEqual([
      { name: 'screenshot.png', contentType: 'image/png', url: PNG_URL },
    ])
    expect(within(form).queryByRole('list', { name: 'Attached files' })).toBeNull()

    const question = await waitFor(() => {
      const element = dialog.querySelector<HTMLElement>('[data-role="user"]')
      expect(element).not.toBeNull()
      return element!
    })
    const thumbnail = within(question).getByRole('button', { name: 'Show screenshot.png larger' })
    expect(within(thumbnail).getByRole('img', { name: 'screenshot.png' })).toHaveAttribute(
      'src',
      PNG_URL,
    )
    await user.click(thumbnail)
    expect(thumbnail).toHaveAttribute('aria-expanded', 'true')
    await waitFor(
      () => expect(dialog.querySelector('[role="log"]')).toHaveAttribute('aria-busy', 'false'),
      {
        timeout: 10_000,
      },
    )
    expect(dialog.querySelector('article')?.textContent).toContain('screenshot.png')
    const violations = await axeViolations(dialog)
    expect(violations, describeViolations(violations)).toEqual([])
  })

  // Issue 20, finding 10: the total is checked when files are picked, with its reason in words.
  it('refuses the image that would pass 10 MB together when it is picked, in words; the others stay', async () => {
    const user = userEvent.setup()
    renderWidget({ attachments: true })
    const dialog = await screen.findByRole('dialog', { name: 'Assistant' })
    await within(dialog).findByRole('button', { name: 'Attach images or PDFs' })
    const big = (name: string) =>
      new File([new Uint8Array(4 * 1024 * 1024)], name, { type: 'image/png' })
    await user.upload(fileInput(dialog), [big('one.png'), big('two.png'), big('three.png')])
    const status = await within(dialog).findByText(
      'three.png wasn’t attached: the files of one question can be up to 10 MB together.',
    )
    expect(status.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite')
    const form = within(dialog).getByRole('textbox', { name: 'Ask a question…' }).closest('form')!
    const previews = within(
      within(form).getByRole('list', { name: 'Attached files' }),
    ).getAllByRole('listitem')
    expect(previews.map((item) => item.textContent)).toEqual([
      expect.stringContaining('one.png'),
      expect.stringContaining('two.png'),
    ])
  })

  it('never renders a hostile attachment URL from storage; a dropped file keeps its name', async () => {
    const hostile = [
      'javascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+',
      '//evil.example/x.png',
    ]
    localStorage.setItem(
      messagesKey,
      JSON.stringify([
        {
          id: 'u1',
          role: 'user',
          content: 'What is this?',
          parts: [{ type: 'text', text: 'What is this?' }],
          experimental_attachments: [
            ...hostile.map((url, i) => ({ name: `evil-${i}.png`, contentType: 'image/png', url })),
            {
              name: 'kept.pdf',
              contentType: 'application/pdf',
              url: 'data:application/pdf;base64,JVBERi0=',
            },
            { name: 'not-kept.png', contentType: 'image/png', url: '' },
          ],
        },
      ]),
    )
    renderWidget({ attachments: true })
    const dialog = await screen.findByRole('dialog', { name: 'Assistant' })
    const question = await waitFor(() => {
      const element = dialog.querySelector<HTMLElement>('[data-role="user"]')
      expect(element).not.toBeNull()
      return element!
    })
    const list = await within(question).findByRole('list', { name: 'Attached files' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'evil-0.png (not kept on this device)',
      'evil-1.png (not kept on this device)',
      'evil-2.png (not kept on this device)',
      'evil-3.png (not kept on this device)',
      'kept.pdf',
      'not-kept.png (not kept on this device)',
    ])
    expect(question.querySelectorAll('img')).toHaveLength(0)
    const links = [...question.querySelectorAll('a')]
    expect(links.map((a) => [a.getAttribute('href'), a.getAttribute('download')])).toEqual([
      ['data:application/pdf;base64,JVBERi0=', 'kept.pdf'],
    ])
  })
})
