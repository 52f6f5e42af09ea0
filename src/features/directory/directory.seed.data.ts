import type { Uf } from '../../lib/br/uf'

// Demo data for the directory seed (seed:demo --profiles, bench directory): common Brazilian given names and
// surnames (accents included, so the accent-insensitive search is exercised), and where lawyers are:
// roughly the share of each OAB section in the national total, and capitals weigh most.

export const SEED_FIRST_NAMES = (
  'Ana Maria João José Antônio Francisco Carlos Paulo Pedro Lucas Luiz Marcos Luís Gabriel Rafael Daniel ' +
  'Marcelo Bruno Eduardo Felipe Rodrigo Mateus André Fernando Fábio Leonardo Gustavo Guilherme Francisca ' +
  'Antônia Adriana Juliana Márcia Fernanda Patrícia Aline Sandra Camila Amanda Bruna Jéssica Letícia Júlia ' +
  'Luciana Vanessa Mariana Gabriela Beatriz Larissa Renata Cristina Sílvia Helena Cecília Vitória Otávio ' +
  'Vinícius Caio Thiago Heitor Ícaro Lívia Débora Simone Tânia Rogério Sérgio Cláudio Mônica Flávia Priscila'
).split(' ')

export const SEED_SURNAMES = (
  'Silva Santos Oliveira Souza Rodrigues Ferreira Alves Pereira Lima Gomes Costa Ribeiro Martins Carvalho ' +
  'Almeida Lopes Soares Fernandes Vieira Barbosa Rocha Dias Nascimento Andrade Moreira Nunes Marques Machado ' +
  'Mendes Freitas Cardoso Ramos Gonçalves Santana Teixeira Araújo Moura Cavalcanti Monteiro Batista Castro ' +
  'Campos Pinto Correia Azevedo Cunha Barros Reis Duarte Sampaio Magalhães Xavier Brandão Farias Siqueira ' +
  'Tavares Peixoto Queiroz Borges Fonseca Assunção Conceição Guimarães Leão Falcão Müller Schmidt Yamamoto'
).split(' ')

/** [UF, capital (IBGE name), weight ‰ of lawyers] */
export const SEED_STATES: readonly [Uf, string, number][] = [
  ['SP', 'São Paulo', 280],
  ['RJ', 'Rio de Janeiro', 120],
  ['MG', 'Belo Horizonte', 100],
  ['RS', 'Porto Alegre', 70],
  ['PR', 'Curitiba', 60],
  ['BA', 'Salvador', 45],
  ['SC', 'Florianópolis', 35],
  ['GO', 'Goiânia', 30],
  ['PE', 'Recife', 30],
  ['DF', 'Brasília', 30],
  ['CE', 'Fortaleza', 25],
  ['ES', 'Vitória', 18],
  ['PA', 'Belém', 18],
  ['MT', 'Cuiabá', 15],
  ['MS', 'Campo Grande', 14],
  ['MA', 'São Luís', 14],
  ['PB', 'João Pessoa', 12],
  ['RN', 'Natal', 11],
  ['AM', 'Manaus', 11],
  ['PI', 'Teresina', 10],
  ['AL', 'Maceió', 9],
  ['SE', 'Aracaju', 8],
  ['RO', 'Porto Velho', 7],
  ['TO', 'Palmas', 6],
  ['AC', 'Rio Branco', 3],
  ['AP', 'Macapá', 3],
  ['RR', 'Boa Vista', 3],
]

export const SEED_BIOS = [
  'Advocacia consultiva e contenciosa com atendimento próximo e linguagem clara.',
  'Atuação em tribunais estaduais e superiores, com foco em soluções consensuais.',
  'Mais de uma década de experiência, atendimento presencial e online em todo o Brasil.',
  'Escritório boutique: cada caso acompanhado do início ao fim pela mesma advogada.',
  'Prevenção de litígios, contratos bem feitos e defesa firme quando necessário.',
]
