import { z } from 'zod'
import {
  type GENERATED_ACCESS_LEVELS,
  HONORARIOS_TYPES,
  honorariosBody,
  templateGenerateBody,
  type TemplateGenerateInput,
  type TemplateKind,
  type TemplatePreviewInput,
} from './templates.schema'

// The 'Gerar documento' form: what the user picks before the preview. Every field is a string while it is
// typed (parcelas too); the shared schema's pieces validate it, and toPreviewBody builds the request.

export type HonorariosTipo = (typeof HONORARIOS_TYPES)[number]

export interface GenerateFormValues {
  templateId: string
  clientId: string
  caseId: string
  nivelAcesso: (typeof GENERATED_ACCESS_LEVELS)[number]
  tipo: HonorariosTipo
  valor: string
  parcelas: string
  percentual: string
}

export const EMPTY_GENERATE_VALUES: GenerateFormValues = {
  templateId: '',
  clientId: '',
  caseId: '',
  nivelAcesso: 'restrito',
  tipo: 'fixo',
  valor: '',
  parcelas: '',
  percentual: '',
}

/** Which honorários a template asks for: a contract all of them, a receipt the amount. */
export function honorariosFor(kind: TemplateKind | undefined): 'contrato' | 'recibo' | null {
  return kind === 'contrato' ? 'contrato' : kind === 'recibo' ? 'recibo' : null
}

const shape = honorariosBody.shape
export const generateFormSchema = z
  .object({
    templateId: z.uuid({ error: 'Selecione o modelo.' }),
    clientId: templateGenerateBody.shape.clientId,
    caseId: z.string(),
    nivelAcesso: templateGenerateBody.shape.nivelAcesso,
    tipo: z.enum(HONORARIOS_TYPES),
    valor: shape.valor.unwrap(),
    parcelas: z
      .string()
      .trim()
      .regex(/^(\d{1,3})?$/, 'Número de parcelas inválido'),
    percentual: shape.percentual.unwrap(),
  })
  .superRefine((values, ctx) => {
    const parcelas = Number(values.parcelas)
    if (values.tipo === 'parcelado' && values.parcelas !== '' && (parcelas < 1 || parcelas > 360)) {
      ctx.addIssue({ code: 'custom', path: ['parcelas'], message: 'Número de parcelas inválido' })
    }
  })

/** The preview's (and generation's) body; honorários only when the template's kind uses them. */
export function toPreviewBody(
  values: GenerateFormValues,
  kind: TemplateKind | undefined,
): TemplatePreviewInput {
  const body: TemplatePreviewInput = { clientId: values.clientId }
  if (values.caseId) body.caseId = values.caseId
  const which = honorariosFor(kind)
  if (which === 'recibo' && values.valor.trim()) body.honorarios = { valor: values.valor.trim() }
  if (which === 'contrato') {
    const honorarios: NonNullable<TemplatePreviewInput['honorarios']> = { tipo: values.tipo }
    if (values.tipo !== 'exito' && values.valor.trim()) honorarios.valor = values.valor.trim()
    if (values.tipo === 'parcelado' && values.parcelas.trim()) honorarios.parcelas = Number(values.parcelas)
    if (values.tipo === 'exito' && values.percentual.trim()) honorarios.percentual = values.percentual.trim()
    body.honorarios = honorarios
  }
  return body
}

/** The generation's body: the preview's, the access level, and the missing fields the user filled. */
export function toGenerateBody(
  values: GenerateFormValues,
  kind: TemplateKind | undefined,
  overrides: Record<string, string>,
): TemplateGenerateInput {
  const filled = Object.fromEntries(
    Object.entries(overrides)
      .map(([key, value]) => [key, value.trim()] as const)
      .filter(([, value]) => value !== ''),
  )
  return {
    ...toPreviewBody(values, kind),
    nivelAcesso: values.nivelAcesso,
    ...(Object.keys(filled).length > 0 ? { overrides: filled } : {}),
  }
}
