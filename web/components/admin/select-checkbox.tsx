import { Check } from 'lucide-react'
import { Checkbox } from 'radix-ui'

/** A post's selection box (Radix Checkbox: Space toggles it, screen readers hear its name). */
export function SelectCheckbox({
  checked,
  onToggle,
  label,
  className = '',
}: {
  checked: boolean
  onToggle: () => void
  label: string
  className?: string
}) {
  return (
    <Checkbox.Root
      className={`checkbox ${className}`.trim()}
      checked={checked}
      onCheckedChange={onToggle}
      aria-label={label}
    >
      <Checkbox.Indicator className="checkbox__indicator">
        <Check size={14} strokeWidth={3} aria-hidden="true" />
      </Checkbox.Indicator>
    </Checkbox.Root>
  )
}
