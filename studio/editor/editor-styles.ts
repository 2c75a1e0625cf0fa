/**
 * The CSS the studio adds to Decap CMS: its bar and panels, and what Decap's desktop-first
 * layout needs on a 320–390 px phone (no sideways scroll, every control reachable).
 */

import { MARKED_ATTRIBUTE } from './field-mark.ts';

/** The bar's height, which the page keeps free below the CMS. */
const BAR_HEIGHT = '3.5rem';

export const EDITOR_STYLES = `
[${MARKED_ATTRIBUTE}] { outline: 3px solid #a3262d; outline-offset: 4px; border-radius: 4px; }
.studio-error pre { white-space: pre-wrap; overflow-wrap: anywhere; font-size: 12px; }
body { padding-bottom: ${BAR_HEIGHT}; overflow-x: hidden; }
.studio-bar {
  position: fixed; inset: auto 0 0 0; z-index: 400; height: ${BAR_HEIGHT};
  display: flex; gap: 0.5rem; align-items: center; padding: 0 0.75rem;
  background: #1f2430; color: #fff; font: 14px/1.3 system-ui, sans-serif;
}
.studio-person { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.studio-bar button, .studio-panel button {
  min-height: 2.75rem; padding: 0 0.9rem; border: 0; border-radius: 6px;
  background: #3a4151; color: #fff; font: inherit; cursor: pointer;
}
.studio-bar button:disabled, .studio-panel button:disabled { opacity: 0.5; cursor: default; }
.studio-bar button[data-state='building'] { background: #8a6d00; }
.studio-bar button[data-state='failed'] { background: #a3262d; }
.studio-panel {
  position: fixed; inset: auto 0 ${BAR_HEIGHT} auto; z-index: 401; width: min(28rem, 100vw);
  margin: 0; border: 0; max-width: none;
  max-height: calc(100dvh - ${BAR_HEIGHT}); overflow: auto; box-sizing: border-box; padding: 1rem;
  background: #fff; color: #1f2430; box-shadow: 0 -4px 24px rgb(0 0 0 / 25%);
  font: 15px/1.4 system-ui, sans-serif;
}
.studio-panel::backdrop { background: rgb(0 0 0 / 30%); }
.studio-panel header { display: flex; justify-content: space-between; align-items: center; gap: 1rem; }
.studio-panel h2 { margin: 0; font-size: 1.2rem; }
.studio-panel button { background: #3a4151; }
.studio-actions { display: flex; flex-wrap: wrap; gap: 0.5rem; }
.studio-versions { list-style: none; padding: 0; }
.studio-versions li { border-top: 1px solid #dfe3ea; padding: 0.5rem 0; }
.studio-versions p { margin: 0.2rem 0; overflow-wrap: anywhere; }
.studio-error { color: #a3262d; overflow-wrap: anywhere; }
.studio-publish progress { width: 100%; }
.studio-notice {
  position: fixed; inset: auto 0 ${BAR_HEIGHT} 0; z-index: 400; display: flex; gap: 0.75rem;
  align-items: center; padding: 0.6rem 0.75rem; background: #fff4d6; color: #1f2430;
  border-top: 2px solid #8a6d00; font: 14px/1.4 system-ui, sans-serif;
}
.studio-notice p { flex: 1; margin: 0; overflow-wrap: anywhere; }
.studio-notice button {
  min-height: 2.75rem; padding: 0 0.9rem; border: 0; border-radius: 6px; background: #3a4151; color: #fff; font: inherit;
}
.studio-video-picture { display: block; margin-top: 0.5rem; width: 12rem; max-width: 100%; height: auto; aspect-ratio: 4 / 3; object-fit: cover; border-radius: 4px; background: #dfe3ea; }
.studio-video-link-note { display: block; margin-top: 0.35rem; font-size: 0.85rem; }
.studio-video-link-note[data-found='no'] { color: #a3262d; }

/* Decap's emotion classes carry their component's name: these hold to it, not to a hash. */
/* Signing out is the studio's (its bar shows who is in), and there is no deploy preview. */
#nc-root [class*='-SettingsWrapper'], #nc-root [class*='-PreviewButtonContainer'] { display: none; }

/* On a wide screen a text in three languages (a release's description, its key text) sits
   side by side, as three columns; on a phone, one below the other. */
@media (min-width: 64rem) {
  #nc-root [aria-label='object field'] > div > div:has(> [aria-label='text field']:nth-child(3):last-child) {
    display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); column-gap: 0.75rem; align-items: start;
  }
  #nc-root [aria-label='object field'] > div > div:has(> [aria-label='text field']:nth-child(3):last-child) > * {
    margin-top: 1rem;
  }
}

@media (max-width: 799px) {
  /* Decap's editor and its toolbar hold an 800 px minimum width; a phone has less. */
  #nc-root div { min-width: 0 !important; }
  #nc-root [class*='-BackCollection'] { display: none; }
  /* The toolbar takes two rows: where you are and whether it is saved, then the actions. */
  #nc-root [class*='-ToolbarContainer'] { flex-wrap: wrap; height: auto; }
  #nc-root [class*='-ToolbarSectionBackLink'] { flex: 1 0 100%; height: 2.75rem; padding: 0 0.5rem; border-right: 0; }
  #nc-root [class*='-ToolbarSectionMain'] { height: 3.25rem; padding: 0 0.25rem; border-top: 1px solid #dfe5ed; }
  #nc-root [class*='-EditorContainer'] { padding-top: 6rem; }
  #nc-root [class*='-DateTimeControl'] { flex-wrap: wrap; row-gap: 0.5rem; }
  .studio-person { display: none; }
  #nc-root [class*='-ToolbarButton'], #nc-root [class*='-ToolbarDropdown'] { margin: 0 0.25rem; padding: 0 0.6rem; }
}
`;
