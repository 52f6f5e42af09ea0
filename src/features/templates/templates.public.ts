// The templates feature's browser surface (issue 25): the Documentos page's 'Modelos' tab and the
// 'Gerar documento' button of the client and case screens. Both load the feature's code lazily.
export { GenerateDocumentButton } from './generate-document-button'
export { TemplatesTab } from './templates-tab-entry'
