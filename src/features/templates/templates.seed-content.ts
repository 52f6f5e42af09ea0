import type { TemplateKind } from './templates.schema'

// The five templates every office starts with (issue 25), in the editor's HTML subset (p, h1–h3, strong, em,
// u, ul/ol/li, br; text-align on p/h*) with `{grupo.campo}` merge fields (merge-fields.ts; a test checks
// that every field used here is known).
//
// Choices that shape the texts:
// - Contrato: ONE honorários clause, `{honorarios.clausula}`, which merge-values.ts writes for the modality
//   chosen when generating (fixo, parcelado or ad exitum, with the amounts in R$ and por extenso). The
//   document thus never carries the clauses of the other modalities, and an office that edits the template
//   keeps the behaviour by keeping the field.
// - Substabelecimento: ONE template for both kinds. The reserva is the field
//   `{advogado.substabelecimento_reserva}` ('com reserva' / 'sem reserva', read in '… substabelece, com reserva
//   de iguais poderes, …'), typed in the preview together with the substabelecido's name and OAB, which no
//   record holds. Left empty, the final document prints a blank to fill by hand.
// - Dates and the forum: `{data.cidade}, {data.extenso}` rather than `{data.local_extenso}`, so a missing city
//   blanks the city only, not the date.

export interface SeedTemplate {
  /** Stable per seed: the office's row keeps it (unique per office), so a seed is inserted once. */
  key: string
  name: string
  kind: Extract<TemplateKind, 'procuracao' | 'contrato' | 'declaracao' | 'substabelecimento' | 'recibo'>
  html: string
}

const J = 'style="text-align: justify"'
const C = 'style="text-align: center"'

/** A centred signature block: the line, then the name and a second line (OAB, CPF/CNPJ or role). */
const signature = (name: string, detail: string) =>
  `<p ${C}>_______________________________________<br>${name}<br>${detail}</p>`

const PROCURACAO = [
  `<h1 ${C}>PROCURAÇÃO <em>AD JUDICIA ET EXTRA</em></h1>`,
  `<p ${J}><strong>OUTORGANTE:</strong> {cliente.qualificacao}.</p>`,
  `<p ${J}><strong>OUTORGADO:</strong> {advogado.nome}, advogado(a), {advogado.oab}, e-mail {advogado.email}, ` +
    'integrante de {escritorio.nome}, com escritório profissional em {escritorio.endereco}, onde recebe ' +
    'intimações.</p>',
  `<p ${J}><strong>PODERES:</strong> pelo presente instrumento particular de mandato, o OUTORGANTE nomeia e ` +
    'constitui seu bastante procurador o OUTORGADO, a quem confere os poderes da cláusula <em>ad judicia et ' +
    'extra</em> para o foro em geral, podendo propor as ações competentes e defender o OUTORGANTE nas ' +
    'contrárias, seguindo umas e outras até final decisão, em qualquer juízo, instância ou tribunal, usar dos ' +
    'recursos legais e acompanhá-los, bem como representá-lo perante repartições públicas e órgãos da ' +
    'administração pública direta e indireta, federais, estaduais e municipais, cartórios e pessoas jurídicas ' +
    'de direito privado, requerendo, assinando e praticando todos os atos necessários.</p>',
  `<p ${J}><strong>PODERES ESPECIAIS:</strong> confere ainda os poderes especiais previstos no art. 105 do ` +
    'Código de Processo Civil para receber citação, confessar, reconhecer a procedência do pedido, transigir, ' +
    'desistir, renunciar ao direito sobre o qual se funda a ação, receber, dar quitação, firmar compromisso e ' +
    'assinar declaração de hipossuficiência econômica, podendo ainda substabelecer esta a outrem, com ou sem ' +
    'reserva de iguais poderes, dando tudo por bom, firme e valioso.</p>',
  `<p ${J}>{data.cidade}, {data.extenso}.</p>`,
  signature('{cliente.nome}', '{cliente.cpf_cnpj}'),
].join('')

