import { Plus, Trash2 } from 'lucide-react'
import { SocialIcon } from '../ui/social-icons.js'
import { EditorField } from './editor-field.js'
import { FOOTER_LIMITS, SOCIAL_ICONS, fieldId, newSocialLink } from './footer-draft.js'
import type { DraftSocialLink, FooterProblems } from './footer-draft.js'
import type { SocialIcon as SocialIconName } from '../../../src/shared/footer-defaults.js'

interface SocialLinksEditorProps {
  links: DraftSocialLink[]
  onChange: (links: DraftSocialLink[]) => void
  problems: FooterProblems
  /** Moves focus to an element by id once the next render is on screen. */
  focusLater: (id: string) => void
}

const ADD_ID = 'footer-add-social'

/** SPEC §2: social links with a name, an address and an icon (twitter, github or linkedin); add and remove. */
export function SocialLinksEditor({ links, onChange, problems, focusLater }: SocialLinksEditorProps) {
  const update = (key: string, patch: Partial<DraftSocialLink>) =>
    onChange(links.map((l) => (l.key === key ? { ...l, ...patch } : l)))
  const full = links.length >= FOOTER_LIMITS.socialLinks

  return (
    <section className="editor-section" aria-labelledby="footer-social-heading">
      <div className="editor-section__head">
        <h3 id="footer-social-heading" className="editor-section__title">
          Social links
        </h3>
        <p className="editor-section__note">Icons in the footer that open in a new tab.</p>
      </div>
      {links.length === 0 ? (
        <p className="editor-empty">No social links. The footer shows none.</p>
      ) : (
        <ul className="editor-rows">
          {links.map((link, i) => {
            const n = i + 1
            const iconId = `footer-social-${link.key}-icon`
            return (
              <li key={link.key} className="editor-row editor-row--social">
                <span className="editor-row__icon" aria-hidden="true">
                  <SocialIcon icon={link.icon} size={18} />
                </span>
                <EditorField
                  id={fieldId(`social.${link.key}.name`)}
                  label={`Name ${n}`}
                  value={link.name}
                  maxLength={FOOTER_LIMITS.name}
                  placeholder="GitHub"
                  required
                  error={problems[`social.${link.key}.name`]}
                  onChange={(name) => update(link.key, { name })}
                />
                <EditorField
                  id={fieldId(`social.${link.key}.url`)}
                  label={`Address ${n}`}
                  type="url"
                  value={link.url}
                  maxLength={FOOTER_LIMITS.href}
                  placeholder="https://github.com/you"
                  required
                  error={problems[`social.${link.key}.url`]}
                  onChange={(url) => update(link.key, { url })}
                />
                <div className="field editor-row__select">
                  <label htmlFor={iconId} className="field__label">
                    {`Icon ${n}`}
                  </label>
                  <select
                    id={iconId}
                    className="select"
                    value={link.icon}
                    onChange={(e) => update(link.key, { icon: e.target.value as SocialIconName })}
                  >
                    {SOCIAL_ICONS.map((icon) => (
                      <option key={icon.value} value={icon.value}>
                        {icon.label}
                      </option>
                    ))}
                  </select>
                </div>
                <button
                  type="button"
                  className="icon-button editor-row__remove"
                  aria-label={`Remove social link ${n}${link.name.trim() ? ` (${link.name.trim()})` : ''}`}
                  title="Remove"
                  onClick={() => {
                    onChange(links.filter((l) => l.key !== link.key))
                    focusLater(ADD_ID)
                  }}
                >
                  <Trash2 size={18} aria-hidden="true" />
                </button>
              </li>
            )
          })}
        </ul>
      )}
      <button
        id={ADD_ID}
        type="button"
        className="button button--secondary button--small"
        disabled={full}
        onClick={() => {
          const added = newSocialLink(links)
          onChange([...links, added])
          focusLater(fieldId(`social.${added.key}.name`))
        }}
      >
        <Plus size={16} aria-hidden="true" />
        Add social link
      </button>
    </section>
  )
}
