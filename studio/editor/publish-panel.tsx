/**
 * "Publicação": where the published site stands, a button to publish now and one to go back to
 * the previous build. The state is asked again every few seconds while a build runs.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Lang } from '../../src/lib/languages.ts';
import { failureText, publishNow, publishState, rollBack, type PublishState } from './studio-api.ts';
import { buildRefusals } from './build-refusal.ts';
import type { StudioCmsConfig } from './cms-config.ts';
import { markOnOpen } from './field-mark.ts';
import { stageText, type StudioTexts } from './texts.ts';

/** How often the state is asked again while the site builds. */
export const PUBLISH_POLL_MS = 3000;

/** A save in the CMS starts a build: the editor sends this event so the state is asked at once. */
export const CONTENT_SAVED_EVENT = 'studio:content-saved';

/** How long after a save the build it asked for is waited for, if none has started by then. */
const SAVE_STARTS_BUILD_MS = 30_000;

/** What the state shows: a build asked for by a save and not started yet counts as running. */
export type ShownPublishState = PublishState & { waiting: boolean };

/**
 * The publishing state, kept fresh while it is building. A save asks the server for a build that
 * starts a moment later: until a build newer than the one known at the save starts (or a while
 * passes), the state is asked again and shown as publishing, never as the last one published.
 */
export function usePublishState() {
  const [state, setState] = useState<PublishState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [awaited, setAwaited] = useState<{ after: string | null; until: number } | null>(null);
  const refresh = useCallback(() => {
    publishState().then(
      (next) => {
        setState(next);
        setError(null);
      },
      (reason: unknown) => setError(failureText(reason)),
    );
  }, []);
  const saved = useCallback(() => {
    setAwaited({ after: state?.startedAt ?? null, until: Date.now() + SAVE_STARTS_BUILD_MS });
    refresh();
  }, [state, refresh]);
  useEffect(() => {
    refresh();
  }, [refresh]);
  useEffect(() => {
    addEventListener(CONTENT_SAVED_EVENT, saved);
    return () => removeEventListener(CONTENT_SAVED_EVENT, saved);
  }, [saved]);
  const waiting = awaited !== null && state !== null && state.state !== 'building' && state.startedAt === awaited.after;
  useEffect(() => {
    if (waiting && Date.now() > awaited.until) {
      setAwaited(null);
      return;
    }
    if (state?.state !== 'building' && !waiting) return;
    const timer = setTimeout(refresh, PUBLISH_POLL_MS);
    return () => clearTimeout(timer);
  }, [state, waiting, awaited, refresh]);
  const shown: ShownPublishState | null = state && {
    ...state,
    state: waiting ? 'building' : state.state,
    waiting,
  };
  return { state: shown, error, setState, setError, refresh };
}

/** A build's duration as the artist reads it: "14 s", "1 min 5 s". */
export function duration(ms: number, lang: Lang): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  const unit = (value: number, name: 'minute' | 'second') =>
    new Intl.NumberFormat(lang, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  return minutes === 0 ? unit(seconds, 'second') : `${unit(minutes, 'minute')} ${unit(seconds % 60, 'second')}`;
}

interface Props {
  texts: StudioTexts;
  lang: Lang;
  publishing: ReturnType<typeof usePublishState>;
  config: StudioCmsConfig;
}

/**
 * Why the last build failed: each entry the content rules refused, its fields by their labels
 * with a link that opens the entry with the field marked, and the build's own words folded away.
 */
function BuildError({ texts, error, config }: { texts: StudioTexts; error: string; config: StudioCmsConfig }) {
  const refusals = buildRefusals(error, config);
  if (refusals.length === 0) return <p className="studio-error">{error}</p>;
  return (
    <div className="studio-error">
      <p>{texts.refusedIntro}</p>
      <ul>
        {refusals.map((refusal) => (
          <li key={refusal.href}>
            {refusal.collection} · {refusal.entry}
            <ul>
              {refusal.fields.map((field) => (
                <li key={field.label}>
                  <strong>{field.label}</strong>: {field.message}
                </li>
              ))}
            </ul>
            <a href={refusal.href} onClick={() => markOnOpen(refusal.href, refusal.fields[0]?.label ?? '')}>
              {texts.refusedOpen}
            </a>
          </li>
        ))}
      </ul>
      <details>
        <summary>{texts.refusedDetails}</summary>
        <pre>{error}</pre>
      </details>
    </div>
  );
}

function when(value: string | null, lang: Lang): string {
  if (!value || Number.isNaN(Date.parse(value))) return '';
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
}

export function PublishPanel({ texts, lang, publishing, config }: Props) {
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
        {state?.state === 'published' && state.tookMs !== null ? ` · ${duration(state.tookMs, lang)}` : null}
      </p>
      {building ? (
        <p>
          <progress max={progress?.steps} value={progress?.step} />{' '}
          {state.waiting || !progress
            ? texts.buildWaiting
            : `${stageText(texts, progress.stage)} · ${String(progress.pages)} ${texts.pages}`}
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
      {state?.error ? <BuildError texts={texts} error={state.error} config={config} /> : null}
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
