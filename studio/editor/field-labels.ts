/**
 * The studio's form labels and hints in the three languages, one entry per content field name
 * and per collection. The CMS configuration refuses a schema field that has no entry here.
 */
import type { Lang } from '../../src/lib/languages.ts';

/** What the artist reads beside one field: its name, and where it helps, a short hint. */
export interface FieldText {
  label: string;
  hint?: string;
}

type Texts = Record<Lang, FieldText>;

/** The forms' fields, by the field's name in the content files. */
export const FIELD_LABELS: Record<string, Texts> = {
  artist: { pt: { label: 'Nome do artista' }, en: { label: "Artist's name" }, es: { label: 'Nombre del artista' } },
  project: {
    pt: { label: 'Nome do projeto' },
    en: { label: "Project's name" },
    es: { label: 'Nombre del proyecto' },
  },
  siteUrl: {
    pt: { label: 'Endereço do site', hint: 'Começa com https://' },
    en: { label: "Site's address", hint: 'Starts with https://' },
    es: { label: 'Dirección del sitio', hint: 'Empieza con https://' },
  },
  socials: { pt: { label: 'Redes sociais' }, en: { label: 'Social links' }, es: { label: 'Redes sociales' } },
  icon: { pt: { label: 'Rede' }, en: { label: 'Network' }, es: { label: 'Red' } },
  label: { pt: { label: 'Texto do link' }, en: { label: "Link's text" }, es: { label: 'Texto del enlace' } },
  href: {
    pt: { label: 'Link', hint: 'O endereço da sua página nessa rede (https://)' },
    en: { label: 'Link', hint: 'Your page on that network (https://)' },
    es: { label: 'Enlace', hint: 'Tu página en esa red (https://)' },
  },
  defaultPlaylist: {
    pt: { label: 'Playlist inicial', hint: 'A playlist que o player oferece antes de tocar uma tecla' },
    en: { label: 'Starting playlist', hint: 'The playlist the player offers before a key is pressed' },
    es: { label: 'Playlist inicial', hint: 'La playlist que ofrece el reproductor antes de tocar una tecla' },
  },
  seo: {
    pt: { label: 'Buscadores e compartilhamento' },
    en: { label: 'Search engines and sharing' },
    es: { label: 'Buscadores y compartir' },
  },
  image: {
    pt: { label: 'Imagem de compartilhamento', hint: 'Um caminho em public/, começando com /' },
    en: { label: 'Sharing image', hint: 'A path under public/, starting with /' },
    es: { label: 'Imagen para compartir', hint: 'Una ruta en public/, que empieza con /' },
  },
  videos: {
    pt: { label: 'Vídeos', hint: 'Arraste para mudar a ordem do site' },
    en: { label: 'Videos', hint: "Drag to change the site's order" },
    es: { label: 'Vídeos', hint: 'Arrastra para cambiar el orden del sitio' },
  },
  id: {
    pt: { label: 'Link do YouTube', hint: 'Cole qualquer link do vídeo (ou o código de 11 caracteres)' },
    en: { label: 'YouTube link', hint: 'Paste any link to the video (or its 11-character code)' },
    es: { label: 'Enlace de YouTube', hint: 'Pega cualquier enlace del vídeo (o su código de 11 caracteres)' },
  },
  title: { pt: { label: 'Título' }, en: { label: 'Title' }, es: { label: 'Título' } },
  shortTitle: {
    pt: { label: 'Título curto', hint: 'Opcional: um nome curto, como TTMM' },
    en: { label: 'Short title', hint: 'Optional: a short name, like TTMM' },
    es: { label: 'Título corto', hint: 'Opcional: un nombre corto, como TTMM' },
  },
  kind: { pt: { label: 'Tipo' }, en: { label: 'Kind' }, es: { label: 'Tipo' } },
  released: {
    pt: { label: 'Lançamento', hint: 'AAAA-MM ou AAAA-MM-DD, por exemplo 2023-04' },
    en: { label: 'Released', hint: 'YYYY-MM or YYYY-MM-DD, for example 2023-04' },
    es: { label: 'Publicación', hint: 'AAAA-MM o AAAA-MM-DD, por ejemplo 2023-04' },
  },
  playlist: {
    pt: { label: 'Playlist', hint: 'O nome da pasta das faixas em media/' },
    en: { label: 'Playlist', hint: "The name of the tracks' folder in media/" },
    es: { label: 'Playlist', hint: 'El nombre de la carpeta de las pistas en media/' },
  },
  heroKey: {
    pt: { label: 'Tecla da página inicial', hint: 'Opcional: a tecla do teclado que apresenta o lançamento' },
    en: { label: 'Home page key', hint: 'Optional: the keyboard key that presents the release' },
    es: { label: 'Tecla de la página de inicio', hint: 'Opcional: la tecla del teclado que presenta el lanzamiento' },
  },
  links: {
    pt: { label: 'Links nas plataformas', hint: 'Sem link, o botão leva à sua página de artista' },
    en: { label: 'Links on the platforms', hint: "Without a link, the button leads to your artist's page" },
    es: { label: 'Enlaces en las plataformas', hint: 'Sin enlace, el botón lleva a tu página de artista' },
  },
  releaseAt: {
    pt: {
      label: 'Dia e hora do lançamento',
      hint: 'Opcional, para um lançamento futuro: 2026-12-05T00:00-03:00 (data, T, hora, fuso). Até lá, a página mostra a contagem regressiva',
    },
    en: {
      label: 'Release day and time',
      hint: 'Optional, for a future release: 2026-12-05T00:00-03:00 (date, T, time, offset). Until then the page shows a countdown',
    },
    es: {
      label: 'Día y hora del lanzamiento',
      hint: 'Opcional, para un lanzamiento futuro: 2026-12-05T00:00-03:00 (fecha, T, hora, huso). Hasta entonces, la página muestra una cuenta regresiva',
    },
  },
  preSave: {
    pt: { label: 'Links de pré-save', hint: 'Opcional: mostrados só antes do lançamento' },
    en: { label: 'Pre-save links', hint: 'Optional: shown only before the release' },
    es: { label: 'Enlaces de pre-save', hint: 'Opcional: se muestran solo antes del lanzamiento' },
  },
  teaser: {
    pt: {
      label: 'Teaser no YouTube',
      hint: 'Opcional: o código de 11 caracteres do vídeo, mostrado antes do lançamento',
    },
    en: { label: 'YouTube teaser', hint: "Optional: the video's 11-character code, shown before the release" },
    es: {
      label: 'Teaser en YouTube',
      hint: 'Opcional: el código de 11 caracteres del vídeo, mostrado antes del lanzamiento',
    },
  },
  description: {
    pt: { label: 'Descrição', hint: 'Um texto curto em cada língua' },
    en: { label: 'Description', hint: 'A short text in each language' },
    es: { label: 'Descripción', hint: 'Un texto corto en cada idioma' },
  },
  heroText: {
    pt: {
      label: 'Texto da tecla',
      hint: 'Opcional: o texto do painel da tecla que apresenta o lançamento; sem ele, a descrição',
    },
    en: {
      label: 'Key text',
      hint: 'Optional: the text of the panel of the key that presents the release; else the description',
    },
    es: {
      label: 'Texto de la tecla',
      hint: 'Opcional: el texto del panel de la tecla que presenta el lanzamiento; si no, la descripción',
    },
  },
  tracks: {
    pt: { label: 'Faixas', hint: 'Opcional: sem faixas, a página lista as da playlist' },
    en: { label: 'Tracks', hint: "Optional: without them, the page lists the playlist's" },
    es: { label: 'Pistas', hint: 'Opcional: sin pistas, la página lista las de la playlist' },
  },
  duration: {
    pt: { label: 'Duração', hint: 'M:SS, por exemplo 3:45' },
    en: { label: 'Length', hint: 'M:SS, for example 3:45' },
    es: { label: 'Duración', hint: 'M:SS, por ejemplo 3:45' },
  },
  trackCount: {
    pt: { label: 'Número de faixas', hint: 'Opcional, enquanto os títulos não estão listados' },
    en: { label: 'Number of tracks', hint: 'Optional, while the titles are not listed' },
    es: { label: 'Número de pistas', hint: 'Opcional, mientras los títulos no están listados' },
  },
  cover: {
    pt: { label: 'Capa', hint: 'JPG, PNG ou WebP, de preferência quadrada com 1200 px ou mais' },
    en: { label: 'Cover', hint: 'JPG, PNG or WebP, square and 1200 px or more if you can' },
    es: { label: 'Portada', hint: 'JPG, PNG o WebP, cuadrada y de 1200 px o más si puedes' },
  },
  thumb: {
    pt: {
      label: 'Imagem própria',
      hint: 'Opcional: sem ela, o site usa a imagem do YouTube mostrada acima. JPG, PNG ou WebP, 4:3',
    },
    en: {
      label: 'Your own picture',
      hint: "Optional: without it, the site uses YouTube's picture shown above. JPG, PNG or WebP, 4:3",
    },
    es: {
      label: 'Imagen propia',
      hint: 'Opcional: sin ella, el sitio usa la imagen de YouTube que se ve arriba. JPG, PNG o WebP, 4:3',
    },
  },
  credits: {
    pt: { label: 'Créditos', hint: 'Opcional: cada função com um ou mais nomes' },
    en: { label: 'Credits', hint: 'Optional: each role with one or more names' },
    es: { label: 'Créditos', hint: 'Opcional: cada función con uno o más nombres' },
  },
  writtenBy: { pt: { label: 'Composição' }, en: { label: 'Written by' }, es: { label: 'Composición' } },
  performedBy: { pt: { label: 'Interpretação' }, en: { label: 'Performed by' }, es: { label: 'Interpretación' } },
  producedBy: { pt: { label: 'Produção' }, en: { label: 'Produced by' }, es: { label: 'Producción' } },
  mixedBy: { pt: { label: 'Mixagem' }, en: { label: 'Mixed by' }, es: { label: 'Mezcla' } },
  masteredBy: { pt: { label: 'Masterização' }, en: { label: 'Mastered by' }, es: { label: 'Masterización' } },
  recordedAt: {
    pt: { label: 'Gravado em', hint: 'O estúdio ou o lugar' },
    en: { label: 'Recorded at', hint: 'The studio or the place' },
    es: { label: 'Grabado en', hint: 'El estudio o el lugar' },
  },
  note: {
    pt: { label: 'Anotação', hint: 'Opcional: só para quem edita; o site não mostra' },
    en: { label: 'Note', hint: 'Optional: for whoever edits; the site never shows it' },
    es: { label: 'Nota', hint: 'Opcional: solo para quien edita; el sitio no la muestra' },
  },
  release: {
    pt: { label: 'Do lançamento', hint: 'O lançamento de que a faixa faz parte' },
    en: { label: 'Of the release', hint: 'The release the track is part of' },
    es: { label: 'Del lanzamiento', hint: 'El lanzamiento del que forma parte la pista' },
  },
  track: {
    pt: { label: 'Faixa', hint: 'O título da faixa, como está no arquivo de música' },
    en: { label: 'Track', hint: "The track's title, as its music file has it" },
    es: { label: 'Pista', hint: 'El título de la pista, como lo tiene su archivo de música' },
  },
  language: {
    pt: { label: 'Língua cantada', hint: 'A língua da letra: escreva para procurar na lista' },
    en: { label: 'Language sung', hint: 'The language of the lyrics: type to search the list' },
    es: { label: 'Idioma cantado', hint: 'El idioma de la letra: escribe para buscar en la lista' },
  },
  lyrics: {
    pt: { label: 'Letra', hint: 'Um verso por linha; uma linha em branco entre as estrofes' },
    en: { label: 'Lyrics', hint: 'One line per verse; a blank line between stanzas' },
    es: { label: 'Letra', hint: 'Un verso por línea; una línea en blanco entre las estrofas' },
  },
  translations: {
    pt: { label: 'Traduções', hint: 'Opcional: a letra em português, inglês ou espanhol' },
    en: { label: 'Translations', hint: 'Optional: the lyrics in Portuguese, English or Spanish' },
    es: { label: 'Traducciones', hint: 'Opcional: la letra en portugués, inglés o español' },
  },
  date: { pt: { label: 'Data' }, en: { label: 'Date' }, es: { label: 'Fecha' } },
  body: {
    pt: { label: 'Poema', hint: 'Um verso por linha; uma linha em branco entre as estrofes' },
    en: { label: 'Poem', hint: 'One line per verse; a blank line between stanzas' },
    es: { label: 'Poema', hint: 'Un verso por línea; una línea en blanco entre las estrofas' },
  },
};

/** The studio's collections, by name. */
export const COLLECTION_LABELS = {
  site: { pt: { label: 'Site' }, en: { label: 'Site' }, es: { label: 'Sitio' } },
  videos: FIELD_LABELS.videos as Texts,
  releases: { pt: { label: 'Lançamentos' }, en: { label: 'Releases' }, es: { label: 'Lanzamientos' } },
  tracks: {
    pt: { label: 'Letras e créditos' },
    en: { label: 'Lyrics and credits' },
    es: { label: 'Letras y créditos' },
  },
  poems: { pt: { label: 'Poemas' }, en: { label: 'Poems' }, es: { label: 'Poemas' } },
} satisfies Record<string, Texts>;

/** The singular of each collection that can hold many entries, for its "new" button. */
export const ENTRY_LABELS = {
  releases: { pt: { label: 'Lançamento' }, en: { label: 'Release' }, es: { label: 'Lanzamiento' } },
  tracks: { pt: { label: 'Faixa' }, en: { label: 'Track' }, es: { label: 'Pista' } },
  poems: { pt: { label: 'Poema' }, en: { label: 'Poem' }, es: { label: 'Poema' } },
} satisfies Record<string, Texts>;
