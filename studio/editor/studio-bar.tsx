/**
 * The studio's own bar below the CMS: who is signed in, the history of the open file and the
 * publishing state, each opening its panel over the editor.
 */
import { useEffect, useId, useState } from 'react';
import type { Lang } from '../../src/lib/languages.ts';
import type { StudioCmsConfig } from './cms-config.ts';
import { entryPath } from './entry-path.ts';
import { HistoryPanel } from './history-panel.tsx';
import { PublishPanel, usePublishState } from './publish-panel.tsx';
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
  useEffect(() => {
    const follow = () => setHash(location.hash);
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);
  const path = entryPath(hash, config);
  const state = publishing.state?.state;
  return (
    <>
      <nav className="studio-bar" aria-label={`${texts.history} · ${texts.publishing}`}>
        <span className="studio-person">{person.name}</span>
        <button type="button" aria-expanded={open === 'history'} disabled={!path} onClick={() => setOpen('history')}>
          {texts.history}
        </button>
        <button type="button" aria-expanded={open === 'publish'} data-state={state} onClick={() => setOpen('publish')}>
          {texts.publishing}
          {state ? <span className="studio-badge"> · {texts.states[state]}</span> : null}
        </button>
      </nav>
      {open ? (
        <section className="studio-panel" role="dialog" aria-labelledby={titleId}>
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
            <PublishPanel texts={texts} lang={lang} publishing={publishing} />
          )}
        </section>
      ) : null}
    </>
  );
}
