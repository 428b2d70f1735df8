import { readDataUrl } from '@docchat/core'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { type UseAttachmentsOptions, useAttachments } from './use-attachments'

const PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  ),
  (char) => char.charCodeAt(0),
)
const png = (name = 'shot.png') => new File([PNG], name, { type: 'image/png' })
const pdf = (name = 'guide.pdf') => new File(['%PDF-1.4\n'], name, { type: 'application/pdf' })

let taken: unknown[] = []

function Harness(options: UseAttachmentsOptions) {
  const a = useAttachments(options)
  return (
    <div data-testid="drop" data-dragging={a.dragging || undefined} {...a.dropProps}>
      <input aria-label="Attach" {...a.inputProps} />
      <textarea aria-label="Question" onPaste={a.onPaste} />
      <ul>
        {a.items.map((item) => (
          <li key={item.id} data-status={item.status}>
            {item.name}
            {item.previewUrl ? <img alt={item.name} src={item.previewUrl} /> : null}
            <button type="button" onClick={() => a.remove(item.id)}>
              Remove {item.name}
            </button>
          </li>
        ))}
      </ul>
      <p data-testid="problems">
        {a.problems.map((p) => `${p.reason}:${p.name ?? p.limit}`).join(' ')}
      </p>
      <button type="button" disabled={a.pending} onClick={() => (taken = a.take())}>
        Send
      </button>
    </div>
  )
}

function dataTransfer(files: File[]) {
  return { files, types: ['Files'], dropEffect: 'none' }
}

