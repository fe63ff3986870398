// The page's one running request: the engine's move, an analysis or a
// review. A new one replaces the old (the server, which allows one search
// per page, stops the old search when the new request arrives), and the
// events of a replaced request are dropped.

import * as api from './api.js';

export class Runner {
  // `onError(message)` shows a refusal of the server.
  constructor(onError) {
    this.onError = onError;
    this.current = null;
    this.serial = 0;
    // The stop request last sent, which the next request waits for, so
    // that the stop cannot reach the server after the new search began.
    this.stopping = null;
  }

  // What runs: `{kind, plies}` (the game's length when it started), or null.
  get running() {
    return this.current && { kind: this.current.kind, plies: this.current.plies };
  }

  // Drops the running request's stream without a word to the server (it
  // stops the search when this page's next request comes, or notices the
  // closed stream within a second).
  drop() {
    if (this.current) {
      this.current.abort.abort();
      this.current = null;
    }
  }

  // Stops the running search now.
  stop() {
    const was = this.current;
    this.drop();
    if (was) this.stopping = api.post('/api/stop', { page: api.pageId }).catch(() => {});
  }

  // Starts a streamed request; `onEvent(name, data)` sees its events
  // while it is the current one.
  run(kind, plies, path, body, onEvent) {
    this.drop();
    const serial = ++this.serial;
    const abort = new AbortController();
    this.current = { abort, serial, kind, plies };
    const isCurrent = () => this.current !== null && this.current.serial === serial;
    Promise.resolve(this.stopping)
      .then(() => api.stream(path, { page: api.pageId, ...body }, (name, data) => { if (isCurrent()) onEvent(name, data); }, abort.signal))
      .catch((e) => { if (e.name !== 'AbortError' && isCurrent()) this.onError(e.message); })
      .finally(() => { if (isCurrent()) this.current = null; });
  }
}
