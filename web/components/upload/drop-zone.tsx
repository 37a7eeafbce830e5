import { FileUp, FolderOpen } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import type { DragEvent } from 'react'

/** What the file chooser offers (SPEC §5: .md and .markdown only). */
export const MARKDOWN_ACCEPT = '.md,.markdown,text/markdown'

/**
 * SPEC §2: markdown files are dropped here or browsed. The Browse button is the keyboard and
 * screen-reader way in; the whole zone takes drops.
 */
export function DropZone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null)
  const [over, setOver] = useState(false)
  const depth = useRef(0)
  const id = useId()

  const hasFiles = (e: DragEvent) => [...e.dataTransfer.types].includes('Files')

  function onDrop(e: DragEvent) {
    if (!hasFiles(e)) return
    e.preventDefault()
    depth.current = 0
    setOver(false)
    const files = [...e.dataTransfer.files]
    if (files.length > 0) onFiles(files)
  }

  return (
    <div
      className={`drop-zone${over ? ' drop-zone--over' : ''}`}
      onDragEnter={(e) => {
        if (!hasFiles(e)) return
        e.preventDefault()
        depth.current += 1
        setOver(true)
      }}
      onDragOver={(e) => {
        if (!hasFiles(e)) return
        e.preventDefault()
        e.dataTransfer.dropEffect = 'copy'
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1)
        if (depth.current === 0) setOver(false)
      }}
      onDrop={onDrop}
    >
      <div className="drop-zone__icon" aria-hidden="true">
        <FileUp size={28} />
      </div>
      <p className="drop-zone__title">
        {over ? 'Drop to upload' : 'Drop markdown essays here'}
      </p>
      <p className="drop-zone__text" id={`${id}-hint`}>
        <code>.md</code> or <code>.markdown</code> files; front matter sets the title, date, tags and status.
      </p>
      <button type="button" className="button button--primary" onClick={() => input.current?.click()} aria-describedby={`${id}-hint`}>
        <FolderOpen size={16} aria-hidden="true" />
        Browse files
      </button>
      <input
        ref={input}
        type="file"
        multiple
        accept={MARKDOWN_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="upload-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])]
          // cleared, so choosing the same file again is a new choice
          e.target.value = ''
          if (files.length > 0) onFiles(files)
        }}
      />
    </div>
  )
}
