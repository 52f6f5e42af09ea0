// Spec §2 "Dashboard home": the student and entity panels hold hard-coded sample figures and lists (no
// persistence). The screens label them as examples.

export const STUDENT_SAMPLE = {
  stats: { applications: 3, savedJobs: 7, events: 2, connections: 24 },
  jobs: [
    {
      id: 'j1',
      title: 'Estágio em Direito Civil',
      company: 'Silva & Associados',
      location: 'São Paulo, SP',
      type: 'Estágio',
    },
    {
      id: 'j2',
      title: 'Estágio em Direito Trabalhista',
      company: 'Costa Advocacia',
      location: 'Campinas, SP',
      type: 'Estágio',
    },
    {
      id: 'j3',
      title: 'Programa de Trainee Jurídico',
      company: 'Grupo Horizonte',
      location: 'Remoto',
      type: 'Trainee',
    },
  ],
  events: [
    { id: 'e1', title: 'Workshop: Prática Processual Civil', inDays: 6, place: 'Online' },
    { id: 'e2', title: 'Mentoria com advogados trabalhistas', inDays: 14, place: 'São Paulo, SP' },
  ],
}

export const ENTITY_SAMPLE = {
  stats: { openJobs: 4, applications: 38, profileViews: 1240, partners: 12 },
  applications: [
    { id: 'a1', name: 'Lucas Pereira', role: 'Estágio em Direito Empresarial', status: 'Em análise' },
    { id: 'a2', name: 'Fernanda Lima', role: 'Advogado(a) Pleno - Tributário', status: 'Entrevista' },
    { id: 'a3', name: 'Rafael Souza', role: 'Estágio em Direito Empresarial', status: 'Novo' },
  ],
  jobs: [
    { id: 'v1', title: 'Advogado(a) Pleno - Tributário', applicants: 14 },
    { id: 'v2', title: 'Estágio em Direito Empresarial', applicants: 21 },
  ],
}
