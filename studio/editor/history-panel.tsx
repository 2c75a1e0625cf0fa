/**
 * "Histórico": the saved versions of the file open in the editor, newest first, each but the
 * current one with a button that brings the file back to it (a new version on top).
 */
import { useEffect, useState } from 'react';
import type { Lang } from '../../src/lib/languages.ts';
import { failureText, fileHistory, restoreVersion, type FileHistory } from './studio-api.ts';
import type { StudioTexts } from './texts.ts';

interface Props {
  texts: StudioTexts;
  lang: Lang;
  path: string;
  /** After a restore: the editor shows the file again as it now is. */
  onRestored: () => void;
}

export function HistoryPanel({ texts, lang, path, onRestored }: Props) {
  const [history, setHistory] = useState<FileHistory | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setHistory(null);
    fileHistory(path).then(setHistory, (reason: unknown) => setError(failureText(reason)));
  }, [path]);
  const format = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
  const restore = (commit: string) => {
    if (!confirm(texts.restoreConfirm)) return;
    setBusy(true);
    restoreVersion(path, commit).then(onRestored, (reason: unknown) => {
      setError(failureText(reason));
      setBusy(false);
    });
  };
  return (
    <div className="studio-history">
      <p className="studio-history-path">
        {texts.historyOf} <code>{path.split('/').pop()}</code>
      </p>
      {error ? (
        <p className="studio-error" role="alert">
          {texts.failed}: {error}
        </p>
      ) : null}
      {history === null && !error ? <p role="status">{texts.loading}</p> : null}
      {history?.git === false ? <p>{texts.historyOff}</p> : null}
      {history?.git && history.commits.length === 0 ? <p>{texts.historyEmpty}</p> : null}
      <ol className="studio-versions">
        {(history?.commits ?? []).map((version, index) => (
          <li key={version.commit}>
            <p>
              <time dateTime={version.date}>
                {Number.isNaN(Date.parse(version.date)) ? version.date : format.format(new Date(version.date))}
              </time>{' '}
              · {version.author}
            </p>
            <p className="studio-version-message">{version.message}</p>
            {index > 0 ? (
              <button type="button" disabled={busy} onClick={() => restore(version.commit)}>
                {texts.restore}
              </button>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
