/**
 * "Publicação": where the published site stands, a button to publish now and one to go back to
 * the previous build. The state is asked again every few seconds while a build runs.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Lang } from '../../src/lib/languages.ts';
import { failureText, publishNow, publishState, rollBack, type PublishState } from './studio-api.ts';
import type { StudioTexts } from './texts.ts';

/** How often the state is asked again while the site builds. */
export const PUBLISH_POLL_MS = 3000;

/** A save in the CMS starts a build: the editor sends this event so the state is asked at once. */
export const CONTENT_SAVED_EVENT = 'studio:content-saved';

/** The publishing state, kept fresh while it is building or after a save. */
export function usePublishState() {
  const [state, setState] = useState<PublishState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = useCallback(() => {
    publishState().then(
      (next) => {
        setState(next);
        setError(null);
      },
      (reason: unknown) => setError(failureText(reason)),
    );
  }, []);
  useEffect(() => {
    refresh();
    addEventListener(CONTENT_SAVED_EVENT, refresh);
    return () => removeEventListener(CONTENT_SAVED_EVENT, refresh);
  }, [refresh]);
  useEffect(() => {
    if (state?.state !== 'building') return;
    const timer = setTimeout(refresh, PUBLISH_POLL_MS);
    return () => clearTimeout(timer);
  }, [state, refresh]);
  return { state, error, setState, setError, refresh };
}

interface Props {
  texts: StudioTexts;
  lang: Lang;
  publishing: ReturnType<typeof usePublishState>;
}

function when(value: string | null, lang: Lang): string {
  if (!value || Number.isNaN(Date.parse(value))) return '';
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
}

export function PublishPanel({ texts, lang, publishing }: Props) {
  const { state, error, setState, setError } = publishing;
  const [busy, setBusy] = useState(false);
  const act = (action: () => Promise<PublishState>) => {
    setBusy(true);
    action()
      .then(setState, (reason: unknown) => setError(failureText(reason)))
      .finally(() => setBusy(false));
  };
  const building = state?.state === 'building';
  const progress = state?.progress;
  return (
    <div className="studio-publish">
      <p className="studio-publish-state" role="status" data-state={state?.state ?? 'loading'}>
        {state ? texts.states[state.state] : texts.loading}
      </p>
      {building && progress ? (
        <p>
          <progress max={progress.steps} value={progress.step} /> {progress.stage} · {progress.pages} {texts.pages}
        </p>
      ) : null}
      {state?.startedAt ? (
        <p>
          {texts.startedAt}: {when(state.startedAt, lang)}
        </p>
      ) : null}
      {state?.publishedAt ? (
        <p>
          {texts.publishedAt}: {when(state.publishedAt, lang)}
        </p>
      ) : null}
      {state?.error ? <p className="studio-error">{state.error}</p> : null}
      {error ? (
        <p className="studio-error" role="alert">
          {texts.failed}: {error}
        </p>
      ) : null}
      <div className="studio-actions">
        <button type="button" disabled={busy || building} onClick={() => act(publishNow)}>
          {texts.publishNow}
        </button>
        <button
          type="button"
          disabled={busy || building || !state?.canRollback}
          onClick={() => {
            if (confirm(texts.rollbackConfirm)) act(rollBack);
          }}
        >
          {texts.rollback}
        </button>
      </div>
    </div>
  );
}
