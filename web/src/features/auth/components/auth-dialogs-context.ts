import { createContext, useContext } from 'react';

/**
 * What the auth dialogs need from outside the feature; the app layer passes it to `AuthDialogs`,
 * which hands it down through this context (a feature imports no other feature).
 */
export type AuthDialogsProps = {
  /** The bootstrap's trial bonus amount (0: none is offered). */
  trialBonusAmount: number;
  /** Opens the live chat (the congratulations screen's Live Chat button). */
  onLiveChat: () => void;
  /** A phone was verified (the profile shows it). */
  onPhoneVerified: () => void;
};

export const AuthDialogsContext = createContext<AuthDialogsProps>({
  trialBonusAmount: 0,
  onLiveChat: () => undefined,
  onPhoneVerified: () => undefined,
});

export function useAuthDialogsContext(): AuthDialogsProps {
  return useContext(AuthDialogsContext);
}
