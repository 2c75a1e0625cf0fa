/**
 * The words of the studio's fans' list in Portuguese, English and Spanish: the counts, the
 * chart of joins and leaves, the list and its states, erasing, the exports and the import.
 * A count has its words for none, one and more (`{count}` is the number).
 */
import type { Lang } from '../../src/lib/languages.ts';
import type { FanState } from '../../src/lib/studio-fans.ts';
import { LANGUAGE_NAMES } from '../texts.ts';

/** A count's sentence: for none (when it says more than "0 …"), for one, and for more. */
export interface CountWords {
  none?: string;
  one: string;
  many: string;
}

const pt = {
  heading: 'Fãs',
  intro:
    'Quem se inscreveu no site para receber notícias por e-mail. Só entra na lista quem confirma o endereço pelo link que recebe.',
  loading: 'Carregando a lista de fãs…',
  loaded: 'Lista de fãs atualizada.',
  confirmed: {
    none: 'Ainda não há fãs confirmados.',
    one: '1 fã confirmado',
    many: '{count} fãs confirmados',
  } satisfies CountWords,
  inLanguage: '{count} em {language}',
  byLanguage: 'Por idioma',
  waiting: {
    none: 'Ninguém aguarda confirmação.',
    one: '1 inscrição aguarda a confirmação do endereço.',
    many: '{count} inscrições aguardam a confirmação do endereço.',
  } satisfies CountWords,
  refused: {
    none: 'Nenhum endereço recusado.',
    one: '1 endereço foi recusado pelo servidor de e-mail e não recebe mais nada.',
    many: '{count} endereços foram recusados pelo servidor de e-mail e não recebem mais nada.',
  } satisfies CountWords,
  weeks: 'Entradas e saídas por semana',
  weeksChart: 'Nas últimas {weeks} semanas, entradas: {joins}; saídas: {leaves}; no máximo {max} numa semana.',
  joined: 'Entraram',
  left: 'Saíram',
  week: 'Semana de',
  asTable: 'Ver em tabela',
  list: 'Todos os fãs',
  search: 'Procurar um endereço',
  shown: 'Mostrando {shown} de {count}.',
  noMatch: 'Nenhum endereço com “{text}”.',
  empty: 'A lista ainda está vazia.',
  showMore: 'Mostrar mais',
  language: 'Idioma',
  languages: LANGUAGE_NAMES.pt,
  states: {
    waiting: 'aguarda confirmação',
    confirmed: 'confirmado',
    refused: 'recusado pelo servidor de e-mail',
  } satisfies Record<FanState, string>,
  since: 'desde {date}',
  erase: 'Apagar',
  eraseLabel: 'Apagar {email}',
  eraseHeading: 'Apagar este fã da lista?',
  eraseText:
    '{email} sai da lista e é apagado de vez, com os e-mails que esperavam para lhe ser enviados. Não dá para desfazer.',
  eraseConfirm: 'Sim, apagar',
  cancel: 'Cancelar',
  erased: '{email} foi apagado da lista.',
  exports: 'Exportar',
  exportCsv: 'Exportar todos (planilha, CSV)',
  exportJson: 'Exportar todos (JSON)',
  importHeading: 'Importar endereços',
  importIntro:
    'Cada endereço importado recebe um e-mail pedindo para confirmar, e só entra na lista se confirmar. Quem já saiu da lista não recebe nada.',
  importHow:
    'Um endereço por linha, ou um arquivo CSV com uma coluna “email” (e, se quiser, uma coluna “lang” com pt, en ou es).',
  importFile: 'Escolher um arquivo CSV',
  importText: 'Endereços',
  importLang: 'Idioma dos endereços sem idioma indicado',
  importButton: 'Importar',
  fileRead: 'Arquivo “{name}” lido: {lines} linha(s). Confira e toque em Importar.',
  importEmpty: 'Cole os endereços ou escolha um arquivo primeiro.',
  importTooLong: 'A lista é longa demais: no máximo {max} caracteres de cada vez. Divida-a em partes.',
  importing: 'Importando…',
  queued: {
    none: 'nenhum endereço novo para convidar',
    one: '1 vai receber um e-mail pedindo para confirmar',
    many: '{count} vão receber um e-mail pedindo para confirmar',
  } satisfies CountWords,
  known: {
    one: '1 já estava na lista',
    many: '{count} já estavam na lista',
  } satisfies CountWords,
  wasLeft: {
    one: '1 tinha saído da lista e foi ignorado',
    many: '{count} tinham saído da lista e foram ignorados',
  } satisfies CountWords,
  invalid: {
    one: '1 linha não pôde ser lida',
    many: '{count} linhas não puderam ser lidas',
  } satisfies CountWords,
  invalidLine: 'Linha {line} {problem}.',
  invalidLineText: 'Linha {line} {problem}: “{text}”',
  invalidMore: '… e mais {count} linha(s).',
  problems: {
    missing: 'não tem endereço',
    tooLong: 'tem um endereço longo demais',
    notAddress: 'não é um endereço',
  },
};

