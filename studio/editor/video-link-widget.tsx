/**
 * The form control of a video: the artist pastes any link to it (or its id) and the id alone is
 * stored. Text holding no id is stored as typed, so the field's pattern refuses to save it.
 */
import { useImperativeHandle, useState, type Ref } from 'react';
import { videoIdFromLink } from '../../src/lib/video-link.ts';
import type { StudioTexts } from './texts.ts';

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
      </div>
    );
  };
}
