/**
 * The list's mails, per language: the request to confirm, and the welcome. They go to an
 * address anyone can type into the form, so they carry nothing a visitor wrote: only the
 * artist's name, the links and what to do if it was not them.
 */
import { FAN_LINK_VALID_DAYS } from '../../../src/lib/fans.ts';
import type { Lang } from '../../../src/lib/languages.ts';
import type { AnnouncementTexts } from '../../../src/lib/studio-fans.ts';
import { ARTIST_NAME } from '../site/site-settings.ts';

interface FanMailTexts {
  confirm: { subject: string; body: (confirmUrl: string) => string };
  welcome: { subject: string; body: (leaveUrl: string) => string };
  /** Below an announcement's own text: why the fan gets it, and the way out. */
  announcementFooter: (leaveUrl: string) => string;
}

export const FAN_MAIL_TEXTS: Record<Lang, FanMailTexts> = {
  pt: {
    confirm: {
      subject: `Confirme: novidades de ${ARTIST_NAME}`,
      body: (confirmUrl) =>
        [
          'Olá!',
          '',
          `Alguém (esperamos que você) pediu para receber neste endereço um aviso de cada música nova de ${ARTIST_NAME}.`,
          '',
          `Para confirmar, abra este link nos próximos ${FAN_LINK_VALID_DAYS} dias e aperte o botão:`,
          confirmUrl,
          '',
          'Se não foi você, ignore este e-mail: sem a confirmação, este endereço não recebe mais nada.',
        ].join('\n'),
    },
    welcome: {
      subject: `Você está na lista de ${ARTIST_NAME}`,
      body: (leaveUrl) =>
        [
          'Olá!',
          '',
          `Obrigado por confirmar. A cada música nova, ${ARTIST_NAME} avisa você por aqui, e só isso.`,
          '',
          'Para sair da lista a qualquer momento, abra este link e aperte o botão:',
          leaveUrl,
          '',
          `Um abraço,\n${ARTIST_NAME}`,
        ].join('\n'),
    },
    announcementFooter: (leaveUrl) =>
      `Você recebe este e-mail porque entrou na lista de ${ARTIST_NAME}. Para sair, abra: ${leaveUrl}`,
  },
  en: {
    confirm: {
      subject: `Please confirm: new music from ${ARTIST_NAME}`,
      body: (confirmUrl) =>
        [
          'Hello,',
          '',
          `Someone (we hope it was you) asked to hear at this address of each new song by ${ARTIST_NAME}.`,
          '',
          `To confirm, open this link within ${FAN_LINK_VALID_DAYS} days and press the button:`,
          confirmUrl,
          '',
          'If it was not you, ignore this mail: without the confirmation, this address gets nothing more.',
        ].join('\n'),
    },
    welcome: {
      subject: `You are on ${ARTIST_NAME}'s list`,
      body: (leaveUrl) =>
        [
          'Hello,',
          '',
          `Thank you for confirming. With each new song, ${ARTIST_NAME} will tell you here, and nothing else.`,
          '',
          'To leave the list at any time, open this link and press the button:',
          leaveUrl,
          '',
          `All the best,\n${ARTIST_NAME}`,
        ].join('\n'),
    },
    announcementFooter: (leaveUrl) =>
      `You get this mail because you joined ${ARTIST_NAME}'s list. To leave it, open: ${leaveUrl}`,
  },
  es: {
    confirm: {
      subject: `Confirma: novedades de ${ARTIST_NAME}`,
      body: (confirmUrl) =>
        [
          '¡Hola!',
          '',
          `Alguien (esperamos que tú) pidió recibir en esta dirección un aviso de cada canción nueva de ${ARTIST_NAME}.`,
          '',
          `Para confirmar, abre este enlace en los próximos ${FAN_LINK_VALID_DAYS} días y pulsa el botón:`,
          confirmUrl,
          '',
          'Si no fuiste tú, ignora este correo: sin la confirmación, esta dirección no recibe nada más.',
        ].join('\n'),
    },
    welcome: {
      subject: `Estás en la lista de ${ARTIST_NAME}`,
      body: (leaveUrl) =>
        [
          '¡Hola!',
          '',
          `Gracias por confirmar. Con cada canción nueva, ${ARTIST_NAME} te avisará por aquí, y nada más.`,
          '',
          'Para salir de la lista en cualquier momento, abre este enlace y pulsa el botón:',
          leaveUrl,
          '',
          `Un abrazo,\n${ARTIST_NAME}`,
        ].join('\n'),
    },
    announcementFooter: (leaveUrl) =>
      `Recibes este correo porque te uniste a la lista de ${ARTIST_NAME}. Para salir, abre: ${leaveUrl}`,
  },
};

/** A mail of the list as its fan reads it; an announcement with a cover has an HTML version too. */
export interface FanMailContent {
  subject: string;
  text: string;
}

/** The cover's Content-ID inside an announcement's mail. */
export const COVER_CID = 'cover@fans';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * An announcement's HTML version: the cover (sent inside the mail, `cid:`), then the same
 * words as its text version, every one escaped, and nothing loaded from anywhere.
 */
export function announcementHtml(lang: Lang, texts: AnnouncementTexts, leaveUrl: string): string {
  const paragraphs = texts.text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replaceAll('\n', '<br>')}</p>`)
    .join('');
  const link = escapeHtml(texts.link);
  return [
    `<!doctype html><html lang="${lang}"><body>`,
    `<p><a href="${link}"><img src="cid:${COVER_CID}" width="300" alt="${escapeHtml(texts.subject)}" style="max-width:100%;height:auto"></a></p>`,
    paragraphs,
    `<p><a href="${link}">${link}</a></p>`,
    `<hr><p><small>${escapeHtml(FAN_MAIL_TEXTS[lang].announcementFooter(leaveUrl))}</small></p>`,
    '</body></html>',
  ].join('');
}

/** Where a mail of the list points: the fan's confirm link, and their link to leave. */
export interface FanLinks {
  confirm: string;
  leave: string;
}

/** The subject and text of a mail of the list, in the fan's language; the preview shows the same. */
export function fanMailContent(
  kind: 'confirm' | 'welcome' | 'announcement',
  lang: Lang,
  links: FanLinks,
  announcement: AnnouncementTexts | null = null,
): FanMailContent {
  const texts = FAN_MAIL_TEXTS[lang];
  if (kind === 'confirm') return { subject: texts.confirm.subject, text: texts.confirm.body(links.confirm) };
  if (kind === 'welcome' || !announcement)
    return { subject: texts.welcome.subject, text: texts.welcome.body(links.leave) };
  return {
    subject: announcement.subject,
    text: [announcement.text, '', announcement.link, '', '--', texts.announcementFooter(links.leave)].join('\n'),
  };
}
