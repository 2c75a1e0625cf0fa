/**
 * The studio's texts in Portuguese (the default), English and Spanish: the artist's choice in
 * the studio, else the browser's language. Other parts of the studio add their own keys.
 */
import { DEFAULT_LANG, isLang, type Lang } from '../src/lib/languages.ts';
import type { StudioErrorCode, StudioSection } from '../src/lib/studio-auth.ts';

export type StudioLang = Lang;

const pt = {
  title: 'Estúdio',
  loading: 'Carregando…',
  signInHeading: 'Entrar no estúdio',
  signInIntro: 'Use a chave de acesso salva neste aparelho.',
  signIn: 'Entrar com a sua chave de acesso',
  invitationHeading: 'Olá, {name}',
  invitationIntro: 'Crie a sua chave de acesso para editar o site. Ela fica salva neste aparelho.',
  createPasskey: 'Criar a minha chave de acesso',
  signedInAs: 'Conectado como {name}',
  signOut: 'Sair',
  signOutEverywhere: 'Sair de todos os aparelhos',
  language: 'Idioma do estúdio',
  addPasskey: 'Adicionar outra chave de acesso',
  passkeyAdded: 'Chave de acesso adicionada.',
  account: 'Conta',
  sectionsMenu: 'Partes do estúdio',
  sections: {
    content: 'Conteúdo',
    music: 'Música',
    messages: 'Mensagens',
    fans: 'Fãs',
    numbers: 'Números',
  } satisfies Record<StudioSection, string>,
  passkeys: {
    heading: 'As suas chaves de acesso',
    defaultName: 'Chave de acesso de {date}',
    added: 'Adicionada em {date}',
    lastUsed: 'Último uso: {date}',
    neverUsed: 'Ainda não usada para entrar',
    thisSession: 'Esta sessão entrou com ela',
    rename: 'Renomear {name}',
    renameShort: 'Renomear',
    nameLabel: 'Nome da chave de acesso',
    save: 'Guardar nome',
    cancel: 'Cancelar',
    remove: 'Remover {name}',
    removeHeading: 'Remover esta chave de acesso?',
    removeText:
      'Ela deixa de servir para entrar, e as sessões abertas com ela terminam. Para confirmar, use uma das suas chaves de acesso.',
    removeConfirm: 'Remover',
    onlyOne: 'É a sua única chave de acesso: para a remover, adicione outra primeiro.',
    removed: 'Chave de acesso removida.',
    confirm: 'Confirme que é você com uma das suas chaves de acesso.',
    createNow: 'Confirmado. Crie agora a nova chave de acesso, neste aparelho ou noutro.',
    create: 'Criar a nova chave de acesso',
    everywhereNote:
      'Sair de todos os aparelhos termina as sessões, mas as chaves de acesso continuam a servir para entrar. Remova as que não reconhece, ou todas menos a que usar para confirmar.',
    removeOthers: 'Remover as outras chaves e sair de todos os aparelhos',
    removeOthersHeading: 'Remover as outras chaves de acesso?',
    removeOthersText:
      'Fica só a chave de acesso com que confirmar a seguir; as outras deixam de servir e todas as sessões terminam.',
    signedOutEverywhere: 'Saiu de todos os aparelhos. As suas chaves de acesso continuam a servir para entrar.',
  },
  cancelled: 'O pedido foi cancelado. Tente de novo.',
  unsupported: 'Este navegador não suporta chaves de acesso. Abra este endereço no Safari, Chrome, Firefox ou Edge.',
  offline: 'Não foi possível contatar o servidor. Verifique a conexão.',
  errors: {
    SESSION_REQUIRED: 'A sua sessão terminou. Entre de novo.',
    ORIGIN_REFUSED: 'Este pedido não veio do estúdio.',
    STUDIO_TOKEN_REQUIRED: 'Este pedido não veio da página do estúdio. Recarregue a página e tente de novo.',
    RATE_LIMITED: 'Muitas tentativas. Espere um minuto e tente de novo.',
    INVALID_REQUEST: 'O pedido não é válido.',
    INVITATION_INVALID: 'Este convite já não é válido. Peça um novo.',
    CHALLENGE_EXPIRED: 'Demorou demais. Tente de novo.',
    PASSKEY_REJECTED: 'Esta chave de acesso não foi aceite.',
    STEP_UP_REQUIRED: 'Confirme primeiro com uma das suas chaves de acesso.',
    LAST_PASSKEY: 'Esta é a sua única chave de acesso: adicione outra antes de a remover.',
    NOT_FOUND: 'Não encontrado.',
    STUDIO_UNAVAILABLE: 'O estúdio não está disponível agora.',
    SERVER_ERROR: 'Algo deu errado do nosso lado. Tente mais tarde.',
    UPLOAD_NOT_AUDIO: 'Este arquivo não é áudio num formato que o site toque (WAV, FLAC, MP3, AAC, Ogg, Opus).',
    UPLOAD_EMPTY: 'Este arquivo está vazio.',
    UPLOAD_TOO_LARGE: 'Este arquivo é grande demais para o servidor.',
    DISK_FULL: 'O disco do servidor está cheio. Nada foi guardado.',
    ALREADY_EXISTS: 'Já existe uma lista com este nome.',
  } satisfies Record<StudioErrorCode, string>,
};

