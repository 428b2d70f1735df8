'use client'

import {
  type Attachment,
  type AttachmentLimits,
  type AttachmentProblem,
  attachmentLimits,
  checkAttachmentFiles,
  readFileAsDataUrl,
  toAttachment,
  type UploadAttachment,
} from '@docchat/core'
import {
  type ChangeEvent,
  type ClipboardEvent,
  type DragEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'

/** A file picked, pasted or dropped, while it is read (or uploaded) and after. */
export interface PendingAttachment {
  id: string
  name: string
  contentType: string
  size: number
  /** `reading` until its data URL (or upload) is there; only `ready` ones are sent. */
  status: 'reading' | 'ready'
  /** A data URL for an image's thumbnail (a CSP that allows `img-src data:` shows it). */
  previewUrl: string | undefined
  attachment: Attachment | undefined
}

export interface UseAttachmentsOptions {
  /**
   * Narrows core's limits (4 files, 5 MiB each, 10 MiB together, PNG/JPEG/GIF/WebP/PDF); never
   * widens them.
   */
  limits?: Partial<AttachmentLimits>
  /** Upload each file and send its URL instead of inline data. */
  uploadAttachment?: UploadAttachment
  /** Nothing is taken while disabled (no drop state, pastes stay text). */
  disabled?: boolean
}

export interface UseAttachments {
  items: PendingAttachment[]
  /** What was refused by the last add, with typed reasons for the UI to put in words. */
  problems: AttachmentProblem[]
  limits: AttachmentLimits
  /** Whether a file is still being read or uploaded. */
  pending: boolean
  /** A file is dragged over the drop target. */
  dragging: boolean
  add: (files: Iterable<File> | ArrayLike<File>) => AttachmentProblem[]
  remove: (id: string) => void
  /** The ready attachments, in order; the list and problems are cleared. */
  take: () => Attachment[]
  clearProblems: () => void
  /** For `<input type="file">`. */
  inputProps: {
    type: 'file'
    multiple: boolean
    accept: string
    onChange: (event: ChangeEvent<HTMLInputElement>) => void
  }
  /** For the element files may be dropped on. */
  dropProps: {
    onDragEnter: (event: DragEvent) => void
    onDragOver: (event: DragEvent) => void
    onDragLeave: (event: DragEvent) => void
    onDrop: (event: DragEvent) => void
  }
  /**
   * For the text input: pasted files (screenshots, copied images) are attached; a paste that
   * carries text stays text, even when the clipboard also holds a picture of it.
   */
  onPaste: (event: ClipboardEvent) => void
}

let counter = 0

const carriesFiles = (event: DragEvent) => [...(event.dataTransfer?.types ?? [])].includes('Files')

/**
 * Attachments for a composer, without styles: file input, paste and drop, limits checked before
 * anything is read, each file read to a data URL (or uploaded) at once so sending never waits
 * long, and a stale read never lands after its file was removed.
 */
export function useAttachments(options: UseAttachmentsOptions = {}): UseAttachments {
  const { uploadAttachment, disabled = false } = options
  const limitsKey = JSON.stringify(options.limits ?? null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the serialised limits
  const limits = useMemo(() => attachmentLimits(options.limits), [limitsKey])
  const [items, setItems] = useState<PendingAttachment[]>([])
  const [problems, setProblems] = useState<AttachmentProblem[]>([])
  const [dragging, setDragging] = useState(false)
  const itemsRef = useRef(items)
  itemsRef.current = items
  const uploadRef = useRef(uploadAttachment)
  uploadRef.current = uploadAttachment
  const depth = useRef(0)
  const alive = useRef(true)
  useEffect(() => {
    alive.current = true
    return () => {
      alive.current = false
    }
  }, [])

  const update = useCallback((id: string, patch: Partial<PendingAttachment>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...patch } : item)))
  }, [])

  const add = useCallback(
    (files: Iterable<File> | ArrayLike<File>) => {
      const list = Array.from(files as ArrayLike<File>)
      // The question's total is checked now, not when it is sent: a file that would pass it is
      // refused with its reason and the others stay. Uploaded files travel as URLs: no total.
      const uploads = Boolean(uploadRef.current)
      const { accepted, problems: refused } = checkAttachmentFiles(
        list,
        uploads ? { ...limits, maxTotalBytes: Number.POSITIVE_INFINITY } : limits,
        itemsRef.current.length,
        uploads ? 0 : itemsRef.current.reduce((sum, item) => sum + item.size, 0),
      )
      const added = accepted.map<PendingAttachment & { file: File }>((file) => ({
        id: `attachment-${++counter}`,
        name: file.name || 'pasted-image',
        contentType: file.type.toLowerCase(),
        size: file.size,
        status: 'reading',
        previewUrl: undefined,
        attachment: undefined,
        file,
      }))
      itemsRef.current = [...itemsRef.current, ...added.map(({ file: _file, ...item }) => item)]
      setItems(itemsRef.current)
      setProblems(refused)
      for (const { id, file, name, contentType } of added) {
        const named = file.name ? file : new File([file], name, { type: file.type })
        const upload = uploadRef.current
        const image = contentType.startsWith('image/')
        Promise.all([
          toAttachment(named, upload),
          image && upload ? readFileAsDataUrl(named) : undefined,
        ]).then(
          ([attachment, preview]) => {
            if (!alive.current) return
            update(id, {
              status: 'ready',
              attachment,
              previewUrl: image ? (preview ?? attachment.url) : undefined,
            })
          },
          () => {
            if (!alive.current) return
            setItems((current) => current.filter((item) => item.id !== id))
            setProblems((current) => [...current, { reason: 'failed', name }])
          },
        )
      }
      return refused
    },
    [limits, update],
  )

  const remove = useCallback((id: string) => {
    setItems((current) => current.filter((item) => item.id !== id))
  }, [])

  const take = useCallback(() => {
    const ready = itemsRef.current.flatMap((item) =>
      item.status === 'ready' && item.attachment ? [item.attachment] : [],
    )
    itemsRef.current = []
    setItems([])
    setProblems([])
    return ready
  }, [])

  const clearProblems = useCallback(() => setProblems([]), [])

  const inputProps = useMemo(
    () => ({
      type: 'file' as const,
      multiple: limits.maxFiles > 1,
      accept: limits.accept.join(','),
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const input = event.currentTarget
        if (input.files) add(input.files)
        // The same file can be picked again after it was removed.
        input.value = ''
      },
    }),
    [limits, add],
  )

  const dropProps = useMemo(
    () => ({
      onDragEnter: (event: DragEvent) => {
        if (disabled || !carriesFiles(event)) return
        event.preventDefault()
        depth.current++
        setDragging(true)
      },
      onDragOver: (event: DragEvent) => {
        if (disabled || !carriesFiles(event)) return
        event.preventDefault()
        if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy'
      },
      onDragLeave: (event: DragEvent) => {
        if (disabled || !carriesFiles(event)) return
        depth.current = Math.max(0, depth.current - 1)
        if (depth.current === 0) setDragging(false)
      },
      onDrop: (event: DragEvent) => {
        depth.current = 0
        setDragging(false)
        if (disabled || !event.dataTransfer?.files.length) return
        event.preventDefault()
        add(event.dataTransfer.files)
      },
    }),
    [add, disabled],
  )

  const onPaste = useCallback(
    (event: ClipboardEvent) => {
      const data = event.clipboardData
      const files = data?.files
      if (disabled || !files || files.length === 0) return
      // Copied from a document (text and a picture of it): the text is what the reader meant.
      if (data.getData?.('text/plain')?.trim()) return
      event.preventDefault()
      add(files)
    },
    [add, disabled],
  )

  return {
    items,
    problems,
    limits,
    pending: items.some((item) => item.status === 'reading'),
    dragging: dragging && !disabled,
    add,
    remove,
    take,
    clearProblems,
    inputProps,
    dropProps,
    onPaste,
  }
}
