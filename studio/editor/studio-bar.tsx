/**
 * The studio's own bar below the CMS: who is signed in, the history of the open file and the
 * publishing state, each opening its panel over the editor.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { Lang } from '../../src/lib/languages.ts';
import type { StudioCmsConfig } from './cms-config.ts';
import { entryPath } from './entry-path.ts';
import { HistoryPanel } from './history-panel.tsx';
import { duration, PublishPanel, usePublishState } from './publish-panel.tsx';
import { SAVE_NOTICE_EVENT } from './save-notices.ts';
import type { StudioTexts } from './texts.ts';

interface Props {
  texts: StudioTexts;
  lang: Lang;
  person: { name: string };
  config: StudioCmsConfig;
}

export function StudioBar({ texts, lang, person, config }: Props) {
  const [open, setOpen] = useState<'history' | 'publish' | null>(null);
  const [hash, setHash] = useState(location.hash);
  const publishing = usePublishState();
  const titleId = useId();
  const panel = useRef<HTMLDialogElement>(null);
  // A modal dialog: the browser keeps the focus inside, Escape closes it, and the focus goes
  // back to the button that opened it.
  useEffect(() => {
    const dialog = panel.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  // The last save's notice stays until it is closed or another entry is opened.
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    const show = (event: Event) => setNotice((event as CustomEvent<string>).detail);
    addEventListener(SAVE_NOTICE_EVENT, show);
    return () => removeEventListener(SAVE_NOTICE_EVENT, show);
  }, []);
  useEffect(() => setNotice(null), [hash]);
  useEffect(() => {
    // Another page of the editor (a refusal's link, the Back gesture) closes the open panel.
    const follow = () => {
      setHash(location.hash);
      // Closed at once, so the focus it gives back lands before the new page takes it.
      panel.current?.close();
      setOpen(null);
    };
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);
  const path = entryPath(hash, config);
  const state = publishing.state?.state;
  const tookMs = publishing.state?.tookMs ?? null;
  // Done, with the time it took: the artist sees his save is live, and how long the next one waits.
  const took = state === 'published' && tookMs !== null ? ` · ${duration(tookMs, lang)}` : '';
  return (
    <>
      {notice ? (
        <div className="studio-notice" role="status">
          <p>{notice}</p>
          <button type="button" onClick={() => setNotice(null)}>
            {texts.close}
          </button>
        </div>
      ) : null}
      <nav className="studio-bar" aria-label={`${texts.history} · ${texts.publishing}`}>
        <span className="studio-person">{person.name}</span>
        <button type="button" aria-expanded={open === 'history'} disabled={!path} onClick={() => setOpen('history')}>
          {texts.history}
        </button>
        <button type="button" aria-expanded={open === 'publish'} data-state={state} onClick={() => setOpen('publish')}>
          {texts.publishing}
          {state ? (
            <span className="studio-badge">
              {' '}
              · {texts.states[state]}
              {took}
            </span>
          ) : null}
        </button>
      </nav>
      <dialog ref={panel} className="studio-panel" aria-labelledby={titleId} onClose={() => setOpen(null)}>
        {open ? (
          <>
            <header>
              <h2 id={titleId}>{open === 'history' ? texts.history : texts.publishing}</h2>
              <button type="button" onClick={() => setOpen(null)}>
                {texts.close}
              </button>
            </header>
            {open === 'history' ? (
              path ? (
                <HistoryPanel texts={texts} lang={lang} path={path} onRestored={() => location.reload()} />
              ) : (
                <p>{texts.historyNone}</p>
              )
            ) : (
              <PublishPanel texts={texts} lang={lang} publishing={publishing} config={config} />
            )}
          </>
        ) : null}
      </dialog>
    </>
  );
}
