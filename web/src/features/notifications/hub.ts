import type { HubConnection, IRetryPolicy, RetryContext } from '@microsoft/signalr';
import { useEffect } from 'react';
import { createStore, useStore } from '@/lib/create-store';
import { getFingerprint } from '@/lib/fingerprint-store';
import { getToken, logoutLocally, sessionStore } from '@/lib/session-store';

/**
 * The real-time connection (spec sections 4, 7 and 9): a SignalR hub at ./hub/frnotify, reached
 * over a WebSocket without negotiation, authenticated by the login token plus the fingerprint.
 * It is open while the player is logged in; pushes arrive as NotifyMessage(command, message).
 * The notifications feature owns it; other pushes (Balance) are wired by the app layer through
 * `onHubCommand`.
 */

export const HUB_PATH = 'hub/frnotify';
export const HUB_EVENT = 'NotifyMessage';
export const HUB_KEEPALIVE_MS = 15_000;
export const HUB_SERVER_TIMEOUT_MS = 30_000;
/** After a drop: retry after 0, 2, 10 and 30 seconds, then give up. */
export const HUB_RECONNECT_DELAYS_MS = [0, 2000, 10_000, 30_000] as const;
/** The first start is retried after these pauses (server restarting, flaky network). */
export const HUB_START_RETRY_DELAYS_MS = [1000, 3000, 8000] as const;

export type HubStatus = 'disconnected' | 'connecting' | 'connected' | 'reconnecting';

/** The commands the server pushes (contract: Notification, Balance, exit). */
export type HubCommand = 'Notification' | 'Balance' | 'exit' | (string & {});

/** The retry policy of `withAutomaticReconnect`: the spec's delays, then null (give up). */
export function createReconnectPolicy(
  delays: readonly number[] = HUB_RECONNECT_DELAYS_MS,
): IRetryPolicy {
  return {
    nextRetryDelayInMilliseconds: (context: Pick<RetryContext, 'previousRetryCount'>) =>
      delays[context.previousRetryCount] ?? null,
  };
}

/** The site root: the document base when index.html has a <base>, else the origin. */
function siteRoot(): string {
  return document.querySelector('base[href]') ? document.baseURI : `${window.location.origin}/`;
}

/**
 * ./hub/frnotify resolved against the site root (a deep route such as /dashboard/deposit still
 * connects to /hub/frnotify), with ?fingerprint=….
 */
export function hubUrl(fingerprint: string | null = getFingerprint(), base = siteRoot()): string {
  const url = new URL(HUB_PATH, base);
  url.searchParams.set('fingerprint', fingerprint ?? '');
  return url.toString();
}

/**
 * Builds (does not start) a connection with the spec's transport, timeouts and retry policy. The
 * SignalR client is loaded here, on the first connection after a login, not with the first page.
 */
export async function createHubConnection(
  accessToken: () => string,
  url: string = hubUrl(),
): Promise<HubConnection> {
  const { HttpTransportType, HubConnectionBuilder, LogLevel } = await import('@microsoft/signalr');
  return new HubConnectionBuilder()
    .withUrl(url, {
      skipNegotiation: true,
      transport: HttpTransportType.WebSockets,
      accessTokenFactory: accessToken,
    })
    .withAutomaticReconnect(createReconnectPolicy())
    .withKeepAliveInterval(HUB_KEEPALIVE_MS)
    .withServerTimeout(HUB_SERVER_TIMEOUT_MS)
    .configureLogging(import.meta.env.DEV ? LogLevel.Warning : LogLevel.None)
    .build();
}

// ---- the connection state, for the app -------------------------------------------------------

export const hubStore = createStore<HubStatus>('disconnected');

export function useHubStatus(): HubStatus {
  return useStore(hubStore);
}

// ---- commands: a tiny event API --------------------------------------------------------------

type CommandHandler = (message: string) => void;
const handlers = new Map<string, Set<CommandHandler>>();

/** Listen to one pushed command (case-insensitive: 'exit', 'Notification', 'Balance'). */
export function onHubCommand(command: HubCommand, handler: CommandHandler): () => void {
  const key = command.toLowerCase();
  let set = handlers.get(key);
  if (!set) {
    set = new Set();
    handlers.set(key, set);
  }
  set.add(handler);
  return () => {
    handlers.get(key)?.delete(handler);
  };
}

