/**
 * The piano-keyboard hero: each key is a button that reveals its text panel. At
 * 768 px or narrower the panel is a modal dialog; wider, it shows on hover, click or keyboard
 * focus. Opening one hides all others (shared modal store). The EP1, EP2, singles and album
 * keys also start their playlist.
 */
import { MOBILE_QUERY } from '../lib/constants.ts';
import { $openModal, closeModal, openModal } from '../stores/modals.ts';
import { playPlaylist, prefetchPlaylist } from '../stores/player.ts';
import Modal from './Modal.tsx';
import { useMediaQuery } from './useMediaQuery.ts';
import { useSharedStore } from './useSharedStore.ts';
import './keyboard.css';

/** One key as the page passes it, with its texts already translated. */
export interface HeroKey {
  /** Short id: the key's panel is `key-<id>` in the modal store. */
  id: string;
  /** The in-page anchor this key answers to (`#bloodscocktail`, `#singles`, ...). */
  anchor: string;
  title: string;
  text?: string | undefined;
  subtitles?: string[] | undefined;
  /** The playlist the key starts, and the translated hint saying so. */
  playlist?: { name: string; hint: string } | undefined;
  /** A link inside the panel (the videos and poems keys point to their sections). */
  link?: { href: string; label: string } | undefined;
  /** The release the key presents: its cover beside the text, and a link to its page. */
  release?: { href: string; label: string; cover: { src: string; srcSet: string; alt: string } } | undefined;
}

interface KeyboardHeroProps {
  keys: HeroKey[];
  labels: { keyboard: string; close: string };
}

const panelId = (key: HeroKey) => `key-${key.id}`;

function PanelContent({ item, titleId }: { item: HeroKey; titleId: string }) {
  return (
    <>
      <h2 id={titleId} className="key-panel-title">
        {item.title}
      </h2>
      {item.subtitles && (
        <ul className="key-panel-subtitles">
          {item.subtitles.map((subtitle) => (
            <li key={subtitle}>{subtitle}</li>
          ))}
        </ul>
      )}
      {item.release && (
        <img
          className="key-panel-cover"
          src={item.release.cover.src}
          srcSet={item.release.cover.srcSet}
          sizes="(max-width: 768px) 6rem, 7.5rem"
          width="160"
          height="160"
          alt={item.release.cover.alt}
          loading="lazy"
          decoding="async"
        />
      )}
      {item.text && <p>{item.text}</p>}
      {item.link && <a href={item.link.href}>{item.link.label}</a>}
      {item.release && (
        <a className="key-panel-release" href={item.release.href}>
          {item.release.label}
        </a>
      )}
    </>
  );
}

export default function KeyboardHero({ keys, labels }: KeyboardHeroProps) {
  const open = useSharedStore($openModal);
  const isMobile = useMediaQuery(MOBILE_QUERY);

  const activate = (item: HeroKey) => {
    openModal(panelId(item));
    if (item.playlist) playPlaylist(item.playlist.name);
  };

  /** A hover, focus or touch on a key is a good sign of a click: fetch its playlist now. */
  const prefetch = (item: HeroKey) => {
    if (item.playlist) prefetchPlaylist(item.playlist.name);
  };

  return (
    <div
      className="keyboard"
      role="group"
      aria-label={labels.keyboard}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !isMobile && open?.startsWith('key-')) closeModal(open);
      }}
    >
      <div className="keyboard-keys">
        {keys.map((item) => {
          const id = panelId(item);
          const isOpen = open === id;
          return (
            <div
              key={item.id}
              id={item.anchor}
              className={`key-slot key-${item.id}`}
              onMouseEnter={() => {
                prefetch(item);
                if (!isMobile) openModal(id);
              }}
              onMouseLeave={isMobile ? undefined : () => closeModal(id)}
            >
              <button
                type="button"
                className={isOpen ? 'key key-active' : 'key'}
                aria-expanded={isOpen}
                aria-controls={id}
                onClick={() => activate(item)}
                onPointerDown={() => prefetch(item)}
                onFocus={() => {
                  prefetch(item);
                  if (!isMobile) openModal(id);
                }}
              >
                <span className="key-title">{item.title}</span>
                {item.playlist && <span className="visually-hidden">{item.playlist.hint}</span>}
              </button>
              {!isMobile && (
                <div id={id} className="key-panel" hidden={!isOpen}>
                  <PanelContent item={item} titleId={`${id}-title`} />
                </div>
              )}
            </div>
          );
        })}
      </div>
      {isMobile &&
        keys.map((item) => (
          <Modal
            key={item.id}
            id={panelId(item)}
            labelledBy={`${panelId(item)}-title`}
            closeLabel={labels.close}
            className="key-modal"
          >
            <PanelContent item={item} titleId={`${panelId(item)}-title`} />
          </Modal>
        ))}
    </div>
  );
}
