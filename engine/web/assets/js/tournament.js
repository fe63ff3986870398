// The live view of a running tournament (`gorgon serve --tournament
// FILE`, page /tournament): the runner's events folded into one state,
// from the server's snapshot at a cold start and then from its event
// stream, which is reopened after any break (a restart of the server, a
// network hiccup) from the last event seen (`Last-Event-ID`). A `reset`
// (the log was started again, or this page fell further behind than the
// server keeps) ends the stream: the page starts over from the snapshot,
// which is the state folded by the server, not the whole log. A new
// `match` event starts from nothing.

import * as api from './api.js';
import { draw, tickClocks } from './tournament-draw.js';

// Everything shown, read by tournament-draw.js and the browser tests.
export const live = {
  match: null,
  // By game number: {game, variant, white, black, fen, moves, book,
  // clock, clockAt, info: {white, black}, curve: [[ply, White's score]],
  // result, reason, termination, pgn}.
  games: new Map(),
  standings: null,
  summary: null,
  notices: [],
  // Finished games the snapshot did not list (a long tournament's earliest).
  earlier: 0,
  lastId: null,
  connected: false,
  // Events applied (the tests wait on it).
  applied: 0,
  // The server's clock less this machine's, ms: the games' clocks run by
  // the server's time (the runner's `at` is its machine's), not by a
  // viewer's clock that may be set otherwise.
  offset: 0,
};
window.gorgonLive = live;

function clear() {
  live.match = null;
  live.games = new Map();
  live.standings = null;
  live.summary = null;
  live.notices = [];
  live.earlier = 0;
}

function gameOf(n, ev) {
  let g = live.games.get(n);
  if (!g) {
    g = { game: n, variant: ev.variant || (live.match && live.match.variant) || 'pom', white: ev.white || '?', black: ev.black || '?',
      fen: ev.fen || null, moves: [], book: 0, clock: null, clockAt: 0, info: { white: null, black: null }, curve: [], result: null };
    live.games.set(n, g);
  }
  return g;
}

// A White's-view score as a number of centipawns (mates far out).
function centipawns(score) {
  if (!score) return null;
  if (score.mate !== undefined) return score.mate > 0 ? 10000 - score.mate : -10000 - score.mate;
  return score.cp;
}

// One event of the log into the state.
export function apply(name, ev) {
  live.applied += 1;
  switch (name) {
    case 'reset':
      clear();
      break;
    case 'match':
      clear();
      live.match = ev;
      break;
    case 'game_start': {
      const g = gameOf(ev.game, ev);
      Object.assign(g, { variant: ev.variant, white: ev.white, black: ev.black, fen: ev.fen, moves: [...(ev.book || [])],
        book: (ev.book || []).length, tc: ev.tc && (ev.tc[0] === ev.tc[1] ? ev.tc[0] : ev.tc.join(' / ')), clock: ev.clock, clockAt: ev.at, info: { white: null, black: null }, curve: [], result: null });
      break;
    }
    case 'info': {
      const g = gameOf(ev.game, ev);
      if (ev.ply >= g.moves.length) g.info[ev.side] = ev;
      break;
    }
    case 'move': {
      const g = gameOf(ev.game, ev);
      // A move seen already (the snapshot and the stream overlap) is skipped.
      if (ev.ply !== g.moves.length) break;
      g.moves.push(ev.move);
      g.clock = ev.clock;
      g.clockAt = ev.at;
      const cp = centipawns(ev.white_score);
      if (cp !== null) g.curve.push([ev.ply + 1, cp]);
      break;
    }
    case 'game_end': {
      const g = gameOf(ev.game, ev);
      Object.assign(g, { result: ev.result, reason: ev.reason, termination: ev.termination, pgn: ev.pgn, endedAt: ev.at });
      break;
    }
    case 'standings':
      live.standings = ev;
      break;
    case 'match_end':
      live.summary = ev.summary;
      break;
    case 'notice':
      live.notices.push(ev.error);
      break;
    default:
      // A kind this page does not know (a later runner's): left alone.
      break;
  }
}

let pending = false;
// One redraw in the next frame however many events came.
function redraw() {
  if (pending) return;
  pending = true;
  requestAnimationFrame(() => {
    pending = false;
    draw(live);
  });
}

function setConnected(up, why = '') {
  live.connected = up;
  const el = document.getElementById('t-connection');
  el.textContent = up ? 'live' : `reconnecting${why ? `: ${why}` : ''}`;
  el.classList.toggle('down', !up);
}

// The snapshot, then the stream from its last event; after a break the
// stream again from the last event seen. Never gives up.
async function follow() {
  let fresh = true;
  for (;;) {
    try {
      if (fresh) {
        const snap = await api.get('/api/tournament/state');
        if (typeof snap.now === 'number') live.offset = snap.now - Date.now();
        clear();
        for (const ev of snap.events) if (ev) apply(ev.type, ev);
        live.earlier = snap.earlier || 0;
        if (snap.problem) live.notices.push(snap.problem);
        live.lastId = snap.id;
        fresh = false;
        redraw();
      }
      await api.watch('/api/tournament/events', live.lastId, (name, data, id) => {
        // The server's time (no line of the log): only the clocks use it.
        if (name === 'time') {
          if (data && typeof data.now === 'number') live.offset = data.now - Date.now();
          return;
        }
        if (id) live.lastId = id;
        if (name === 'reset') {
          // The server ends the stream after it: start over from the snapshot.
          fresh = true;
          live.lastId = null;
        }
        apply(name, data);
        redraw();
      }, () => setConnected(true));
      if (fresh) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      setConnected(false, 'the stream ended');
    } catch (e) {
      setConnected(false, e.message);
      // A refusal other than "too many viewers" will not go away by waiting
      // less; either way the next try is a second away.
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

setInterval(() => tickClocks(live), 200);
follow();
