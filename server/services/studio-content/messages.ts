/**
 * What the studio's content backend tells the artist, in the editor's language (Decap shows the
 * `error` text as it is): refusals naming the file and field, and the schemas' reasons, whose
 * English texts are translated here by their shape.
 */
import { z } from 'zod';
import { chooseLanguage, type Lang } from '../../../src/lib/languages.ts';
import { acceptedLanguages } from '../http/language-redirect.ts';

/** The editor's language: a `lang` the request names, else the browser's Accept-Language. */
export function editorLanguage(named: string | undefined, acceptLanguage: string | undefined): Lang {
  return chooseLanguage(named, acceptedLanguages(acceptLanguage));
}

type Text = Record<Lang, string>;
const text = (pt: string, en: string, es: string): Text => ({ pt, en, es });

/** Every fixed message, by what it says. */
export const MESSAGES = {
  badRequest: text(
    'O pedido não é um que o editor envia.',
    'This is not a request the editor sends.',
    'Esta no es una petición que envíe el editor.',
  ),
  badPath: text(
    'O estúdio não edita este arquivo',
    'The studio does not edit this file',
    'El estudio no edita este archivo',
  ),
  notFound: text('Este arquivo não existe.', 'This file does not exist.', 'Este archivo no existe.'),
  notJson: text('não é um JSON válido', 'is not valid JSON', 'no es un JSON válido'),
  notObject: text('deve conter um objeto { … }', 'must hold one object { … }', 'debe contener un objeto { … }'),
  noFrontMatter: text(
    'deve começar com o cabeçalho entre linhas ---',
    'must start with its header between --- lines',
    'debe empezar con su cabecera entre líneas ---',
  ),
  badYaml: text('o cabeçalho não é YAML válido', 'the header is not valid YAML', 'la cabecera no es YAML válido'),
  yamlAlias: text(
    'usa & ou * (âncoras do YAML): escreva o valor por extenso',
    'uses & or * (YAML anchors): write the value out in full',
    'usa & o * (anclas de YAML): escriba el valor completo',
  ),
  badCharacter: text(
    'contém um caractere invisível ou inválido',
    'holds an invisible or invalid character',
    'contiene un carácter invisible o inválido',
  ),
  tooLarge: text('é grande demais', 'is too large', 'es demasiado grande'),
  notImage: text(
    'não é uma imagem JPG, PNG ou WebP',
    'is not a JPG, PNG or WebP image',
    'no es una imagen JPG, PNG o WebP',
  ),
  wrongExtension: text(
    'a extensão do nome não é a do tipo da imagem',
    "the name's extension is not the image's type",
    'la extensión del nombre no es la del tipo de imagen',
  ),
  required: text(
    'este arquivo é necessário ao site e não pode ser apagado',
    'the site needs this file; it cannot be deleted',
    'el sitio necesita este archivo; no se puede borrar',
  ),
  lastOne: text(
    'é o último desta pasta; o site precisa de pelo menos um',
    'is the last one of its folder; the site needs at least one',
    'es el último de su carpeta; el sitio necesita al menos uno',
  ),
  workflowOff: text(
    'O fluxo editorial está desligado: cada gravação é publicada.',
    'The editorial workflow is off: every save is published.',
    'El flujo editorial está desactivado: cada guardado se publica.',
  ),
  unknownCommit: text(
    'Esta versão não está no histórico do arquivo.',
    "This version is not in the file's history.",
    'Esta versión no está en el historial del archivo.',
  ),
  signedOut: text('Entre no estúdio de novo.', 'Please sign in to the studio again.', 'Vuelva a entrar en el estudio.'),
  failed: text(
    'Não foi possível gravar agora. Tente de novo em instantes.',
    'Could not save right now. Please try again in a moment.',
    'No se pudo guardar ahora. Inténtelo de nuevo en un momento.',
  ),
} satisfies Record<string, Text>;

/** `cover: ./covers/x.jpg` missing. */
export const coverMissing = (cover: string): Text =>
  text(`a imagem ${cover} não existe`, `the image ${cover} does not exist`, `la imagen ${cover} no existe`);
/** Saved, but the video service gave no picture for these videos: the site draws one until publishing gets it. */
export const thumbnailMissing = (ids: readonly string[]): Text =>
  text(
    `Salvo. Não consegui buscar a imagem do vídeo ${ids.join(', ')} no YouTube: o site mostra uma imagem provisória, e a publicação tenta de novo. Você também pode enviar uma imagem sua.`,
    `Saved. The picture of video ${ids.join(', ')} could not be fetched from YouTube: the site shows a stand-in, and publishing tries again. You can also upload a picture of your own.`,
    `Guardado. No pude traer la imagen del vídeo ${ids.join(', ')} de YouTube: el sitio muestra una imagen provisional, y la publicación lo intenta de nuevo. También puedes subir una imagen tuya.`,
  );
