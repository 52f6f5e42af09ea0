import { createContext, Suspense, useContext, type ComponentType, type ReactNode } from 'react'

/**
 * An extension point (decision 007): a lower feature renders `<Slot …/>` where an upper feature's part belongs
 * (the case record's tabs, the documents page's 'Modelos' tab), and the shell fills it
 * (src/app/feature-slots.tsx), so the lower feature never imports the upper one. Fills are loaded on first use;
 * nothing shows until the fill is there, so a form inside a slot mounts once. Unfilled (a component test, a
 * page rendered outside the shell), a slot shows its children, or nothing.
 */
export function createSlot<Props extends object>(name: string) {
  const FillContext = createContext<ComponentType<Props> | null>(null)

  function Slot(props: Props & { children?: ReactNode }) {
    const Fill = useContext(FillContext)
    if (!Fill) return props.children ?? null
    return (
      <Suspense fallback={null}>
        <Fill {...props} />
      </Suspense>
    )
  }
  Slot.displayName = `Slot(${name})`

  return { Slot, FillProvider: FillContext.Provider }
}