describe('useAttachments', () => {
  it('picks files, reads them to data URLs with image previews, and hands them over once', async () => {
    render(<Harness />)
    await userEvent.upload(screen.getByLabelText('Attach'), [png(), pdf()])
    await waitFor(() =>
      expect(screen.getAllByRole('listitem').map((li) => li.dataset.status)).toEqual([
        'ready',
        'ready',
      ]),
    )
    const preview = screen.getByRole('img', { name: 'shot.png' }) as HTMLImageElement
    expect(readDataUrl(preview.src)).toEqual({ contentType: 'image/png', bytes: PNG.length })
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(taken).toEqual([
      expect.objectContaining({ name: 'shot.png', contentType: 'image/png', url: preview.src }),
      expect.objectContaining({ name: 'guide.pdf', contentType: 'application/pdf' }),
    ])
    expect(screen.queryAllByRole('listitem')).toHaveLength(0)
  })

  // Issue 20, finding 10: three 4 MiB images were taken, then the request check refused the
  // question as over the 10 MiB total. The total is checked as files are picked, pasted or dropped.
  it('refuses the file that would pass the question’s 10 MiB total when it is picked; the others stay', async () => {
    const mib = 1024 * 1024
    const image = (name: string, bytes: number) =>
      new File([new Uint8Array(bytes)], name, { type: 'image/png' })
    render(<Harness />)
    await userEvent.upload(screen.getByLabelText('Attach'), [
      image('1.png', 4 * mib),
      image('2.png', 4 * mib),
      image('3.png', 4 * mib),
    ])
    expect(screen.getByTestId('problems').textContent).toBe('too-large-together:3.png')
    expect(screen.getAllByRole('listitem').map((item) => item.firstChild?.textContent)).toEqual([
      '1.png',
      '2.png',
    ])
    // Pasted or dropped later: counted against what is already attached.
    fireEvent.drop(screen.getByTestId('drop'), {
      dataTransfer: dataTransfer([image('4.png', 3 * mib), image('5.png', 2 * mib)]),
    })
    expect(screen.getByTestId('problems').textContent).toBe('too-large-together:4.png')
    expect(screen.getAllByRole('listitem')).toHaveLength(3)
    // Removing one frees its bytes.
    fireEvent.click(screen.getByRole('button', { name: 'Remove 1.png' }))
    fireEvent.drop(screen.getByTestId('drop'), {
      dataTransfer: dataTransfer([image('6.png', 4 * mib)]),
    })
    expect(screen.getByTestId('problems').textContent).toBe('')
    expect(screen.getAllByRole('listitem')).toHaveLength(3)
  })

  it('does not count uploaded files against the total (they travel as URLs)', async () => {
    const image = (name: string) =>
      new File([new Uint8Array(4 * 1024 * 1024)], name, { type: 'image/png' })
    render(<Harness uploadAttachment={async (file) => `https://cdn.example.com/${file.name}`} />)
    await userEvent.upload(screen.getByLabelText('Attach'), [
      image('1.png'),
      image('2.png'),
      image('3.png'),
    ])
    expect(screen.getByTestId('problems').textContent).toBe('')
    expect(screen.getAllByRole('listitem')).toHaveLength(3)
  })

  it('refuses past the limits with typed reasons, and remove frees a place', async () => {
    render(<Harness limits={{ maxFiles: 2 }} />)
    const input = screen.getByLabelText('Attach') as HTMLInputElement
    expect(input.accept).toBe('image/png,image/jpeg,image/gif,image/webp,application/pdf')
    const svg = new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })
    await userEvent.upload(input, [png('1.png'), png('2.png'), png('3.png'), svg], {
      applyAccept: false,
    } as never)
    expect(screen.getByTestId('problems').textContent).toBe('unsupported-type:logo.svg too-many:2')
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
    fireEvent.click(screen.getByRole('button', { name: 'Remove 1.png' }))
    await userEvent.upload(input, [png('4.png')])
    expect(screen.getAllByRole('listitem').map((li) => li.textContent?.split('Remove')[0])).toEqual(
      ['2.png', '4.png'],
    )
  })

  it('attaches pasted and dropped files, with a drop state while dragging', async () => {
    render(<Harness />)
    const question = screen.getByLabelText('Question')
    // Copied from a document: text and a picture of it. The text is pasted, nothing attached.
    fireEvent.paste(question, {
      clipboardData: { files: [png('word.png')], getData: () => 'Some copied text' },
    })
    fireEvent.paste(question, { clipboardData: { files: [png('pasted.png')], getData: () => '' } })
    const drop = screen.getByTestId('drop')
    fireEvent.dragEnter(drop, { dataTransfer: dataTransfer([pdf()]) })
    expect(drop.dataset.dragging).toBe('true')
    fireEvent.dragLeave(drop, { dataTransfer: dataTransfer([pdf()]) })
    expect(drop.dataset.dragging).toBeUndefined()
    fireEvent.dragEnter(drop, { dataTransfer: dataTransfer([pdf()]) })
    fireEvent.drop(drop, { dataTransfer: dataTransfer([pdf('dropped.pdf')]) })
    expect(drop.dataset.dragging).toBeUndefined()
    await waitFor(() =>
      expect(screen.getAllByRole('listitem').map((li) => li.dataset.status)).toEqual([
        'ready',
        'ready',
      ]),
    )
    expect(screen.getByText('pasted.png')).toBeTruthy()
    expect(screen.queryByText('word.png')).toBeNull()
    expect(screen.getByText('dropped.pdf')).toBeTruthy()
  })

  it('uploads through uploadAttachment and reports a failed upload in words-ready form', async () => {
    const uploaded: string[] = []
    render(
      <Harness
        uploadAttachment={async (file) => {
          if (file.name === 'bad.png') throw new Error('upload failed')
          uploaded.push(file.name)
          return `https://cdn.example.com/${file.name}`
        }}
      />,
    )
    await userEvent.upload(screen.getByLabelText('Attach'), [png('good.png'), png('bad.png')])
    await waitFor(() => expect(screen.getByTestId('problems').textContent).toBe('failed:bad.png'))
    await waitFor(() => expect(screen.getAllByRole('listitem')[0]?.dataset.status).toBe('ready'))
    // The thumbnail is local data, the attachment the uploaded URL.
    expect((screen.getByRole('img', { name: 'good.png' }) as HTMLImageElement).src).toMatch(
      /^data:image\/png;base64,/,
    )
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })))
    expect(taken).toEqual([
      { name: 'good.png', contentType: 'image/png', url: 'https://cdn.example.com/good.png' },
    ])
    expect(uploaded).toEqual(['good.png'])
  })
})