export type FansTexts = typeof pt;

const en: FansTexts = {
  heading: 'Fans',
  intro:
    'People who signed up on the site to get news by email. Only those who confirm their address through the link they receive are on the list.',
  loading: 'Loading the fans’ list…',
  loaded: 'Fans’ list updated.',
  confirmed: {
    none: 'No confirmed fans yet.',
    one: '1 confirmed fan',
    many: '{count} confirmed fans',
  },
  inLanguage: '{count} in {language}',
  byLanguage: 'By language',
  waiting: {
    none: 'Nobody is waiting to confirm.',
    one: '1 sign-up is waiting for its address to be confirmed.',
    many: '{count} sign-ups are waiting for their address to be confirmed.',
  },
  refused: {
    none: 'No address refused.',
    one: '1 address was refused by its mail server and gets nothing more.',
    many: '{count} addresses were refused by their mail server and get nothing more.',
  },
  weeks: 'Joins and leaves per week',
  weeksChart: 'In the last {weeks} weeks, joins: {joins}; leaves: {leaves}; at most {max} in one week.',
  joined: 'Joined',
  left: 'Left',
  week: 'Week of',
  asTable: 'Show as a table',
  list: 'All fans',
  search: 'Find an address',
  shown: 'Showing {shown} of {count}.',
  noMatch: 'No address with “{text}”.',
  empty: 'The list is empty so far.',
  showMore: 'Show more',
  language: 'Language',
  languages: LANGUAGE_NAMES.en,
  states: {
    waiting: 'waiting to confirm',
    confirmed: 'confirmed',
    refused: 'refused by the mail server',
  },
  since: 'since {date}',
  erase: 'Erase',
  eraseLabel: 'Erase {email}',
  eraseHeading: 'Erase this fan from the list?',
  eraseText:
    '{email} leaves the list and is erased for good, with any mail waiting to be sent to them. This cannot be undone.',
  eraseConfirm: 'Yes, erase',
  cancel: 'Cancel',
  erased: '{email} was erased from the list.',
  exports: 'Export',
  exportCsv: 'Export all (spreadsheet, CSV)',
  exportJson: 'Export all (JSON)',
  importHeading: 'Import addresses',
  importIntro:
    'Each imported address gets a mail asking it to confirm, and joins the list only if it confirms. Those who left the list get nothing.',
  importHow:
    'One address per line, or a CSV file with an “email” column (and, if you like, a “lang” column with pt, en or es).',
  importFile: 'Choose a CSV file',
  importText: 'Addresses',
  importLang: 'Language of the addresses that name none',
  importButton: 'Import',
  fileRead: 'File “{name}” read: {lines} line(s). Check it and press Import.',
  importEmpty: 'Paste the addresses or choose a file first.',
  importTooLong: 'The list is too long: at most {max} characters at a time. Split it into parts.',
  importing: 'Importing…',
  queued: {
    none: 'no new address to ask',
    one: '1 will get a mail asking them to confirm',
    many: '{count} will get a mail asking them to confirm',
  },
  known: {
    one: '1 was already on the list',
    many: '{count} were already on the list',
  },
  wasLeft: {
    one: '1 had left the list and was skipped',
    many: '{count} had left the list and were skipped',
  },
  invalid: {
    one: '1 line could not be read',
    many: '{count} lines could not be read',
  },
  invalidLine: 'Line {line} {problem}.',
  invalidLineText: 'Line {line} {problem}: “{text}”',
  invalidMore: '… and {count} more line(s).',
  problems: {
    missing: 'holds no address',
    tooLong: 'holds an address that is too long',
    notAddress: 'is not an address',
  },
};