export type StudioTexts = typeof pt;

const en: StudioTexts = {
  title: 'Studio',
  loading: 'Loading…',
  signInHeading: 'Sign in to the studio',
  signInIntro: 'Use the passkey saved on this device.',
  signIn: 'Sign in with your passkey',
  invitationHeading: 'Hello, {name}',
  invitationIntro: 'Create your passkey to edit the site. It is saved on this device.',
  createPasskey: 'Create my passkey',
  signedInAs: 'Signed in as {name}',
  signOut: 'Sign out',
  signOutEverywhere: 'Sign out on every device',
  language: 'Studio language',
  addPasskey: 'Add another passkey',
  passkeyAdded: 'Passkey added.',
  account: 'Account',
  sectionsMenu: 'Studio parts',
  sections: { content: 'Content', music: 'Music', messages: 'Messages', fans: 'Fans', numbers: 'Numbers' },
  passkeys: {
    heading: 'Your passkeys',
    defaultName: 'Passkey from {date}',
    added: 'Added {date}',
    lastUsed: 'Last used {date}',
    neverUsed: 'Not used to sign in yet',
    thisSession: 'This session signed in with it',
    rename: 'Rename {name}',
    renameShort: 'Rename',
    nameLabel: 'Passkey name',
    save: 'Save name',
    cancel: 'Cancel',
    remove: 'Remove {name}',
    removeHeading: 'Remove this passkey?',
    removeText: 'It will no longer sign in, and the sessions opened with it end. To confirm, use one of your passkeys.',
    removeConfirm: 'Remove',
    onlyOne: 'This is your only passkey: to remove it, add another first.',
    removed: 'Passkey removed.',
    confirm: 'Confirm it is you with one of your passkeys.',
    createNow: 'Confirmed. Now create the new passkey, on this device or another.',
    create: 'Create the new passkey',
    everywhereNote:
      'Signing out on every device ends the sessions, but your passkeys can still sign in. Remove those you do not recognise, or all but the one you confirm with.',
    removeOthers: 'Remove the other passkeys and sign out on every device',
    removeOthersHeading: 'Remove the other passkeys?',
    removeOthersText: 'Only the passkey you confirm with next is kept; the others stop working and every session ends.',
    signedOutEverywhere: 'Signed out on every device. Your passkeys can still sign in.',
  },
  cancelled: 'The request was cancelled. Please try again.',
  unsupported: 'This browser does not support passkeys. Open this address in Safari, Chrome, Firefox or Edge.',
  offline: 'The server could not be reached. Check the connection.',
  errors: {
    SESSION_REQUIRED: 'Your session has ended. Please sign in again.',
    ORIGIN_REFUSED: 'This request did not come from the studio.',
    STUDIO_TOKEN_REQUIRED: 'This request did not come from the studio’s page. Reload the page and try again.',
    RATE_LIMITED: 'Too many attempts. Wait a minute and try again.',
    INVALID_REQUEST: 'The request is not valid.',
    INVITATION_INVALID: 'This invitation is no longer valid. Ask for a new one.',
    CHALLENGE_EXPIRED: 'This took too long. Please try again.',
    PASSKEY_REJECTED: 'This passkey was not accepted.',
    STEP_UP_REQUIRED: 'Confirm with one of your passkeys first.',
    LAST_PASSKEY: 'This is your only passkey: add another before removing it.',
    NOT_FOUND: 'Not found.',
    STUDIO_UNAVAILABLE: 'The studio is not available right now.',
    SERVER_ERROR: 'Something went wrong on our side. Please try again later.',
    UPLOAD_NOT_AUDIO: 'This file is not audio in a format the site plays (WAV, FLAC, MP3, AAC, Ogg, Opus).',
    UPLOAD_EMPTY: 'This file is empty.',
    UPLOAD_TOO_LARGE: 'This file is too large for the server.',
    DISK_FULL: 'The server’s disk is full. Nothing was kept.',
    ALREADY_EXISTS: 'A playlist with this name already exists.',
  },
};