const CONTRATO = [
  `<h1 ${C}>CONTRATO DE PRESTAÇÃO DE SERVIÇOS ADVOCATÍCIOS</h1>`,
  `<p ${J}>Pelo presente instrumento particular, as partes abaixo qualificadas:</p>`,
  `<p ${J}><strong>CONTRATANTE:</strong> {cliente.qualificacao};</p>`,
  `<p ${J}><strong>CONTRATADO:</strong> {advogado.nome}, advogado(a), {advogado.oab}, e-mail ` +
    '{advogado.email}, integrante de {escritorio.nome}, com escritório profissional em ' +
    '{escritorio.endereco};</p>',
  `<p ${J}>têm entre si justo e contratado o presente Contrato de Prestação de Serviços Advocatícios, que se ` +
    'regerá pelas cláusulas seguintes e pela Lei nº 8.906/1994 (Estatuto da Advocacia e da OAB).</p>',
  '<h2>CLÁUSULA PRIMEIRA – DO OBJETO</h2>',
  `<p ${J}>O presente contrato tem por objeto a prestação, pelo CONTRATADO, de serviços profissionais de ` +
    'advocacia ao CONTRATANTE referentes a: {caso.titulo} (área {caso.area}), compreendendo a atuação ' +
    'judicial e extrajudicial necessária à defesa dos interesses do CONTRATANTE, até decisão final.</p>',
  '<h2>CLÁUSULA SEGUNDA – DAS OBRIGAÇÕES DO CONTRATADO</h2>',
  `<p ${J}>O CONTRATADO obriga-se a empregar todo o zelo e diligência na condução dos serviços, a manter o ` +
    'CONTRATANTE informado sobre o andamento da causa sempre que solicitado e a guardar sigilo sobre as ' +
    'informações recebidas, nos termos do Estatuto da Advocacia e do Código de Ética e Disciplina da OAB. A ' +
    'obrigação assumida é de meio, não de resultado.</p>',
  '<h2>CLÁUSULA TERCEIRA – DAS OBRIGAÇÕES DO CONTRATANTE</h2>',
  `<p ${J}>O CONTRATANTE obriga-se a fornecer ao CONTRATADO, com veracidade e em tempo hábil, os documentos e ` +
    'as informações necessários, a comunicar qualquer mudança de endereço, telefone ou e-mail e a pagar os ' +
    'honorários ajustados. As custas, emolumentos, perícias e demais despesas processuais ou de diligências ' +
    'não estão incluídos nos honorários e correm por conta do CONTRATANTE.</p>',
  '<h2>CLÁUSULA QUARTA – DOS HONORÁRIOS</h2>',
  `<p ${J}>{honorarios.clausula}</p>`,
  `<p ${J}><strong>Parágrafo primeiro.</strong> Os honorários de sucumbência, se houver, pertencem ao ` +
    'CONTRATADO, nos termos do art. 23 da Lei nº 8.906/1994, sem prejuízo dos honorários aqui ajustados.</p>',
  `<p ${J}><strong>Parágrafo segundo.</strong> O atraso no pagamento sujeitará o CONTRATANTE a multa de 2% ` +
    '(dois por cento), juros de mora de 1% (um por cento) ao mês e correção monetária pelo IPCA.</p>',
  '<h2>CLÁUSULA QUINTA – DA VIGÊNCIA</h2>',
  `<p ${J}>Este contrato vigora a partir da data de sua assinatura até a conclusão dos serviços contratados, ` +
    'com o trânsito em julgado da decisão final ou a celebração de acordo que encerre a causa.</p>',
  '<h2>CLÁUSULA SEXTA – DA RESCISÃO</h2>',
  `<p ${J}>Qualquer das partes poderá rescindir este contrato mediante comunicação por escrito. Revogado o ` +
    'mandato pelo CONTRATANTE sem culpa do CONTRATADO, serão devidos os honorários proporcionais aos serviços ' +
    'já prestados, sem prejuízo dos honorários de sucumbência. Renunciando o CONTRATADO, este continuará a ' +
    'representar o CONTRATANTE durante os 10 (dez) dias seguintes à notificação, salvo se substituído antes, ' +
    'nos termos do art. 5º, § 3º, da Lei nº 8.906/1994 e do art. 112 do Código de Processo Civil.</p>',
  '<h2>CLÁUSULA SÉTIMA – DO FORO</h2>',
  `<p ${J}>Fica eleito o foro da comarca de {data.cidade} para dirimir quaisquer questões oriundas deste ` +
    'contrato, com renúncia a qualquer outro, por mais privilegiado que seja.</p>',
  `<p ${J}>E, por estarem justas e contratadas, as partes assinam o presente instrumento, inclusive por meio ` +
    'eletrônico, juntamente com duas testemunhas.</p>',
  `<p ${J}>{data.cidade}, {data.extenso}.</p>`,
  signature('{cliente.nome}', 'CONTRATANTE'),
  signature('{advogado.nome} – {advogado.oab}', 'CONTRATADO'),
  '<p><strong>Testemunhas:</strong></p>',
  '<p>1. _____________________________ Nome: ____________________ CPF: ______________</p>',
  '<p>2. _____________________________ Nome: ____________________ CPF: ______________</p>',
].join('')

