// The official @microsoft/signalr client against the real `kasa` binary: it connects without
// negotiation, receives a notification sent by `kasa admin notify`, survives a server restart by
// reconnecting, and stops when the player's session is revoked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as signalR from '@microsoft/signalr';
import { freePort, kasaBin } from './helpers.mjs';

const run = promisify(execFile);

async function startKasa(port, databaseUrl) {
  const child = spawn(
    kasaBin,
    ['serve', '--addr', `127.0.0.1:${port}`, '--database-url', databaseUrl, '--demo'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, KASA_LOG: 'info' },
    },
  );
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`kasa exited early:\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/cms/grouped`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`kasa did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function waitFor(predicate, what, ms = 15_000) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const timer = setInterval(() => {
      const value = predicate();
      if (value) {
        clearInterval(timer);
        resolve(value);
      } else if (Date.now() - started > ms) {
        clearInterval(timer);
        reject(new Error(`timed out waiting for ${what}`));
      }
    }, 50);
  });
}

test('the official SignalR client receives pushes, reconnects after a restart and stops on revocation', async () => {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'kasa-hub-'));
  const databaseUrl = `sqlite://${join(dir, 'kasa.db')}?mode=rwc`;
  let server = await startKasa(port, databaseUrl);
  const base = `http://127.0.0.1:${port}`;
  const admin = (...args) => run(kasaBin, ['admin', ...args, '--database-url', databaseUrl]);
  try {
    // Arrange: a registered player.
    const username = `hubtest${Date.now() % 100000}`;
    const reg = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-locale': 'en' },
      body: JSON.stringify({
        name: 'Hub',
        surname: 'Tester',
        username,
        email: `${username}@example.com`,
        phone: '905339998877',
        password: 'gizli123',
        password2: 'gizli123',
        acceptTerms: true,
        isFast: true,
      }),
    }).then((r) => r.json());
    assert.equal(reg.success, true, JSON.stringify(reg));
    const token = reg.data.token;

    const pushes = [];
    const states = [];
    const connection = new signalR.HubConnectionBuilder()
      .withUrl(`${base}/hub/frnotify?fingerprint=node-test`, {
        skipNegotiation: true,
        transport: signalR.HttpTransportType.WebSockets,
        accessTokenFactory: () => token,
      })
      .withAutomaticReconnect([0, 2000, 10000, 30000])
      .configureLogging(signalR.LogLevel.None)
      .build();
    connection.serverTimeoutInMilliseconds = 30_000;
    connection.keepAliveIntervalInMilliseconds = 15_000;
    connection.on('NotifyMessage', (command, message) => pushes.push({ command, message }));
    connection.onreconnecting(() => states.push('reconnecting'));
    connection.onreconnected(() => states.push('reconnected'));
    let closed = false;
    connection.onclose(() => (closed = true));

    // Act 1: connect, then the operator sends a notification from another process.
    await connection.start();
    assert.equal(connection.state, signalR.HubConnectionState.Connected);
    await admin('notify', '--player', username, '--title', 'Merhaba', '--note', 'İlk bildirim');
    const first = await waitFor(
      () => pushes.find((p) => p.command === 'Notification'),
      'the first notification',
    );
    const n = JSON.parse(first.message);
    assert.equal(n.title, 'Merhaba');
    assert.equal(n.type, 5);
    assert.equal(n.isRead, false);

    // Act 2: the server restarts; the client reconnects on its own.
    await server.stop();
    await waitFor(() => states.includes('reconnecting'), 'reconnecting');
    server = await startKasa(port, databaseUrl);
    await waitFor(() => states.includes('reconnected'), 'reconnected', 20_000);
    assert.equal(connection.state, signalR.HubConnectionState.Connected);
    await admin(
      'notify',
      '--player',
      username,
      '--title',
      'Yeniden',
      '--note',
      'Yeniden bağlandınız',
    );
    await waitFor(
      () =>
        pushes.some(
          (p) => p.command === 'Notification' && JSON.parse(p.message).title === 'Yeniden',
        ),
      'a notification after the restart',
    );

    // Act 3: the operator ends the player's sessions: 'exit', then the client stops for good.
    await admin('player', 'logout', '--player', username);
    await waitFor(() => pushes.some((p) => p.command === 'exit'), 'exit');
    await waitFor(() => closed, 'the connection to close');
    assert.equal(connection.state, signalR.HubConnectionState.Disconnected);
    assert.equal(
      states.filter((s) => s === 'reconnecting').length,
      1,
      'no reconnect after a revoked session',
    );
    // The server's log never shows the token.
    assert.ok(!server.output().includes(token), 'the token appeared in the log');
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
