import { Monitor, Moon, Sun } from 'lucide-react'
import { useTheme, type Theme } from '../../lib/theme'
import { useLandingText } from './use-landing-text'

const OPTIONS = [
  { value: 'light', Icon: Sun },
  { value: 'dark', Icon: Moon },
  { value: 'system', Icon: Monitor },
] as const satisfies readonly { value: Theme; Icon: unknown }[]

/** Light / dark / system as three toggle buttons: every choice is one click and its state is announced. */
export function ThemeToggle() {
  const text = useLandingText().theme
  const { theme, setTheme } = useTheme()
  return (
    <div
      role="group"
      aria-label={text.label}
      className="flex items-center rounded-lg border border-border bg-muted/50 p-0.5"
    >
      {OPTIONS.map(({ value, Icon }) => (
        <button
          key={value}
          type="button"
          aria-pressed={theme === value}
          aria-label={text[value]}
          title={text[value]}
          onClick={() => setTheme(value)}
          className="inline-flex size-8 items-center justify-center rounded-md text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring aria-pressed:bg-background aria-pressed:text-foreground aria-pressed:shadow-sm"
        >
          <Icon aria-hidden className="size-4" />
        </button>
      ))}
    </div>
  )
}
