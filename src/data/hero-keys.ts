/**
 * The hero's keys in one language: which key says what, which playlist it starts (the
 * playlist of the release it presents), where it links, and that release's cover and page.
 */
import type { Translate } from '../i18n/index.ts';
import type { HeroKey } from '../islands/KeyboardHero.tsx';
import { catalogueSummary, heroName, releaseForHeroKey } from '../lib/hero-releases.ts';
import type { Lang } from '../lib/languages.ts';
import { coverPicture } from '../lib/player-artwork.ts';
import { smallCover } from './covers.ts';
import { getReleases } from './site.ts';

export async function heroKeys(lang: Lang, t: Translate): Promise<HeroKey[]> {
  const releases = await getReleases();
  /** The key's play button: its release's playlist, or none while no release presents the key. */
  const playsRelease = (keyId: string) => {
    const name = releaseForHeroKey(keyId, releases)?.playlist;
    return name ? { playlist: { name, hint: t('keys:playsPlaylist', { name }) } } : {};
  };
  /**
   * A key that presents a release: the release's name and text and its play button, from the
   * release's own file. Until a release presents the key, a general title and text.
   */
  const releaseKey = (id: 'ep1' | 'ep2' | 'album', anchor: string): HeroKey => {
    const release = releaseForHeroKey(id, releases);
    const text = release ? (release.heroText ?? release.description)[lang] : t(`keys:${id}.text`);
    return { id, anchor, title: release ? heroName(release) : t(`keys:${id}.title`), text, ...playsRelease(id) };
  };
  /** The singles' key speaks of all of them: as many as there are release files of singles. */
  const singlesKey: HeroKey = {
    id: 'singles',
    anchor: 'singles',
    title: t('keys:singles.title'),
    text: t('keys:singles.text', { count: catalogueSummary(releases).singles }),
    ...playsRelease('singles'),
  };
  const keys: HeroKey[] = [
    { id: 'intro', anchor: 'perfiliconograma', title: t('keys:intro.title'), text: t('keys:intro.text') },
    {
      id: 'name',
      anchor: 'artist',
      title: t('keys:name.title'),
      subtitles: [t('keys:name.subtitle1'), t('keys:name.subtitle2'), t('keys:name.subtitle3')],
    },
    releaseKey('ep1', 'bloodscocktail'),
    releaseKey('ep2', 'cocktailn2'),
    singlesKey,
    { id: 'strange', anchor: 'strange', title: t('keys:strange.title'), text: t('keys:strange.text') },
    releaseKey('album', 'ttmm'),
    { id: 'suburban', anchor: 'suburban', title: t('keys:suburban.title'), text: t('keys:suburban.text') },
    {
      id: 'videos',
      anchor: 'videos-key',
      title: t('keys:videos.title'),
      text: t('keys:videos.text'),
      link: { href: '#videos', label: t('menu:videos') },
    },
    {
      id: 'poems',
      anchor: 'poems-key',
      title: t('keys:poems.title'),
      text: t('keys:poems.text'),
      link: { href: '#poems', label: t('menu:poems') },
    },
    { id: 'soon', anchor: 'soon', title: t('keys:soon.title'), text: t('keys:soon.text') },
  ];

  // Each key that presents a release shows its cover and links to its page.
  for (const key of keys) {
    const release = releaseForHeroKey(key.id, releases);
    if (!release) continue;
    const cover = await smallCover(release);
    key.release = {
      href: `/${lang}/music/${release.slug}`,
      label: t('music:openRelease', { title: release.title }),
      cover: { ...coverPicture(cover), alt: t('music:coverAlt', { title: release.title }) },
    };
  }
  return keys;
}
