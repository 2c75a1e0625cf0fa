/**
 * The hero's keys in one language: which key says what, which playlist it starts (the
 * playlist of the release it presents), where it links, and that release's cover and page.
 */
import type { Translate } from '../i18n/index.ts';
import type { HeroKey } from '../islands/KeyboardHero.tsx';
import { releaseForHeroKey } from '../lib/hero-releases.ts';
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
  /** A key that presents a release: its title and text, and its release's play button. */
  const releaseKey = (id: 'ep1' | 'ep2' | 'singles' | 'album', anchor: string): HeroKey => ({
    id,
    anchor,
    title: t(`keys:${id}.title`),
    text: t(`keys:${id}.text`),
    ...playsRelease(id),
  });
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
    releaseKey('singles', 'singles'),
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
