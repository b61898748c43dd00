import { useState } from 'react';

/** The site logo (/media/logo.svg) with a text wordmark if the image fails to load. */
export function Logo({ name = 'Kasa', className }: { name?: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span className={`wordmark${className ? ` ${className}` : ''}`} aria-label={name}>
        <span aria-hidden="true" className="wordmark__mark">
          K
        </span>
        <span aria-hidden="true">{name.toUpperCase()}</span>
      </span>
    );
  }
  return (
    <img
      src="/media/logo.svg"
      alt={name}
      className={`logo${className ? ` ${className}` : ''}`}
      width={120}
      height={32}
      onError={() => setFailed(true)}
    />
  );
}
