import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useNavigation } from 'react-router';
import { profileQueryKey } from '@/features/account/api/get-profile';
import { AuthDialogs, prefetchAuthDialogs } from '@/features/auth/components/auth-dialogs';
import { openDialog, useOpenDialog } from '@/features/auth/stores/dialogs';
import { useBootstrap } from '@/features/bootstrap/api/get-bootstrap';
import { useClaimDialogOpen } from '@/features/bonuses/stores/claim-dialog';
import { openLiveChat } from '@/lib/live-chat';
import { useStore } from '@/lib/create-store';
import { LogoutNotice, logoutNoticeStore } from './logout-notice';
// The popup's look is in the page's own stylesheet: index.html may open it before the app's code.
import '@/features/popup/components/popup.css';

/**
 * The dialogs, composed here because they join features: the auth dialogs get the bootstrap's
 * trial bonus amount, the live chat, the account's trial bonus grant and a profile refresh after a
 * verified phone; Claim Reward's dialog (bonuses) while it is open; the bootstrap popup waits while
 * an auth dialog is open or a route is loading.
 */
// The popup (with DOMPurify) loads only when the content has one.
const PopupDialog = lazy(() =>
  import('@/features/popup/components/popup-dialog').then((m) => ({ default: m.PopupDialog })),
);

// Claim Reward's dialog loads with its first opening.
const ClaimRewardDialog = lazy(() =>
  import('@/features/bonuses/components/claim-reward-dialog').then((m) => ({
    default: m.ClaimRewardDialog,
  })),
);

export function AppDialogs() {
  const queryClient = useQueryClient();
  const { data, isFresh } = useBootstrap();
  const navigation = useNavigation();
  const openDialogName = useOpenDialog();
  const claimOpen = useClaimDialogOpen();
  const logoutNotice = useStore(logoutNoticeStore);
  useEffect(prefetchAuthDialogs, []);
  return (
    <>
      <AuthDialogs
        trialBonusAmount={data?.trialBonusAmount ?? 0}
        onLiveChat={openLiveChat}
        onPhoneVerified={() => void queryClient.invalidateQueries({ queryKey: profileQueryKey })}
      />
      {claimOpen ? (
        <Suspense fallback={null}>
          <ClaimRewardDialog onVerifyPhone={() => openDialog('phoneVerification')} />
        </Suspense>
      ) : null}
      <LogoutNotice />
      {data?.popup ? (
        <Suspense fallback={null}>
          <PopupDialog
            popup={data.popup}
            ready={isFresh}
            blocked={
              openDialogName !== null || navigation.state !== 'idle' || logoutNotice !== null
            }
          />
        </Suspense>
      ) : null}
    </>
  );
}
