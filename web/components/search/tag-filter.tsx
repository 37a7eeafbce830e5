import { X } from 'lucide-react'
import { useState } from 'react'
import type { KeyboardEvent } from 'react'
import { parseTags } from '../../lib/search-params.js'

interface TagFilterProps {
  id: string
  tags: readonly string[]
  onAdd: (tags: string[]) => void
  onRemove: (tag: string) => void
}

/** The tags filter: chosen tags as removable chips, and a box that adds one on Enter or a comma. */
export function TagFilter({ id, tags, onAdd, onRemove }: TagFilterProps) {
  const [text, setText] = useState('')

  function add() {
    const next = parseTags(text)
    setText('')
    if (next.length > 0) onAdd(next)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault()
      add()
    } else if (event.key === 'Backspace' && text === '' && tags.length > 0) {
      onRemove(tags[tags.length - 1])
    }
  }

  return (
    <div className="tag-filter">
      {tags.length > 0 && (
        <ul className="tag-filter__chips" aria-label="Tag filters">
          {tags.map((tag) => (
            <li key={tag} className="tag-chip">
              <span>{tag}</span>
              <button
                type="button"
                className="tag-chip__remove"
                aria-label={`Remove the tag filter "${tag}"`}
                onClick={() => onRemove(tag)}
              >
                <X size={13} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        className="input tag-filter__input"
        type="text"
        placeholder={tags.length > 0 ? 'Add another tag…' : 'Type a tag, then Enter'}
        autoComplete="off"
        enterKeyHint="done"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={add}
      />
    </div>
  )
}
