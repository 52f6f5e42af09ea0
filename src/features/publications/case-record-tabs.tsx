import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs'
import { CaseAndamentos } from './case-andamentos'

/**
 * The case screen's tabs: its own content ('Dados do caso', given as children) and 'Andamentos' (DataJud).
 * The data tab stays mounted while hidden, so switching tabs never loses what was typed in the form.
 */
export function CaseRecordTabs({ caseId, children }: { caseId: string; children: ReactNode }) {
  const { t } = useTranslation('publications')
  const [tab, setTab] = useState('dados')
  return (
    <Tabs value={tab} onValueChange={setTab} className="gap-4">
      <TabsList aria-label={t('andamentos.tabs')}>
        <TabsTrigger value="dados">{t('andamentos.dataTab')}</TabsTrigger>
        <TabsTrigger value="andamentos">{t('andamentos.tab')}</TabsTrigger>
      </TabsList>
      <TabsContent value="dados" forceMount className="grid gap-4 data-[state=inactive]:hidden">
        {children}
      </TabsContent>
      <TabsContent value="andamentos">
        {tab === 'andamentos' && <CaseAndamentos caseId={caseId} />}
      </TabsContent>
    </Tabs>
  )
}
