import { MEDIA_ALT_MAX_LENGTH, type MediaItem, type MediaKind } from '@memoir/shared';
import { useId, useRef, useState, type DragEvent } from 'react';

import { FormField } from '../../../shared/form-field';
import { ButtonRow } from '../../../shared/page';
import { useTestCopy, useUpload } from '../api/media';
import { formatBytes, progressText, uploadFailureText } from '../utils/media-words';

/** What each card says: its title, what visitors see of it, the files it takes. */
export interface MediaCardTexts {
  readonly kind: MediaKind;
  readonly title: string;
  readonly about: string;
  /** What the page shows while nothing has been uploaded. */
  readonly without: string;
  /** The `accept` of the file chooser (the server judges the file itself). */
  readonly accept: string;
  readonly types: string;
}

const uploadedWhen = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';

/** What visitors see: the image as served, or the book's pages and size (and the file to open). */
function Preview({ item, texts }: { readonly item: MediaItem | undefined; readonly texts: MediaCardTexts }) {
  if (item === undefined) return <p className="hint">{texts.without}</p>;
  return (
    <>
      {texts.kind === 'book' ? (
        <p data-testid="media-book-facts">
          The book: {item.pages === undefined ? '' : `${item.pages} pages, `}
          {formatBytes(item.bytes)}
        </p>
      ) : (
        <img
          className="media-preview"
          src={item.url}
          alt={item.alt ?? ''}
          {...(item.width === undefined ? {} : { width: item.width, height: item.height })}
        />
      )}
      <p className="meta" data-testid="media-uploaded">
        Uploaded {uploadedWhen(item.uploadedAt)}
        {item.uploadedBy === null ? null : (
          <>
            {' '}
            by <bdi>{item.uploadedBy}</bdi>
          </>
        )}
        {texts.kind === 'book'
          ? null
          : ` · ${item.width ?? '?'} x ${item.height ?? '?'} pixels, ${formatBytes(item.bytes)}`}
      </p>
    </>
  );
}

/**
 * One upload's card: what visitors see now, a file dropped on the card or chosen, its alt text
 * (an image's, required before it is sent), the upload's progress with Cancel, and the server's
 * reason when it refused the file (the old file then stays). The book's card also makes a
 * stamped test copy.
 */
export function MediaCard({ texts, item }: { readonly texts: MediaCardTexts; readonly item: MediaItem | undefined }) {
  const id = useId();
  const isImage = texts.kind !== 'book';
  const upload = useUpload();
  const testCopy = useTestCopy();
  const chooser = useRef<HTMLInputElement>(null);
  const cancel = useRef<AbortController | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState(item?.alt ?? '');
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState({ sent: 0, total: 0 });
  const [done, setDone] = useState<string | null>(null);

  const choose = (chosen: File | undefined) => {
    if (chosen === undefined) return;
    setFile(chosen);
    setDone(null);
    upload.reset();
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };
  const send = () => {
    if (file === null || (isImage && alt.trim() === '')) return;
    const controller = new AbortController();
    cancel.current = controller;
    setProgress({ sent: 0, total: file.size });
    setDone(null);
    upload.mutate(
      {
        kind: texts.kind,
        file,
        alt,
        signal: controller.signal,
        onProgress: (sent, total) => setProgress({ sent, total }),
      },
      {
        onSuccess: () => {
          setDone(`${file.name} is uploaded: visitors see it now.`);
          setFile(null);
          if (chooser.current) chooser.current.value = '';
        },
        onSettled: () => {
          cancel.current = null;
        },
      },
    );
  };
  const missingAlt = isImage && alt.trim() === '';

  return (
    <li className="card media-card" data-testid={`media-${texts.kind}`}>
      <h2 id={`${id}-title`}>{texts.title}</h2>
      <p>{texts.about}</p>
      <Preview item={item} texts={texts} />
      <div
        className={dragging ? 'media-drop media-drop-over' : 'media-drop'}
        data-testid={`media-${texts.kind}-drop`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>
          Drag a file here, or{' '}
          <label htmlFor={`${id}-file`} className="button button-ghost button-small">
            Choose a file
          </label>
          <input
            ref={chooser}
            id={`${id}-file`}
            className="visually-hidden"
            type="file"
            accept={texts.accept}
            aria-describedby={`${id}-types`}
            disabled={upload.isPending}
            onChange={(event) => choose(event.target.files?.[0])}
          />
        </p>
        <p id={`${id}-types`} className="hint">
          {texts.types}
        </p>
        {file === null ? null : (
          <p data-testid="media-chosen">
            Chosen: <bdi>{file.name}</bdi> ({formatBytes(file.size)})
          </p>
        )}
      </div>
      {isImage ? (
        <FormField
          id={`${id}-alt`}
          label="Alt text"
          value={alt}
          onChange={setAlt}
          maxLength={MEDIA_ALT_MAX_LENGTH}
          hint="What the image shows, for people who cannot see it. Required before you upload."
        />
      ) : null}
      {upload.isPending ? (
        <div className="media-progress">
          <progress
            id={`${id}-progress`}
            max={progress.total || 1}
            value={progress.sent}
            aria-labelledby={`${id}-progress-text`}
          />
          <p id={`${id}-progress-text`} role="status">
            Uploading: {progressText(progress.sent, progress.total)}
          </p>
          <button type="button" className="button button-ghost" onClick={() => cancel.current?.abort()}>
            Cancel
          </button>
        </div>
      ) : (
        <ButtonRow>
          <button
            type="button"
            className="button"
            disabled={file === null || missingAlt}
            onClick={send}
            aria-describedby={missingAlt && file !== null ? `${id}-alt-hint` : undefined}
          >
            {`Upload the ${texts.title.toLowerCase()}`}
          </button>
          {texts.kind === 'book' && item !== undefined ? (
            <button
              type="button"
              className="button button-ghost"
              aria-busy={testCopy.isPending}
              disabled={testCopy.isPending}
              onClick={() => testCopy.mutate()}
            >
              {testCopy.isPending ? 'Stamping a copy...' : 'Download a test copy'}
            </button>
          ) : null}
        </ButtonRow>
      )}
      {upload.isError ? (
        <p role="alert" className="hint hint-error" data-testid="media-error">
          {uploadFailureText(upload.error)}
        </p>
      ) : null}
      {done === null ? null : (
        <p role="status" className="hint" data-testid="media-done">
          {done}
        </p>
      )}
    </li>
  );
}
