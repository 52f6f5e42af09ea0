import {
  useForm,
  type FieldPath,
  type FieldValues,
  type UseFormProps,
  type UseFormRegister,
  type UseFormReturn,
} from 'react-hook-form'

/**
 * When every form of the app shows its validation messages (issue 22): after the user has changed a field and
 * left it, or on submit; never for a field the user only passed through. Before the first submit react-hook-form
 * validates nothing by itself ('onSubmit'); after it, each change re-validates ('onChange').
 * react-hook-form's 'onTouched' is not this rule: it flags a required field that was only focused and left,
 * and the message it inserts pushes the fields below down just as the user clicks one of them.
 */
export const FORM_VALIDATION = { mode: 'onSubmit', reValidateMode: 'onChange' } as const

type AppFormProps<TFieldValues extends FieldValues, TContext, TTransformedValues> = Omit<
  UseFormProps<TFieldValues, TContext, TTransformedValues>,
  'mode' | 'reValidateMode'
>

/** useForm with the app's validation rule (FORM_VALIDATION plus the check on leaving a changed field). */
export function useAppForm<
  TFieldValues extends FieldValues = FieldValues,
  TContext = unknown,
  TTransformedValues = TFieldValues,
>(
  props: AppFormProps<TFieldValues, TContext, TTransformedValues> = {},
): UseFormReturn<TFieldValues, TContext, TTransformedValues> {
  const form = useForm<TFieldValues, TContext, TTransformedValues>({ ...props, ...FORM_VALIDATION })
  trackPresses()
  validateOnLeave(form)
  return form
}

let tracking = false
let pressing = false
let afterPress: (() => void)[] = []

/** Watches mouse and touch presses on the page (once): see pressEnded. */
function trackPresses() {
  if (tracking || typeof window === 'undefined') return
  tracking = true
  window.addEventListener('pointerdown', () => (pressing = true), true)
  const release = () => {
    pressing = false
    const waiting = afterPress
    afterPress = []
    // After the click that this release makes, which the browser dispatches in the same task.
    if (waiting.length > 0) setTimeout(() => waiting.forEach((resume) => resume()), 0)
  }
  window.addEventListener('pointerup', release, true)
  window.addEventListener('pointercancel', release, true)
}

/**
 * Resolves once no press is in progress. A press on another control is what moves the focus out of a field;
 * its message, inserted above that control, would push it away before the release, and the click would be
 * lost (a submit button, a checkbox, 'Cancelar'): so a message from leaving a field waits for the release.
 */
function pressEnded(): Promise<void> {
  if (!pressing) return Promise.resolve()
  return new Promise((resume) => afterPress.push(resume))
}

const withLeaveCheck = new WeakSet<object>()

/**
 * Adds to every field of the form (register, Controller and useController all register through
 * `control.register`) the part of the rule react-hook-form has no mode for, until the first submit:
 * leaving a changed field validates it, and a message on screen follows the typing until it is fixed. Fields
 * named in the field's `deps` are checked along with it when they were changed or already show a message.
 * useForm keeps one form object for the component's life, so this runs once per form.
 */
function validateOnLeave<TFieldValues extends FieldValues, TContext, TTransformedValues>(
  form: UseFormReturn<TFieldValues, TContext, TTransformedValues>,
) {
  const { control } = form
  if (withLeaveCheck.has(control)) return
  withLeaveCheck.add(control)
  const register = control.register
  const submitted = () => control._formState.isSubmitted

  const registerWithLeaveCheck: UseFormRegister<TFieldValues> = (name, options) => {
    const field = register(name, options)
    const deps = options?.deps === undefined ? [] : ([] as FieldPath<TFieldValues>[]).concat(options.deps)
    const related: FieldPath<TFieldValues>[] = [name, ...deps]
    const validate = async (shouldCheck: (name: FieldPath<TFieldValues>) => boolean) => {
      if (submitted()) return
      const names = related.filter(shouldCheck)
      if (names.length > 0) await form.trigger(names)
    }
    return {
      ...field,
      onChange: async (event) => {
        await field.onChange(event)
        await validate((n) => form.getFieldState(n).invalid)
      },
      onBlur: async (event) => {
        await field.onBlur(event)
        await pressEnded()
        await validate((n) => {
          const state = form.getFieldState(n)
          return state.isDirty || state.invalid
        })
      },
    }
  }
  control.register = registerWithLeaveCheck
  form.register = registerWithLeaveCheck
}
