import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { Icon } from '@/components/ui/icon';
import { useSiteOptions } from '@/features/bootstrap/api/get-bootstrap';
import { useStore } from '@/lib/create-store';
import { chatStore, closeLiveChatPanel, startLiveChat } from '@/lib/live-chat';

/**
 * The live chat's place in the app: starts loading the chat script once the site options are
 * known (production builds only), holds the element the widget draws into, and shows the panel
 * of the Live Chat items: "connecting" while the script loads, then the fallback (contact e-mail
 * and call-request link) when the chat is not configured or has not loaded after 5 s.
 */
export function LiveChat() {
  const options = useSiteOptions();
  const { status, config, panel } = useStore(chatStore);
  useEffect(() => startLiveChat(options), [options]);
  return (
    <>
      {config && status !== 'off' ? (
        <div id={config.divId} className="live-chat-anchor" data-testid="live-chat-anchor" />
      ) : null}
      {panel !== 'closed' ? (
        <LiveChatPanel
          connecting={panel === 'connecting'}
          email={options['contact-email']}
          callRequestUrl={options['call-request-url']}
        />
      ) : null}
    </>
  );
}

function LiveChatPanel({
  connecting,
  email,
  callRequestUrl,
}: {
  connecting: boolean;
  email?: string;
  callRequestUrl?: string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onClose={closeLiveChatPanel}
      title={t('chat.title')}
      size="medium"
      className="chat-help"
    >
      {connecting ? (
        <div className="chat-help__connecting" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('chat.connecting')}
        </div>
      ) : (
        <div className="chat-help__body" data-testid="live-chat-fallback">
          <span className="chat-help__icon" aria-hidden="true">
            <Icon name="chat" size={28} />
          </span>
          <p className="chat-help__text">{t('chat.unavailable')}</p>
          <div className="chat-help__actions">
            {email ? (
              <a className="btn btn--primary btn--lg" href={`mailto:${email}`}>
                <Icon name="mail" size={18} />
                <span className="chat-help__email">{email}</span>
              </a>
            ) : null}
            {callRequestUrl ? (
              <a
                className="btn btn--ghost btn--lg"
                href={callRequestUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                <Icon name="phone" size={18} />
                {t('menu.callRequest')}
                <span className="visually-hidden">{t('common.opensNewTab')}</span>
              </a>
            ) : null}
          </div>
        </div>
      )}
    </Dialog>
  );
}
