import { FileUp, FolderOpen, FolderUp } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import type { DragEvent } from 'react'
import { filesOfDrop, visibleFiles } from './folder-files.js'

/** What the file chooser offers: essays (SPEC §5: .md and .markdown), and the figures and `.bib` files they use. */
export const MARKDOWN_ACCEPT =
  '.md,.markdown,text/markdown,.bib,.png,.jpg,.jpeg,.gif,.webp,.avif,.svg,.mp4,.webm,.mp3,.ogg,.pdf'

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
    // Folders are walked (the browser only lists them through its entries), so read them first.
    void filesOfDrop(e.dataTransfer).then((files) => {
      if (files.length > 0) onFiles(files)
    })
  }

  const folderInput = useRef<HTMLInputElement>(null)
  useEffect(() => {
    // Not a React attribute: set on the element, so the chooser picks a folder.
    folderInput.current?.setAttribute('webkitdirectory', '')
  }, [])

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
      <p className="drop-zone__title">{over ? 'Drop to upload' : 'Drop markdown essays here'}</p>
      <p className="drop-zone__text" id={`${id}-hint`}>
        <code>.md</code> or <code>.markdown</code> files, or a folder with their figures and <code>.bib</code>; front
        matter sets the title, date, tags and status.
      </p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => input.current?.click()}
        aria-describedby={`${id}-hint`}
      >
        <FolderOpen size={16} aria-hidden="true" />
        Browse files
      </button>
      <button
        type="button"
        className="button"
        onClick={() => folderInput.current?.click()}
        aria-describedby={`${id}-hint`}
      >
        <FolderUp size={16} aria-hidden="true" />
        Choose folder
      </button>
      <input
        ref={folderInput}
        type="file"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="upload-folder-input"
        onChange={(e) => {
          const files = visibleFiles([...(e.target.files ?? [])])
          e.target.value = ''
          if (files.length > 0) onFiles(files)
        }}
      />
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
