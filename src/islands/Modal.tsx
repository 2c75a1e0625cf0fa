/**
 * The one modal mechanism of the site, on the native `<dialog>`: the browser traps focus and
 * makes the page behind inert. Opening is driven by the shared modal store, so opening one
 * closes the others. Escape, the X button and a click on the overlay close it; it fades out
 * over 500 ms (none under reduced motion) before it is hidden; focus returns to the opener;
 * the page behind does not scroll (see modal.css). The content is unmounted once closed, so
 * an embedded video stops.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { modalFadeMs } from '../lib/motion.ts';
import { $openModal, closeModal } from '../stores/modals.ts';
import { useSharedStore } from './useSharedStore.ts';
import './modal.css';

interface ModalProps {
  /** The id in the modal store; also the dialog's element id. */
  id: string;
  /** The id of the element (inside `children`) that names the dialog. */
  labelledBy: string;
  /** The close button's accessible name, translated. */
  closeLabel: string;
  className?: string;
  children: ReactNode;
}

type Phase = 'closed' | 'open' | 'closing';

export default function Modal({ id, labelledBy, closeLabel, className, children }: ModalProps) {
  const isOpen = useSharedStore($openModal) === id;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const [phase, setPhase] = useState<Phase>('closed');

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    if (isOpen) {
      if (!dialog.open) {
        openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        dialog.showModal();
      }
      setPhase('open');
      return undefined;
    }
    if (!dialog.open) return undefined;
    setPhase('closing');
    const timer = setTimeout(() => {
      dialog.close();
      setPhase('closed');
      const opener = openerRef.current;
      if (opener?.isConnected) opener.focus();
    }, modalFadeMs());
    return () => clearTimeout(timer);
  }, [isOpen]);

  return (
    <dialog
      ref={dialogRef}
      id={id}
      aria-labelledby={labelledBy}
      className={['modal', `modal-${phase}`, className].filter(Boolean).join(' ')}
      onCancel={(event) => {
        // Escape: fade out like the other ways of closing instead of vanishing at once.
        event.preventDefault();
        closeModal(id);
      }}
      onClick={(event) => {
        // A click on the dialog element itself is a click on the overlay around the box.
        if (event.target === event.currentTarget) closeModal(id);
      }}
    >
      <div className="modal-box">
        <button type="button" className="modal-close" aria-label={closeLabel} onClick={() => closeModal(id)}>
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
            <path d="M4 4l12 12M16 4L4 16" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        </button>
        {phase === 'closed' ? null : children}
      </div>
    </dialog>
  );
}
