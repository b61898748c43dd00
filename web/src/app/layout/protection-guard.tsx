import { useLogout } from '@/features/auth/api/logout';
import { SessionGuard } from '@/features/protection/components/session-guard';

/**
 * Player protection while logged in (issue 31), composed here: the reality check and the session
 * time limit (protection), whose Log out is the auth feature's.
 */
export function ProtectionGuard() {
  const logout = useLogout();
  return <SessionGuard onLogout={() => logout.mutate()} />;
}