const es: StudioTexts = {
  title: 'Estudio',
  loading: 'Cargando…',
  signInHeading: 'Entrar en el estudio',
  signInIntro: 'Use la llave de acceso guardada en este dispositivo.',
  signIn: 'Entrar con su llave de acceso',
  invitationHeading: 'Hola, {name}',
  invitationIntro: 'Cree su llave de acceso para editar el sitio. Se guarda en este dispositivo.',
  createPasskey: 'Crear mi llave de acceso',
  signedInAs: 'Sesión iniciada como {name}',
  signOut: 'Salir',
  signOutEverywhere: 'Salir en todos los dispositivos',
  language: 'Idioma del estudio',
  addPasskey: 'Añadir otra llave de acceso',
  passkeyAdded: 'Llave de acceso añadida.',
  account: 'Cuenta',
  sectionsMenu: 'Partes del estudio',
  sections: { content: 'Contenido', music: 'Música', messages: 'Mensajes', fans: 'Fans', numbers: 'Números' },
  passkeys: {
    heading: 'Sus llaves de acceso',
    defaultName: 'Llave de acceso del {date}',
    added: 'Añadida el {date}',
    lastUsed: 'Último uso: {date}',
    neverUsed: 'Aún no usada para entrar',
    thisSession: 'Esta sesión entró con ella',
    rename: 'Renombrar {name}',
    renameShort: 'Renombrar',
    nameLabel: 'Nombre de la llave de acceso',
    save: 'Guardar nombre',
    cancel: 'Cancelar',
    remove: 'Eliminar {name}',
    removeHeading: '¿Eliminar esta llave de acceso?',
    removeText:
      'Dejará de servir para entrar, y las sesiones abiertas con ella terminan. Para confirmar, use una de sus llaves de acceso.',
    removeConfirm: 'Eliminar',
    onlyOne: 'Es su única llave de acceso: para eliminarla, añada otra primero.',
    removed: 'Llave de acceso eliminada.',
    confirm: 'Confirme que es usted con una de sus llaves de acceso.',
    createNow: 'Confirmado. Cree ahora la nueva llave de acceso, en este dispositivo o en otro.',
    create: 'Crear la nueva llave de acceso',
    everywhereNote:
      'Salir en todos los dispositivos termina las sesiones, pero sus llaves de acceso siguen sirviendo para entrar. Elimine las que no reconoce, o todas menos la que use para confirmar.',
    removeOthers: 'Eliminar las otras llaves y salir en todos los dispositivos',
    removeOthersHeading: '¿Eliminar las otras llaves de acceso?',
    removeOthersText:
      'Solo se conserva la llave de acceso con la que confirme a continuación; las otras dejan de servir y todas las sesiones terminan.',
    signedOutEverywhere: 'Salió en todos los dispositivos. Sus llaves de acceso siguen sirviendo para entrar.',
  },
  cancelled: 'La solicitud fue cancelada. Inténtelo de nuevo.',
  unsupported: 'Este navegador no admite llaves de acceso. Abre esta dirección en Safari, Chrome, Firefox o Edge.',
  offline: 'No se pudo contactar con el servidor. Compruebe la conexión.',
  errors: {
    SESSION_REQUIRED: 'Su sesión ha terminado. Entre de nuevo.',
    ORIGIN_REFUSED: 'Esta solicitud no vino del estudio.',
    STUDIO_TOKEN_REQUIRED: 'Esta solicitud no vino de la página del estudio. Recarga la página e inténtalo de nuevo.',
    RATE_LIMITED: 'Demasiados intentos. Espere un minuto e inténtelo de nuevo.',
    INVALID_REQUEST: 'La solicitud no es válida.',
    INVITATION_INVALID: 'Esta invitación ya no es válida. Pida una nueva.',
    CHALLENGE_EXPIRED: 'Tardó demasiado. Inténtelo de nuevo.',
    PASSKEY_REJECTED: 'Esta llave de acceso no fue aceptada.',
    STEP_UP_REQUIRED: 'Confirme primero con una de sus llaves de acceso.',
    LAST_PASSKEY: 'Esta es su única llave de acceso: añada otra antes de eliminarla.',
    NOT_FOUND: 'No encontrado.',
    STUDIO_UNAVAILABLE: 'El estudio no está disponible ahora.',
    SERVER_ERROR: 'Algo salió mal de nuestro lado. Inténtelo más tarde.',
    UPLOAD_NOT_AUDIO:
      'Este archivo no es audio en un formato que el sitio reproduzca (WAV, FLAC, MP3, AAC, Ogg, Opus).',
    UPLOAD_EMPTY: 'Este archivo está vacío.',
    UPLOAD_TOO_LARGE: 'Este archivo es demasiado grande para el servidor.',
    DISK_FULL: 'El disco del servidor está lleno. No se guardó nada.',
    ALREADY_EXISTS: 'Ya existe una lista con este nombre.',
  },
};

export const STUDIO_TEXTS: Record<StudioLang, StudioTexts> = { pt, en, es };

/** The languages' names, as the fans' list and the inbox write them in each language of the studio. */
export const LANGUAGE_NAMES: Record<StudioLang, Record<Lang, string>> = {
  pt: { pt: 'português', en: 'inglês', es: 'espanhol' },
  en: { pt: 'Portuguese', en: 'English', es: 'Spanish' },
  es: { pt: 'portugués', en: 'inglés', es: 'español' },
};

/** Where the studio keeps the language the artist chose in it. */
export const CHOSEN_LANG_KEY = 'studio-lang';

/**
 * The studio's language: the one the artist chose in it, else the first of the browser's
 * preferences the studio speaks, else Portuguese.
 */
export function studioLang(languages: readonly string[], chosen: string | null = null): StudioLang {
  for (const tag of [chosen ?? '', ...languages]) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLang(base)) return base;
  }
  return DEFAULT_LANG;
}

/** A text with its `{name}` placeholders filled. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
