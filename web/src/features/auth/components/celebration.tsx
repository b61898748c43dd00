import { useEffect, type ReactNode } from 'react';
import { CELEBRATION_DELAY_MS, fireConfetti } from '@/lib/celebrate';
import { Icon } from '@/components/ui/icon';

/** The congratulations view: confetti 100 ms after it appears. */
export function Celebration({
  title,
  text,
  children,
}: {
  title: ReactNode;
  text: ReactNode;
  children?: ReactNode;
}) {
  useEffect(() => {
    const timer = window.setTimeout(fireConfetti, CELEBRATION_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <div className="celebrate" role="status">
      <div className="celebrate__badge" aria-hidden="true">
        <span className="celebrate__ring" />
        <Icon name="trophy" size={44} />
      </div>
      <h3 className="celebrate__title">{title}</h3>
      <div className="celebrate__text">{text}</div>
      {children ? <div className="celebrate__actions">{children}</div> : null}
    </div>
  );
}
