// The server's API: JSON requests with the token in a header, and the
// event streams of searches and reviews read with fetch (an EventSource
// could neither POST a game nor send the token in a header).

const TOKEN_KEY = 'gorgon-token';

// The token from the URL `gorgon serve` printed, kept for this tab only
// (sessionStorage: a reload of the tab finds it, another tab or a page
// served later from the same origin does not; localStorage would keep it
// for any page of this port, this server's or a later one). It is taken
// out of the address bar and the history at once (no bookmark, shared
// screen or history list shows it). A token an older page left in
// localStorage is removed.
function readToken() {
  localStorage.removeItem(TOKEN_KEY);
  const params = new URLSearchParams(location.search);
  const fromUrl = params.get('token');
  if (fromUrl) {
    sessionStorage.setItem(TOKEN_KEY, fromUrl);
    params.delete('token');
    const query = params.toString();
    history.replaceState(history.state, '', location.pathname + (query ? `?${query}` : '') + location.hash);
    return fromUrl;
  }
  return sessionStorage.getItem(TOKEN_KEY) || '';
}

const token = readToken();

// This page's id: one search at a time per page, server-side.
export const pageId = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');

// A refusal: the HTTP status and the server's words.
export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

function headers() {
  return { 'Content-Type': 'application/json', 'X-Gorgon-Token': token };
}

async function refusal(response) {
  let message = `${response.status} ${response.statusText}`;
  try {
    const body = await response.json();
    if (body && body.error) message = body.error;
  } catch (_) {
    // Not JSON: the status says enough.
  }
  return new ApiError(response.status, message);
}

export async function get(path) {
  const response = await fetch(path, { headers: headers() });
  if (!response.ok) throw await refusal(response);
  return response.json();
}

export async function post(path, body) {
  const response = await fetch(path, { method: 'POST', headers: headers(), body: JSON.stringify(body) });
  if (!response.ok) throw await refusal(response);
  return response.json();
}

// POSTs `body` and calls `onEvent(name, data)` for each server-sent event
// until the stream ends (resolves) or `signal` aborts it (rejects with an
// AbortError). A refusal rejects with an ApiError.
export async function stream(path, body, onEvent, signal) {
  const response = await fetch(path, { method: 'POST', headers: headers(), body: JSON.stringify(body), signal });
  if (!response.ok) throw await refusal(response);
  await readEvents(response, onEvent);
}

// GETs a long-lived event stream (a tournament's), resuming after the
// event `lastId` (sent as `Last-Event-ID`, as an EventSource would), and
// calls `onOpen()` once the server has accepted it, then `onEvent(name,
// data, id)` for each event until the stream ends.
export async function watch(path, lastId, onEvent, onOpen = () => {}) {
  const h = headers();
  if (lastId) h['Last-Event-ID'] = lastId;
  const response = await fetch(path, { headers: h });
  if (!response.ok) throw await refusal(response);
  onOpen();
  await readEvents(response, onEvent);
}

// The server-sent events of a response, block by block.
async function readEvents(response, onEvent) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    pending += decoder.decode(value, { stream: true });
    let end;
    while ((end = pending.indexOf('\n\n')) >= 0) {
      const block = pending.slice(0, end);
      pending = pending.slice(end + 2);
      let name = 'message';
      let data = '';
      let id = null;
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) name = line.slice(6).trim();
        else if (line.startsWith('data:')) data += line.slice(5).trimStart();
        else if (line.startsWith('id:')) id = line.slice(3).trim();
      }
      // Keep-alive comments carry no data.
      if (data) onEvent(name, JSON.parse(data), id);
    }
  }
}
