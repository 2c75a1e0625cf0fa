/**
 * The texts of the mails, per language: the artist's notification and the auto-reply.
 *
 * The auto-reply goes to an address anyone can type into the form, so it carries nothing the
 * visitor wrote (not even the name): otherwise the form would mail a stranger's text, in the
 * artist's name, to any inbox, which is how a sending domain ends up on a blocklist.
 */
import type { Lang } from '../../src/lib/languages.ts';

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
    body: 'Obrigado por escrever. Sua mensagem chegou e o André vai responder assim que puder.',
    listen: 'Enquanto isso, ouça Same Bloods Cocktail:',
    signOff: 'Um abraço,\nAndré Moura Passos',
  },
  en: {
    subject: 'We got your message',
    greeting: 'Hello,',
    body: 'Thank you for writing. Your message arrived and André will answer as soon as he can.',
    listen: 'Meanwhile, listen to Same Bloods Cocktail:',
    signOff: 'All the best,\nAndré Moura Passos',
  },
  es: {
    subject: 'Recibimos tu mensaje',
    greeting: '¡Hola!',
    body: 'Gracias por escribir. Tu mensaje llegó y André te responderá en cuanto pueda.',
    listen: 'Mientras tanto, escucha Same Bloods Cocktail:',
    signOff: 'Un abrazo,\nAndré Moura Passos',
  },
};

/** The artist reads Portuguese. */
export const ARTIST_NOTIFICATION = {
  subject: (name: string) => `Nova mensagem do site: ${name}`,
  intro: 'Nova mensagem pelo formulário de contato do site.',
  labels: { name: 'Nome', email: 'E-mail', lang: 'Idioma', date: 'Data', message: 'Mensagem' },
  replyHint: 'Responda a este e-mail para escrever direto para quem enviou.',
};
