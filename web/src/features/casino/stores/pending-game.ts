import { createStore } from '@/lib/create-store';
import type { GameToLaunch } from '../game-data';

/**
 * The game an anonymous visitor clicked: the login form opens, and after a successful login the
 * game starts (spec section 2, Play dialog). Cleared when it starts or the login is abandoned.
 */
export const pendingGameStore = createStore<GameToLaunch | null>(null);