const es: FansTexts = {
  heading: 'Fans',
  intro:
    'Quienes se inscribieron en el sitio para recibir noticias por correo. Solo entra en la lista quien confirma su dirección con el enlace que recibe.',
  loading: 'Cargando la lista de fans…',
  loaded: 'Lista de fans actualizada.',
  confirmed: {
    none: 'Todavía no hay fans confirmados.',
    one: '1 fan confirmado',
    many: '{count} fans confirmados',
  },
  inLanguage: '{count} en {language}',
  byLanguage: 'Por idioma',
  waiting: {
    none: 'Nadie espera confirmar.',
    one: '1 inscripción espera la confirmación de su dirección.',
    many: '{count} inscripciones esperan la confirmación de su dirección.',
  },
  refused: {
    none: 'Ninguna dirección rechazada.',
    one: '1 dirección fue rechazada por su servidor de correo y no recibe nada más.',
    many: '{count} direcciones fueron rechazadas por su servidor de correo y no reciben nada más.',
  },
  weeks: 'Altas y bajas por semana',
  weeksChart: 'En las últimas {weeks} semanas, altas: {joins}; bajas: {leaves}; como máximo {max} en una semana.',
  joined: 'Altas',
  left: 'Bajas',
  week: 'Semana del',
  asTable: 'Ver como tabla',
  list: 'Todos los fans',
  search: 'Buscar una dirección',
  shown: 'Mostrando {shown} de {count}.',
  noMatch: 'Ninguna dirección con «{text}».',
  empty: 'La lista todavía está vacía.',
  showMore: 'Mostrar más',
  language: 'Idioma',
  languages: LANGUAGE_NAMES.es,
  states: {
    waiting: 'espera confirmar',
    confirmed: 'confirmado',
    refused: 'rechazado por el servidor de correo',
  },
  since: 'desde el {date}',
  erase: 'Borrar',
  eraseLabel: 'Borrar {email}',
  eraseHeading: '¿Borrar este fan de la lista?',
  eraseText:
    '{email} sale de la lista y se borra para siempre, con los correos que esperaban para enviársele. No se puede deshacer.',
  eraseConfirm: 'Sí, borrar',
  cancel: 'Cancelar',
  erased: '{email} fue borrado de la lista.',
  exports: 'Exportar',
  exportCsv: 'Exportar todos (hoja de cálculo, CSV)',
  exportJson: 'Exportar todos (JSON)',
  importHeading: 'Importar direcciones',
  importIntro:
    'Cada dirección importada recibe un correo que le pide confirmar, y solo entra en la lista si confirma. Quien ya salió de la lista no recibe nada.',
  importHow:
    'Una dirección por línea, o un archivo CSV con una columna «email» (y, si quiere, una columna «lang» con pt, en o es).',
  importFile: 'Elegir un archivo CSV',
  importText: 'Direcciones',
  importLang: 'Idioma de las direcciones que no indican ninguno',
  importButton: 'Importar',
  fileRead: 'Archivo «{name}» leído: {lines} línea(s). Revíselo y pulse Importar.',
  importEmpty: 'Pegue las direcciones o elija un archivo primero.',
  importTooLong: 'La lista es demasiado larga: como máximo {max} caracteres cada vez. Divídala en partes.',
  importing: 'Importando…',
  queued: {
    none: 'ninguna dirección nueva a la que pedir confirmación',
    one: '1 recibirá un correo que le pide confirmar',
    many: '{count} recibirán un correo que les pide confirmar',
  },
  known: {
    one: '1 ya estaba en la lista',
    many: '{count} ya estaban en la lista',
  },
  wasLeft: {
    one: '1 había salido de la lista y se omitió',
    many: '{count} habían salido de la lista y se omitieron',
  },
  invalid: {
    one: '1 línea no se pudo leer',
    many: '{count} líneas no se pudieron leer',
  },
  invalidLine: 'Línea {line} {problem}.',
  invalidLineText: 'Línea {line} {problem}: «{text}»',
  invalidMore: '… y {count} línea(s) más.',
  problems: {
    missing: 'no tiene dirección',
    tooLong: 'tiene una dirección demasiado larga',
    notAddress: 'no es una dirección',
  },
};

export const FANS_TEXTS: Record<Lang, FansTexts> = { pt, en, es };
