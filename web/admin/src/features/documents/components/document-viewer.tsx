import { useEffect, useRef, useState, type ReactNode } from 'react';
import { LoadError, Loading } from '../../../components/ui/status';
import { formatSize } from '../../../lib/format';
import { useDocumentFile } from '../api/get-document-file';

/**
 * The blob's URL set on an element (an image's src, a link's href) for as long as it shows: made
 * when it mounts, revoked when it goes.
 */
function useBlobUrl<E extends HTMLImageElement | HTMLAnchorElement>(blob: Blob) {
  const ref = useRef<E>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const url = URL.createObjectURL(blob);
    if (element instanceof HTMLImageElement) element.src = url;
    else element.href = url;
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return ref;
}

function BlobImage({ blob, alt, turns }: { blob: Blob; alt: string; turns: number }) {
  const ref = useBlobUrl<HTMLImageElement>(blob);
  return (
    <img
      ref={ref}
      alt={alt}
      className="viewer__image"
      style={{ transform: `rotate(${turns * 90}deg)` }}
    />
  );
}

function BlobLink({
  blob,
  className,
  download,
  children,
}: {
  blob: Blob;
  className: string;
  download?: string;
  children: ReactNode;
}) {
  const ref = useBlobUrl<HTMLAnchorElement>(blob);
  return (
    <a
      ref={ref}
      href="#"
      className={className}
      download={download}
      target={download ? undefined : '_blank'}
      rel="noopener"
    >
      {children}
    </a>
  );
}

/**
 * A document's file, fetched with the token: an image is shown (and can be turned a quarter at a
 * time), a PDF opens in a new tab or downloads (the site's security policy frames no blob URL).
 */
export function DocumentViewer({ id, label }: { id: number; label: string }) {
  const file = useDocumentFile(id);
  const [turns, setTurns] = useState(0);
  if (file.isPending) return <Loading label="Loading the file…" />;
  if (file.isError) return <LoadError error={file.error} onRetry={() => file.refetch()} />;
  const type = file.data.type;
  if (type.startsWith('image/')) {
    return (
      <figure className="viewer">
        <div className="viewer__stage">
          <BlobImage blob={file.data} alt={label} turns={turns} />
        </div>
        <figcaption className="viewer__bar">
          <span className="muted small">
            {type.replace('image/', '').toUpperCase()} · {formatSize(file.data.size)}
          </span>
          <span className="viewer__tools">
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              onClick={() => setTurns((t) => (t + 3) % 4)}
            >
              Rotate left
            </button>
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              onClick={() => setTurns((t) => (t + 1) % 4)}
            >
              Rotate right
            </button>
            <BlobLink blob={file.data} className="btn btn--ghost btn--sm">
              Open full size
            </BlobLink>
          </span>
        </figcaption>
      </figure>
    );
  }
  const pdf = type === 'application/pdf';
  return (
    <div className="viewer viewer--file">
      <p>
        {pdf ? 'A PDF document' : `A file of type ${type || 'unknown'}`} (
        {formatSize(file.data.size)}).
      </p>
      <div className="viewer__tools">
        <BlobLink blob={file.data} className="btn btn--primary">
          Open the {pdf ? 'PDF' : 'file'} in a new tab
        </BlobLink>
        <BlobLink
          blob={file.data}
          className="btn btn--ghost"
          download={`document-${id}${pdf ? '.pdf' : ''}`}
        >
          Download
        </BlobLink>
      </div>
    </div>
  );
}
