/**
 * The form control of a video: the artist pastes any link to it (or its id) and the id alone is
 * stored. Text holding no id is stored as typed, so the field's pattern refuses to save it.
 * Below it, the picture the site shows for the saved video (asked again after each save), or
 * why there is none yet.
 */
import { useEffect, useImperativeHandle, useState, type Ref } from 'react';
import { videoIdFromLink } from '../../src/lib/video-link.ts';
import { STUDIO_VIDEO_PICTURE_API, THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH } from '../../src/lib/video-thumbnails.ts';
import { withRequestToken } from '../request-token.ts';
import { CONTENT_SAVED_EVENT } from './publish-panel.tsx';
import type { StudioTexts } from './texts.ts';

/** How many saves this page has made: a new count asks for the picture again. */
function useSaveCount(): number {
  const [saves, setSaves] = useState(0);
  useEffect(() => {
    const count = () => setSaves((done) => done + 1);
    addEventListener(CONTENT_SAVED_EVENT, count);
    return () => removeEventListener(CONTENT_SAVED_EVENT, count);
  }, []);
  return saves;
}

/** The saved video's picture on the site; the stand-in's note when it has none. */
function VideoPicture({ id, texts }: { id: string; texts: StudioTexts }) {
  const saves = useSaveCount();
  const src = withRequestToken(`${STUDIO_VIDEO_PICTURE_API}?${new URLSearchParams({ id, saved: String(saves) })}`);
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === src) return <p className="studio-video-link-note">{texts.videoPictureNone}</p>;
  return (
    <img
      className="studio-video-picture"
      src={src}
      alt={`${texts.videoPicture}: ${id}`}
      width={THUMBNAIL_WIDTH}
      height={THUMBNAIL_HEIGHT}
      onError={() => setFailed(src)}
    />
  );
}

/** What Decap gives a widget's control. */
interface ControlProps {
  value?: string | null;
  onChange: (value: string) => void;
  forID: string;
  classNameWrapper: string;
  setActiveStyle?: () => void;
  setInactiveStyle?: () => void;
  /** Decap asks the control itself whether it is valid; the field's pattern already judges the id. */
  ref?: Ref<{ isValid: () => boolean }>;
}

/** The control, with its words in the studio's language. */
export function videoLinkControl(texts: StudioTexts) {
  return function VideoLinkControl(props: ControlProps) {
    const [text, setText] = useState(props.value ?? '');
    useImperativeHandle(props.ref, () => ({ isValid: () => true }), []);
    const id = videoIdFromLink(text);
    const note = text.trim() === '' ? '' : id ? `${texts.videoFound}: ${id}` : texts.videoNotFound;
    return (
      <div className="studio-video-link">
        <input
          id={props.forID}
          className={props.classNameWrapper}
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            props.onChange(videoIdFromLink(event.target.value) ?? event.target.value);
          }}
          onFocus={props.setActiveStyle}
          onBlur={props.setInactiveStyle}
        />
        <output htmlFor={props.forID} className="studio-video-link-note" data-found={id ? 'yes' : 'no'}>
          {note}
        </output>
        {id ? <VideoPicture id={id} texts={texts} /> : null}
      </div>
    );
  };
}
