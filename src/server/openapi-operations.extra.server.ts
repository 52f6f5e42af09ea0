import { ADMIN_MODERATION_OPERATION_DOCS } from './openapi-operations.admin-moderation.server'
import { DIRECTORY_OPERATION_DOCS, DIRECTORY_TAGS } from './openapi-operations.directory.server'
import { ENTITY_OPERATION_DOCS, ENTITY_TAGS } from './openapi-operations.entities.server'
import { JOB_OPERATION_DOCS, JOB_TAGS } from './openapi-operations.jobs.server'
import { NETWORK_OPERATION_DOCS, NETWORK_TAGS } from './openapi-operations.network.server'
import { PLATFORM_LOGS_OPERATION_DOCS } from './openapi-operations.platform-logs.server'
import { PLATFORM_BACKUP_OPERATION_DOCS } from './openapi-operations.platform-backup.server'
import { PLATFORM_REPORTS_OPERATION_DOCS } from './openapi-operations.platform-reports.server'
import {
  PLATFORM_ANALYTICS_OPERATION_DOCS,
  PLATFORM_ANALYTICS_TAGS,
} from './openapi-operations.platform-analytics.server'
import {
  PLATFORM_SETTINGS_OPERATION_DOCS,
  PLATFORM_SETTINGS_TAGS,
} from './openapi-operations.platform-settings.server'
import {
  BILLING_OFFICE_OPERATION_DOCS,
  BILLING_OFFICE_TAGS,
} from './openapi-operations.platform-billing-office.server'
import { PLATFORM_BILLING_ADMIN_OPERATION_DOCS } from './openapi-operations.platform-billing-admin.server'
import { PUBLICATIONS_OPERATION_DOCS, PUBLICATIONS_TAGS } from './openapi-operations.publications.server'
import { TEMPLATES_OPERATION_DOCS, TEMPLATES_TAGS } from './openapi-operations.templates.server'
import { SIGNATURES_OPERATION_DOCS, SIGNATURES_TAGS } from './openapi-operations.signatures.server'
import type { OperationDoc } from './openapi-operations.server'

// The operations of features documented in their own files (openapi-operations.server.ts is at its
// 400-line limit): add a feature's import and spread here, not there.

export const EXTRA_OPERATION_DOCS: Record<string, OperationDoc> = {
  ...DIRECTORY_OPERATION_DOCS,
  ...ENTITY_OPERATION_DOCS,
  ...JOB_OPERATION_DOCS,
  ...NETWORK_OPERATION_DOCS,
  ...PLATFORM_LOGS_OPERATION_DOCS,
  ...PLATFORM_BACKUP_OPERATION_DOCS,
  ...PLATFORM_REPORTS_OPERATION_DOCS,
  ...PLATFORM_ANALYTICS_OPERATION_DOCS,
  ...PLATFORM_SETTINGS_OPERATION_DOCS,
  ...ADMIN_MODERATION_OPERATION_DOCS,
  ...PLATFORM_BILLING_ADMIN_OPERATION_DOCS,
  ...BILLING_OFFICE_OPERATION_DOCS,
  ...PUBLICATIONS_OPERATION_DOCS,
  ...TEMPLATES_OPERATION_DOCS,
  ...SIGNATURES_OPERATION_DOCS,
}

export const EXTRA_TAGS: { name: string; prefixes: string[]; description: string }[] = [
  ...DIRECTORY_TAGS,
  ...ENTITY_TAGS,
  ...JOB_TAGS,
  ...NETWORK_TAGS,
  ...PLATFORM_SETTINGS_TAGS,
  ...PLATFORM_ANALYTICS_TAGS,
  ...BILLING_OFFICE_TAGS,
  ...PUBLICATIONS_TAGS,
  ...TEMPLATES_TAGS,
  ...SIGNATURES_TAGS,
]
