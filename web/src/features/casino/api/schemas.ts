import * as z from 'zod/mini';
import type {
  Game,
  LobbyPage,
  ProviderFacet,
  Round,
  RoundPage,
  Toggled,
} from '@shared/api/generated';
import { zGame, zLobbyPage, zRoundPage, zToggled } from '@shared/api/generated/zod.gen';

/** The casino's data, as the server's OpenAPI document describes it (generated types and schemas). */

export type CasinoGame = Game;
export type LobbyProvider = ProviderFacet;
export type { LobbyPage, Round, Toggled };
export type HistoryPage = RoundPage;

export const casinoGameSchema = zGame;
export const gamesSchema = z.array(zGame);
export const lobbyPageSchema = zLobbyPage;
export const historyPageSchema = zRoundPage;
export const toggledSchema = zToggled;