const DECLARACAO = [
  `<h1 ${C}>DECLARAÇÃO DE HIPOSSUFICIÊNCIA ECONÔMICA</h1>`,
  `<p ${J}>{cliente.qualificacao}, <strong>DECLARA</strong>, para os fins dos arts. 98 e seguintes do Código ` +
    'de Processo Civil (Lei nº 13.105/2015) e da Lei nº 1.060/1950, sob as penas da lei, que não possui ' +
    'condições de arcar com as custas e despesas processuais e com os honorários advocatícios sem prejuízo do ' +
    'próprio sustento e do de sua família, razão pela qual requer os benefícios da gratuidade da justiça.</p>',
  `<p ${J}>Declara, ainda, estar ciente de que a falsidade desta declaração sujeita o declarante às sanções ` +
    'civis, administrativas e criminais cabíveis (art. 299 do Código Penal) e de que, revogado o benefício, ' +
    'arcará com as despesas processuais que tiver deixado de adiantar e pagará, em caso de má-fé, multa de ' +
    'até o décuplo de seu valor (art. 100, parágrafo único, do Código de Processo Civil).</p>',
  `<p ${J}>Por ser expressão da verdade, firma a presente.</p>`,
  `<p ${J}>{data.cidade}, {data.extenso}.</p>`,
  signature('{cliente.nome}', '{cliente.cpf_cnpj}'),
].join('')

const SUBSTABELECIMENTO = [
  `<h1 ${C}>SUBSTABELECIMENTO</h1>`,
  `<p ${J}><strong>SUBSTABELECENTE:</strong> {advogado.nome}, advogado(a), {advogado.oab}, e-mail ` +
    '{advogado.email}, com escritório profissional em {escritorio.endereco}.</p>',
  `<p ${J}><strong>SUBSTABELECIDO:</strong> {advogado.substabelecido_nome}, advogado(a), ` +
    '{advogado.substabelecido_oab}.</p>',
  `<p ${J}>Pelo presente instrumento, o SUBSTABELECENTE substabelece ao SUBSTABELECIDO, ` +
    '<strong>{advogado.substabelecimento_reserva} de iguais poderes</strong>, os poderes que lhe foram ' +
    'conferidos por {cliente.nome}, inscrito(a) no CPF/CNPJ sob o nº {cliente.cpf_cnpj}, para atuar nos autos ' +
    'do processo nº {caso.numero_cnj} ({caso.vara}, {caso.tribunal}).</p>',
  `<p ${J}><strong>Parágrafo único.</strong> No substabelecimento com reserva de poderes, o SUBSTABELECENTE ` +
    'continua constituído nos autos, e o SUBSTABELECIDO deve ajustar antecipadamente seus honorários com ele; ' +
    'o substabelecimento sem reserva de poderes pressupõe o prévio e inequívoco conhecimento do cliente ' +
    '(art. 26 do Código de Ética e Disciplina da OAB).</p>',
  `<p ${J}>{data.cidade}, {data.extenso}.</p>`,
  signature('{advogado.nome}', '{advogado.oab}'),
].join('')

const RECIBO = [
  `<h1 ${C}>RECIBO DE HONORÁRIOS ADVOCATÍCIOS</h1>`,
  `<p style="text-align: right"><strong>Valor: {honorarios.valor}</strong></p>`,
  `<p ${J}>Recebi de {cliente.nome}, inscrito(a) no CPF/CNPJ sob o nº {cliente.cpf_cnpj}, a importância de ` +
    '<strong>{honorarios.valor}</strong> ({honorarios.valor_extenso}), referente a honorários advocatícios ' +
    'pelos serviços profissionais prestados, pelo que dou plena quitação do valor recebido.</p>',
  `<p ${J}>{data.cidade}, {data.extenso}.</p>`,
  signature('{advogado.nome} – {advogado.oab}', '{escritorio.nome}'),
].join('')

export const SEED_TEMPLATES: readonly SeedTemplate[] = [
  { key: 'procuracao', name: 'Procuração ad judicia et extra', kind: 'procuracao', html: PROCURACAO },
  {
    key: 'contrato-honorarios',
    name: 'Contrato de Prestação de Serviços Advocatícios',
    kind: 'contrato',
    html: CONTRATO,
  },
  {
    key: 'declaracao-hipossuficiencia',
    name: 'Declaração de Hipossuficiência',
    kind: 'declaracao',
    html: DECLARACAO,
  },
  { key: 'substabelecimento', name: 'Substabelecimento', kind: 'substabelecimento', html: SUBSTABELECIMENTO },
  { key: 'recibo-honorarios', name: 'Recibo de Honorários', kind: 'recibo', html: RECIBO },
]