/** A hero key another release already names. */
export const heroKeyTaken = (key: string, other: string): Text =>
  text(
    `a tecla ${key} já apresenta ${other}; uma tecla apresenta um só lançamento`,
    `the key ${key} already presents ${other}; a key presents one release`,
    `la tecla ${key} ya presenta ${other}; una tecla presenta un solo lanzamiento`,
  );
/** A video id listed twice in videos.json. */
export const listedTwice = (id: string): Text =>
  text(`o vídeo ${id} está na lista duas vezes`, `the video ${id} is listed twice`, `el vídeo ${id} está dos veces`);
/** A track's file whose folder names no release file. */
export const noSuchRelease = (release: string): Text =>
  text(
    `não há um lançamento releases/${release}.json para esta faixa`,
    `there is no release releases/${release}.json for this track`,
    `no hay un lanzamiento releases/${release}.json para esta pista`,
  );
/** A track's file whose `release` names another release than its folder does. */
export const otherRelease = (named: string, folder: string): Text =>
  text(
    `diz ${named}, mas o arquivo está na pasta de ${folder}`,
    `says ${named}, but the file is in the folder of ${folder}`,
    `dice ${named}, pero el archivo está en la carpeta de ${folder}`,
  );
/** An image a release still shows. */
export const imageInUse = (release: string): Text =>
  text(`${release} ainda usa esta imagem`, `${release} still uses this image`, `${release} todavía usa esta imagen`);

/** The content schemas' own reasons (English), by their shape, in Portuguese and Spanish. */
const SCHEMA_REASONS: [RegExp, (rest: string) => Omit<Text, 'en'>][] = [
  [/^must be one of (.*)$/, (rest) => ({ pt: `deve ser um de: ${rest}`, es: `debe ser uno de: ${rest}` })],
  [
    /^must be a link to (.*)$/,
    (rest) => ({
      pt: `deve ser um link para ${rest.replace(' or ', ' ou ')}`,
      es: `debe ser un enlace a ${rest.replace(' or ', ' o ')}`,
    }),
  ],
  [
    /^must be an https:\/\/ URL$/,
    () => ({ pt: 'deve ser um endereço https://', es: 'debe ser una dirección https://' }),
  ],
  [
    /^must be a path under public\/, starting with \/$/,
    () => ({
      pt: 'deve ser um caminho em public/, começando com /',
      es: 'debe ser una ruta en public/, empezando por /',
    }),
  ],
  [
    /^must be an 11-character video id$/,
    () => ({ pt: 'deve ser o id de um vídeo, com 11 caracteres', es: 'debe ser el id de un vídeo, de 11 caracteres' }),
  ],
  [
    /^must be YYYY-MM or YYYY-MM-DD$/,
    () => ({ pt: 'deve ser AAAA-MM ou AAAA-MM-DD', es: 'debe ser AAAA-MM o AAAA-MM-DD' }),
  ],
  [/^must be M:SS$/, () => ({ pt: 'deve ser M:SS', es: 'debe ser M:SS' })],
  [
    /^must be a JPG, PNG or WebP path relative to the file, like (.*)$/,
    (rest) => ({
      pt: `deve ser o caminho de uma imagem JPG, PNG ou WebP relativo ao arquivo, como ${rest}`,
      es: `debe ser la ruta de una imagen JPG, PNG o WebP relativa al archivo, como ${rest}`,
    }),
  ],
  [
    /^must be a real date written DD\/MM\/YYYY$/,
    () => ({ pt: 'deve ser uma data real escrita DD/MM/AAAA', es: 'debe ser una fecha real escrita DD/MM/AAAA' }),
  ],
];

/** A schema's reason in `lang`: its own English text translated by shape, else as it is. */
export function schemaReason(message: string, lang: Lang): string {
  if (lang === 'en') return message;
  for (const [shape, translate] of SCHEMA_REASONS) {
    const match = shape.exec(message);
    if (match) return translate(match[1] ?? '')[lang];
  }
  return message;
}

const LOCALES = { pt: z.locales.pt, en: z.locales.en, es: z.locales.es };

/** Zod's own messages (a missing field, a text too long) in `lang`, for `safeParse`'s `error` option. */
export function zodErrorMap(lang: Lang): z.core.$ZodErrorMap {
  return LOCALES[lang]().localeError;
}
