import { z } from 'zod'
import { ptBR } from 'zod/locales'

// Generic validation messages in pt-BR for every schema; feature schemas still give their own exact texts.
z.config(ptBR())
