import type { HTMLAttributes, ReactNode } from 'react';
import { Icon, type IconName } from './icon';
import './callout.css';

export type CalloutTone = 'info' | 'warning' | 'danger';

type CalloutProps = Omit<HTMLAttributes<HTMLElement>, 'children'> & {
  tone: CalloutTone;
  icon: IconName;
  iconSize?: number;
  /** Tinted more: a note that asks for something. */
  strong?: boolean;
  /** Smaller: a note inside a card. */
  small?: boolean;
  /** A paragraph (text and links in one `<span>`), or a block of paragraphs and buttons. */
  as?: 'p' | 'div';
  children: ReactNode;
};

/**
 * A tinted note led by its icon (info, warning or danger): what a page or a form tells before
 * the player acts (a deposit limit, an identity to verify, a closed account, a change waiting).
 */
export function Callout({
  tone,
  icon,
  iconSize = 18,
  strong,
  small,
  as: Tag = 'p',
  className,
  children,
  ...rest
}: CalloutProps) {
  const classes = [
    'callout',
    `callout--${tone}`,
    strong ? 'callout--strong' : null,
    small ? 'callout--small' : null,
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Tag className={classes} {...rest}>
      <Icon name={icon} size={iconSize} />
      {children}
    </Tag>
  );
}
