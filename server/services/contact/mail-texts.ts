/**
 * The texts of the mails, per language: the artist's notification and digest, and the auto-reply.
 *
 * The auto-reply goes to an address anyone can type into the form, so it carries nothing the
 * visitor wrote (not even the name): otherwise the form would mail a stranger's text, in the
 * artist's name, to any inbox, which is how a sending domain ends up on a blocklist.
 */
import type { Lang } from '../../../src/lib/languages.ts';
import { ARTIST_NAME, PROJECT_NAME } from '../site/site-settings.ts';

/** The auto-reply speaks of the artist by his first name. */
const FIRST_NAME = ARTIST_NAME.split(' ')[0] ?? ARTIST_NAME;

interface AutoReplyTexts {
  subject: string;
  greeting: string;
  body: string;
  listen: string;
  signOff: string;
}

export const AUTO_REPLY: Record<Lang, AutoReplyTexts> = {
  pt: {
    subject: 'Recebemos sua mensagem',
    greeting: 'Olá!',
    body: `Obrigado por escrever. Sua mensagem chegou e o ${FIRST_NAME} vai responder assim que puder.`,
    listen: `Enquanto isso, ouça ${PROJECT_NAME}:`,
    signOff: `Um abraço,\n${ARTIST_NAME}`,
  },
  en: {
    subject: 'We got your message',
    greeting: 'Hello,',
    body: `Thank you for writing. Your message arrived and ${FIRST_NAME} will answer as soon as he can.`,
    listen: `Meanwhile, listen to ${PROJECT_NAME}:`,
    signOff: `All the best,\n${ARTIST_NAME}`,
  },
  es: {
    subject: 'Recibimos tu mensaje',
    greeting: '¡Hola!',
    body: `Gracias por escribir. Tu mensaje llegó y ${FIRST_NAME} te responderá en cuanto pueda.`,
    listen: `Mientras tanto, escucha ${PROJECT_NAME}:`,
    signOff: `Un abrazo,\n${ARTIST_NAME}`,
  },
};

/** The artist reads Portuguese. */
export const ARTIST_NOTIFICATION = {
  subject: (name: string) => `Nova mensagem do site: ${name}`,
  intro: 'Nova mensagem pelo formulário de contato do site.',
  labels: { name: 'Nome', email: 'E-mail', lang: 'Idioma', date: 'Data', message: 'Mensagem' },
  replyHint: 'Responda a este e-mail para escrever direto para quem enviou.',
};

/**
 * The digest of messages held past the hourly budget of single mails. It has no visitor's
 * Reply-To (it holds many), so each entry names the address to write to; its subject holds
 * only a count.
 */
export const ARTIST_DIGEST = {
  subject: (count: number) =>
    count === 1
      ? '1 mensagem do site (retida durante um excesso de envios)'
      : `${count} mensagens do site (retidas durante um excesso de envios)`,
  intro:
    'Chegaram mais mensagens pelo formulário do que o limite de e-mails avulsos por hora: ' +
    'estas foram guardadas e vêm juntas neste resumo.',
  replyHint: 'Responder a este e-mail não chega a quem escreveu: escreva para o endereço em "Responder para".',
  heading: (id: number, position: number, count: number) => `=== Mensagem #${id} (${position} de ${count}) ===`,
  replyTo: 'Responder para',
  waiting: (count: number) =>
    count === 1
      ? 'Ainda aguarda 1 mensagem, que vem no próximo resumo.'
      : `Ainda aguardam ${count} mensagens, que vêm nos próximos resumos.`,
  listHint: '`npm run messages` lista todas as mensagens, com o estado de cada uma.',
};

/**
 * The mail that tells a studio person a passkey was added to their account. It carries no text
 * anyone typed (not the passkey's name): only when, and what to do if it was not them.
 */
export const PASSKEY_ADDED: Record<Lang, { subject: string; body: (when: string, studioUrl: string) => string }> = {
  pt: {
    subject: 'Uma nova chave de acesso entrou no estúdio',
    body: (when, studioUrl) =>
      [
        'Olá,',
        '',
        `Uma nova chave de acesso foi adicionada à sua conta do estúdio do site em ${when}.`,
        '',
        'Se foi você, não precisa fazer nada.',
        `Se não foi, entre no estúdio (${studioUrl}), abra "Conta", remova a chave que não reconhece e saia de todos os aparelhos.`,
      ].join('\n'),
  },
  en: {
    subject: 'A new passkey was added to the studio',
    body: (when, studioUrl) =>
      [
        'Hello,',
        '',
        `A new passkey was added to your account in the site's studio on ${when}.`,
        '',
        'If it was you, there is nothing to do.',
        `If it was not, sign in to the studio (${studioUrl}), open "Account", remove the passkey you do not recognise and sign out on every device.`,
      ].join('\n'),
  },
  es: {
    subject: 'Se añadió una nueva llave de acceso al estudio',
    body: (when, studioUrl) =>
      [
        'Hola:',
        '',
        `Se añadió una nueva llave de acceso a su cuenta del estudio del sitio el ${when}.`,
        '',
        'Si fue usted, no tiene que hacer nada.',
        `Si no fue usted, entre en el estudio (${studioUrl}), abra "Cuenta", elimine la llave que no reconoce y salga en todos los dispositivos.`,
      ].join('\n'),
  },
};
