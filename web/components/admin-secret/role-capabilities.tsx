import { Check } from 'lucide-react'
import { ADMIN_CAPABILITIES, GUEST_CAPABILITIES } from '../../lib/role-capabilities.js'

function CapabilityList({ title, items, current }: { title: string; items: readonly string[]; current: boolean }) {
  return (
    <div className="capabilities__column" data-current={current || undefined}>
      <h3 className="capabilities__title">
        {title}
        {current && <span className="capabilities__you">You</span>}
      </h3>
      <ul className="capabilities__list">
        {items.map((item) => (
          <li key={item}>
            <Check size={15} aria-hidden="true" />
            {item}
          </li>
        ))}
      </ul>
    </div>
  )
}

/** SPEC §2/§6: what a guest can do next to what an admin can do; the viewer's own role marked. */
export function RoleCapabilities({ role }: { role: 'admin' | 'guest' | null }) {
  return (
    <section className="card capabilities" aria-labelledby="capabilities-title">
      <h2 id="capabilities-title" className="card-title">
        What each role can do
      </h2>
      <div className="capabilities__grid">
        <CapabilityList title="Guest" items={GUEST_CAPABILITIES} current={role === 'guest'} />
        <CapabilityList title="Admin" items={ADMIN_CAPABILITIES} current={role === 'admin'} />
      </div>
    </section>
  )
}