/** Hands a push to its listeners (also what tests use to simulate the server). */
export function dispatchHubCommand(command: unknown, message: unknown): void {
  if (typeof command !== 'string') return;
  const text = typeof message === 'string' ? message : JSON.stringify(message ?? '');
  for (const handler of [...(handlers.get(command.toLowerCase()) ?? [])]) {
    try {
      handler(text);
    } catch (error) {
      if (import.meta.env.DEV) console.warn(`hub handler for ${command} failed`, error);
    }
  }
}

// ---- the lifecycle ---------------------------------------------------------------------------

let connection: HubConnection | null = null;
let connectedToken: string | null = null;
/** Bumped on every start and stop, so a stale start attempt gives up quietly. */
let generation = 0;

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

async function startWithRetries(conn: HubConnection, gen: number): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    if (gen !== generation) return;
    try {
      hubStore.set('connecting');
      await conn.start();
      if (gen === generation) hubStore.set('connected');
      else void conn.stop();
      return;
    } catch {
      if (gen !== generation) return;
      const delay = HUB_START_RETRY_DELAYS_MS[attempt];
      if (delay === undefined) {
        hubStore.set('disconnected');
        return;
      }
      await wait(delay);
    }
  }
}

/** Opens the connection for a token (a no-op when it is already open for it). */
export function startHub(token: string): void {
  if (connectedToken === token) return;
  stopHub();
  const gen = ++generation;
  connectedToken = token;
  hubStore.set('connecting');
  createHubConnection(() => getToken() ?? token).then(
    (conn) => {
      if (gen === generation) listen(conn, gen);
    },
    () => {
      // The client could not be loaded (offline): shown as disconnected, retried by hand.
      if (gen === generation) hubStore.set('disconnected');
    },
  );
}

function listen(conn: HubConnection, gen: number): void {
  connection = conn;
  conn.on(HUB_EVENT, dispatchHubCommand);
  conn.onreconnecting(() => {
    if (connection === conn) hubStore.set('reconnecting');
  });
  conn.onreconnected(() => {
    if (connection === conn) hubStore.set('connected');
  });
  conn.onclose(() => {
    if (connection === conn) hubStore.set('disconnected');
  });
  void startWithRetries(conn, gen);
}

/** Closes the connection (logout). */
export function stopHub(): void {
  generation++;
  const conn = connection;
  connection = null;
  connectedToken = null;
  hubStore.set('disconnected');
  if (conn) void conn.stop().catch(() => undefined);
}

/** After the reconnect attempts gave up: try again by hand. */
export function restartHub(): void {
  const token = getToken();
  stopHub();
  if (token) startHub(token);
}

export const GAME_ROUTE_PREFIX = '/casino/play/';

/**
 * 'exit': the session was ended elsewhere (logout, password change, recovery, operator). A game
 * window opened by the site closes itself; otherwise the game is left and the session forgotten
 * locally, the way a 401 does (no auth/logout call).
 */
export function endSessionFromHub(): void {
  stopHub();
  const inGame = window.location.pathname.includes(GAME_ROUTE_PREFIX);
  if (inGame && window.opener) {
    try {
      window.close();
    } catch {
      /* not closable: fall through to the local logout */
    }
  }
  logoutLocally();
}

/**
 * Keeps the connection in step with the login: open while a token exists, closed otherwise.
 * Also wires 'exit' (leave and log out). Returns the undo function (for an effect).
 */
export function bindHubToSession(): () => void {
  const sync = () => {
    const token = getToken();
    if (token) startHub(token);
    else if (connection) stopHub();
  };
  const offExit = onHubCommand('exit', endSessionFromHub);
  const offSession = sessionStore.subscribe(sync);
  sync();
  return () => {
    offSession();
    offExit();
    stopHub();
  };
}

/**
 * Mount once (the app layout): the connection follows the login for the app's lifetime. Unit
 * tests (jsdom, no server) do not connect; they drive `bindHubToSession` and the commands directly.
 */
export function useHubConnection(): void {
  useEffect(() => (import.meta.env.MODE === 'test' ? undefined : bindHubToSession()), []);
}
