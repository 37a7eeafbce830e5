import { Plus, Trash2, X } from 'lucide-react'
import { EditorField } from './editor-field.js'
import { FOOTER_LIMITS, fieldId, newLink, newSection } from './footer-draft.js'
import type { DraftLink, DraftSection, FooterProblems } from './footer-draft.js'

interface LinkSectionsEditorProps {
  sections: DraftSection[]
  onChange: (sections: DraftSection[]) => void
  problems: FooterProblems
  focusLater: (id: string) => void
}

const ADD_SECTION_ID = 'footer-add-section'
const addLinkId = (sectionKey: string) => `footer-add-link-${sectionKey}`
const HREF_HINT = 'https://…, mailto:…, a site path such as /about, or #'

/** SPEC §2: link sections, each a title and links with a name and an address; add and remove both. */
export function LinkSectionsEditor({ sections, onChange, problems, focusLater }: LinkSectionsEditorProps) {
  const updateSection = (key: string, patch: Partial<DraftSection>) =>
    onChange(sections.map((s) => (s.key === key ? { ...s, ...patch } : s)))
  const updateLink = (section: DraftSection, key: string, patch: Partial<DraftLink>) =>
    updateSection(section.key, { links: section.links.map((l) => (l.key === key ? { ...l, ...patch } : l)) })

  return (
    <section className="editor-section" aria-labelledby="footer-sections-heading">
      <div className="editor-section__head">
        <h3 id="footer-sections-heading" className="editor-section__title">
          Link sections
        </h3>
        <p className="editor-section__note">{`Columns of links beside the site description. Addresses: ${HREF_HINT}.`}</p>
      </div>
      {sections.length === 0 && <p className="editor-empty">No link sections. The footer shows none.</p>}
      <div className="editor-cards">
        {sections.map((section, i) => {
          const n = i + 1
          const headingId = `footer-section-${section.key}-heading`
          const name = section.title.trim()
          return (
            <div key={section.key} className="editor-card" role="group" aria-labelledby={headingId}>
              <div className="editor-card__head">
                <h4 id={headingId} className="editor-card__title">
                  {`Section ${n}`}
                  {name && <span className="editor-card__name">{name}</span>}
                </h4>
                <button
                  type="button"
                  className="button button--quiet button--small editor-card__remove"
                  aria-label={`Remove section ${n}${name ? ` (${name})` : ''}`}
                  onClick={() => {
                    onChange(sections.filter((s) => s.key !== section.key))
                    focusLater(ADD_SECTION_ID)
                  }}
                >
                  <Trash2 size={15} aria-hidden="true" />
                  Remove section
                </button>
              </div>
              <EditorField
                id={fieldId(`section.${section.key}.title`)}
                label="Section title"
                value={section.title}
                maxLength={FOOTER_LIMITS.name}
                placeholder="Resources"
                required
                error={problems[`section.${section.key}.title`]}
                onChange={(title) => updateSection(section.key, { title })}
              />
              {section.links.length > 0 && (
                <ul className="editor-rows">
                  {section.links.map((link, j) => {
                    const m = j + 1
                    return (
                      <li key={link.key} className="editor-row editor-row--link">
                        <EditorField
                          id={fieldId(`link.${link.key}.name`)}
                          label={`Link ${m} name`}
                          value={link.name}
                          maxLength={FOOTER_LIMITS.name}
                          placeholder="Documentation"
                          required
                          error={problems[`link.${link.key}.name`]}
                          onChange={(v) => updateLink(section, link.key, { name: v })}
                        />
                        <EditorField
                          id={fieldId(`link.${link.key}.href`)}
                          label={`Link ${m} address`}
                          type="url"
                          value={link.href}
                          maxLength={FOOTER_LIMITS.href}
                          placeholder="/about"
                          required
                          error={problems[`link.${link.key}.href`]}
                          onChange={(v) => updateLink(section, link.key, { href: v })}
                        />
                        <button
                          type="button"
                          className="icon-button editor-row__remove"
                          aria-label={`Remove link ${m}${link.name.trim() ? ` (${link.name.trim()})` : ''} from section ${n}`}
                          title="Remove"
                          onClick={() => {
                            updateSection(section.key, { links: section.links.filter((l) => l.key !== link.key) })
                            focusLater(addLinkId(section.key))
                          }}
                        >
                          <X size={18} aria-hidden="true" />
                        </button>
                      </li>
                    )
                  })}
                </ul>
              )}
              <button
                id={addLinkId(section.key)}
                type="button"
                className="link-button editor-card__add"
                disabled={section.links.length >= FOOTER_LIMITS.linksPerSection}
                onClick={() => {
                  const added = newLink()
                  updateSection(section.key, { links: [...section.links, added] })
                  focusLater(fieldId(`link.${added.key}.name`))
                }}
              >
                <Plus size={15} aria-hidden="true" />
                {`Add link to section ${n}`}
              </button>
            </div>
          )
        })}
      </div>
      <button
        id={ADD_SECTION_ID}
        type="button"
        className="button button--secondary button--small"
        disabled={sections.length >= FOOTER_LIMITS.sections}
        onClick={() => {
          const added = newSection()
          onChange([...sections, added])
          focusLater(fieldId(`section.${added.key}.title`))
        }}
      >
        <Plus size={16} aria-hidden="true" />
        Add section
      </button>
    </section>
  )
}
