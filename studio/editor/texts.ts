/**
 * The words of the studio's own views around the CMS (history, publishing), in the three
 * languages; the forms' labels are in `field-labels.ts`.
 */
import type { Lang } from '../../src/lib/languages.ts';

const pt = {
  history: 'Histórico',
  historyOf: 'Histórico de',
  historyNone: 'Abra um item para ver o histórico dele.',
  historyEmpty: 'Nenhuma versão guardada ainda.',
  historyOff: 'O histórico não está ligado: a pasta do conteúdo não está num repositório Git.',
  restore: 'Restaurar esta versão',
  restoreConfirm: 'Voltar este arquivo para a versão escolhida? A versão atual continua no histórico.',
  restored: 'Versão restaurada.',
  publishing: 'Publicação',
  publishNow: 'Publicar agora',
  rollback: 'Voltar à versão anterior',
  rollbackConfirm: 'Voltar o site publicado para a versão anterior?',
  close: 'Fechar',
  loading: 'Carregando…',
  failed: 'Não deu certo',
  startedAt: 'Começou',
  pages: 'páginas',
  buildWaiting: 'Preparando o site…',
  refusedIntro: 'O site não foi publicado: estes campos precisam de correção.',
  refusedOpen: 'Abrir e corrigir',
  refusedDetails: 'O que o build disse',
  stages: { pages: 'Criando as páginas', compress: 'Comprimindo os arquivos', headers: 'Últimos ajustes' },
  publishedAt: 'Publicado',
  videoFound: 'Vídeo',
  videoNotFound: 'Não achei um vídeo do YouTube neste texto.',
  videoPicture: 'Imagem do vídeo no site',
  videoPictureNone:
    'Este vídeo ainda não tem imagem: o site mostra uma capa provisória. Ao salvar, o estúdio busca a do YouTube; você também pode enviar uma sua abaixo.',
  states: {
    idle: 'Nada a publicar',
    building: 'Publicando…',
    published: 'Publicado',
    failed: 'A publicação falhou',
  },
};

type Texts = typeof pt;

/** The words for a build's stage, as the server names it, or the stage's own name. */
export const stageText = (texts: Texts, stage: string): string =>
  Object.hasOwn(texts.stages, stage) ? texts.stages[stage as keyof Texts['stages']] : stage;

const en: Texts = {
  history: 'History',
  historyOf: 'History of',
  historyNone: 'Open an item to see its history.',
  historyEmpty: 'No saved version yet.',
  historyOff: 'History is off: the content folder is not in a Git repository.',
  restore: 'Restore this version',
  restoreConfirm: 'Bring this file back to the chosen version? The current one stays in the history.',
  restored: 'Version restored.',
  publishing: 'Publishing',
  publishNow: 'Publish now',
  rollback: 'Back to the previous version',
  rollbackConfirm: 'Bring the published site back to its previous version?',
  close: 'Close',
  loading: 'Loading…',
  failed: 'That did not work',
  startedAt: 'Started',
  pages: 'pages',
  buildWaiting: 'Getting the site ready…',
  refusedIntro: 'The site was not published: these fields need fixing.',
  refusedOpen: 'Open and fix',
  refusedDetails: 'What the build said',
  stages: { pages: 'Making the pages', compress: 'Compressing the files', headers: 'Final touches' },
  publishedAt: 'Published',
  videoFound: 'Video',
  videoNotFound: 'No YouTube video found in this text.',
  videoPicture: "The video's picture on the site",
  videoPictureNone:
    "This video has no picture yet: the site shows a stand-in. Saving fetches YouTube's; you can also upload your own below.",
  states: {
    idle: 'Nothing to publish',
    building: 'Publishing…',
    published: 'Published',
    failed: 'Publishing failed',
  },
};

const es: Texts = {
  history: 'Historial',
  historyOf: 'Historial de',
  historyNone: 'Abre un elemento para ver su historial.',
  historyEmpty: 'Ninguna versión guardada todavía.',
  historyOff: 'El historial no está activo: la carpeta del contenido no está en un repositorio Git.',
  restore: 'Restaurar esta versión',
  restoreConfirm: '¿Volver este archivo a la versión elegida? La versión actual sigue en el historial.',
  restored: 'Versión restaurada.',
  publishing: 'Publicación',
  publishNow: 'Publicar ahora',
  rollback: 'Volver a la versión anterior',
  rollbackConfirm: '¿Volver el sitio publicado a su versión anterior?',
  close: 'Cerrar',
  loading: 'Cargando…',
  failed: 'No funcionó',
  startedAt: 'Empezó',
  pages: 'páginas',
  buildWaiting: 'Preparando el sitio…',
  refusedIntro: 'El sitio no se publicó: estos campos necesitan corrección.',
  refusedOpen: 'Abrir y corregir',
  refusedDetails: 'Lo que dijo la compilación',
  stages: { pages: 'Creando las páginas', compress: 'Comprimiendo los archivos', headers: 'Últimos ajustes' },
  publishedAt: 'Publicado',
  videoFound: 'Vídeo',
  videoNotFound: 'No encontré un vídeo de YouTube en este texto.',
  videoPicture: 'Imagen del vídeo en el sitio',
  videoPictureNone:
    'Este vídeo aún no tiene imagen: el sitio muestra una portada provisional. Al guardar, el estudio trae la de YouTube; también puedes subir una tuya abajo.',
  states: {
    idle: 'Nada que publicar',
    building: 'Publicando…',
    published: 'Publicado',
    failed: 'La publicación falló',
  },
};

/** The studio views' words in each language. */
export const TEXTS: Record<Lang, Texts> = { pt, en, es };
export type StudioTexts = Texts;
