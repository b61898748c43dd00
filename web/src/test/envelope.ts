/**
 * The server's answers as the tests' fetch mocks give them: the envelope every call answers with
 * (`{success, message, data}`, as text or as a JSON response), or any JSON body.
 */

/** The envelope's text. */
export function envelopeText(success: boolean, message: string | null, data: unknown): string {
  return JSON.stringify({ success, message, data });
}

/** A JSON response of `body` with `status`. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A response carrying the envelope. */
export function envelope(
  success: boolean,
  message: string | null,
  data: unknown,
  status = 200,
): Response {
  return jsonResponse({ success, message, data }, status);
}

/** A successful envelope carrying `data` (no message), status 200. */
export function okEnvelope(data: unknown): Response {
  return envelope(true, null, data);
}
