// The live view's drawing (tournament.js holds the state): the standings
// and the crosstable, a card per game in play (its board from the
// server's view of the moves so far, both clocks, each engine's latest
// evaluation, depth, speed and line, the evaluation graph, the moves),
// and the finished games, each a link that opens it in the board page's
// review. It writes nothing but the page, and asks the server only for
// the boards' views (one request at a time per board, for the latest moves).

import * as api from './api.js';
import { Board } from './board.js';
import { clockText } from './clock.js';

const SVG = 'http://www.w3.org/2000/svg';
const $ = (id) => document.getElementById(id);

function node(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

// `+0.35`, `-1.20`, `#3`, `#-2` from a score `{cp}` or `{mate}`.
export function scoreText(score) {
  if (!score) return '';
  if (score.mate !== undefined) return `#${score.mate}`;
  const v = score.cp / 100;
  return `${v >= 0 ? '+' : ''}${v.toFixed(2)}`;
}

function speedText(nps) {
  if (!nps) return '';
  if (nps >= 1e6) return `${(nps / 1e6).toFixed(1)} Mn/s`;
  if (nps >= 1e3) return `${(nps / 1e3).toFixed(0)} kn/s`;
  return `${nps} n/s`;
}

// Who is to move in game `g`: the start FEN's side, then alternately.
function sideToMove(g) {
  const first = g.fen && g.fen.split(' ')[1] === 'b' ? 1 : 0;
  return (first + g.moves.length) % 2 === 0 ? 'white' : 'black';
}

// The link that opens a game in the board page's review (link.js reads
// the fragment: variant, start FEN, moves, the ply shown, the mode, and
// the game's number in the log and its run, whose PGN brings the engines'
// comments).
// A game that ended before this page opened comes without its moves (the
// snapshot leaves them in the log): its link names the game and the run,
// and the board page fetches that one game.
export function reviewLink(g, run) {
  const enc = (t) => encodeURIComponent(t).replace(/%20/g, '+').replace(/%2F/g, '/');
  const parts = [`variant=${enc(g.variant)}`];
  if (g.fen) parts.push(`fen=${enc(g.fen)}`);
  if (g.moves.length) parts.push(`moves=${g.moves.map(enc).join('+')}`);
  parts.push('ply=0', 'mode=review', `game=${g.game}`);
  if (run) parts.push(`run=${enc(run)}`);
  return `/#${parts.join('&')}`;
}

// --- Standings -----------------------------------------------------------

// A rating as the runner prints it: `123.4`, `>123.4` and `<-50.0` for
// the bounds of a group that won (lost) every game, `-` without games.
export function ratingText(p) {
  if (p.estimate === 'no_games') return '-';
  const mark = p.estimate === 'lower_bound' ? '>' : p.estimate === 'upper_bound' ? '<' : '';
  return `${mark}${p.rating.toFixed(1)}`;
}

// `7.5`, `8`: points as the runner's crosstable writes them.
const halfPoints = (x) => (Number.isInteger(x) ? String(x) : x.toFixed(1));

// The runner's own table (its `standings` event): its order, its ratings
// and bounds, its crosstable, nothing recomputed here. Before the first
// game ends, the engines of the match with nothing yet.
function drawStandings(live) {
  const t = live.standings && live.standings.table;
  const players = t ? t.players : (live.match ? live.match.engines : []).map((name) => ({
    name, rating: 0, estimate: 'no_games', error: null, points: 0, games: 0, wins: 0, draws: 0, losses: 0, cfs_next: null }));
  const table = $('t-table');
  table.replaceChildren();
  const head = node('tr');
  const columns = ['Rank', 'Engine', 'Rating', 'Error', 'Points', 'Games', 'Score', 'CFS', 'W', 'D', 'L'];
  for (const c of columns) head.append(node('th', '', c));
  table.append(head);
  players.forEach((p, rank) => {
    const tr = node('tr');
    tr.dataset.engine = p.name;
    const score = p.games ? `${((100 * p.points) / p.games).toFixed(1)}%` : '';
    const cells = {
      rank: rank + 1, name: p.name, rating: ratingText(p), error: typeof p.error === 'number' ? `±${p.error.toFixed(1)}` : '',
      points: p.points.toFixed(1), games: p.games, score, cfs: typeof p.cfs_next === 'number' ? `${(100 * p.cfs_next).toFixed(0)}%` : '',
      wins: p.wins, draws: p.draws, losses: p.losses,
    };
    for (const [key, c] of Object.entries(cells)) {
      const td = node('td', '', String(c));
      td.dataset.key = key;
      tr.append(td);
    }
    table.append(tr);
  });
  // The crosstable: the row engine's points/games against the column's,
  // rows and columns in the table's order.
  const cross = $('t-cross');
  cross.replaceChildren();
  if (!players.length) return;
  const top = node('tr');
  top.append(node('th', '', ''), node('th', '', 'Engine'));
  players.forEach((_, j) => top.append(node('th', '', String(j + 1))));
  cross.append(top);
  players.forEach((p, i) => {
    const tr = node('tr');
    tr.append(node('td', '', String(i + 1)), node('td', '', p.name));
    players.forEach((_, j) => {
      if (i === j) {
        tr.append(node('td', 'self', ''));
        return;
      }
      const c = t && t.crosstable[i] && t.crosstable[i][j];
      tr.append(node('td', '', c ? `${halfPoints(c.points)}/${c.games}` : ''));
    });
    cross.append(tr);
  });
}

// --- Boards in play ------------------------------------------------------

// By game number: {card, board, parts, shown: moves drawn, asking}.
const cards = new Map();

function makeCard(g) {
  const card = node('article', 't-board');
  card.dataset.game = g.game;
  const headLine = node('div', 't-head');
  const top = node('div', 'player top');
  const topName = node('span');
  const topClock = node('span', 'clock');
  top.append(topName, topClock);
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', 'board');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', `Game ${g.game}`);
  const bottom = node('div', 'player bottom');
  const bottomName = node('span');
  const bottomClock = node('span', 'clock');
  bottom.append(bottomName, bottomClock);
  const evals = { white: node('div', 't-eval'), black: node('div', 't-eval') };
  const graph = document.createElementNS(SVG, 'svg');
  graph.setAttribute('class', 't-graph');
  graph.setAttribute('viewBox', '0 0 300 60');
  graph.setAttribute('preserveAspectRatio', 'none');
  const moves = node('div', 't-moves');
  card.append(headLine, top, svg, bottom, evals.white, evals.black, graph, moves);
  const board = new Board(svg, { onMove: () => {}, choose: async () => null });
  const entry = { card, board, shown: -1, asking: false,
    parts: { headLine, topName, topClock, bottomName, bottomClock, evals, graph, moves } };
  cards.set(g.game, entry);
  $('t-boards').append(card);
  return entry;
}

// The board shows the latest moves: one request at a time, and after it
// another if moves came meanwhile.
async function showBoard(g, entry) {
  if (entry.asking || entry.shown === g.moves.length) return;
  entry.asking = true;
  const count = g.moves.length;
  try {
    const view = await api.post('/api/position', { variant: g.variant, fen: g.fen, moves: g.moves.slice(0, count) });
    const last = view.history[view.history.length - 1];
    entry.board.setView(view, { lastMove: last ? { from: last.from, to: last.to } : null, interactive: false });
    entry.shown = count;
    entry.card.dataset.shown = String(count);
  } catch (e) {
    entry.parts.headLine.textContent = `Game ${g.game}: ${e.message}`;
    entry.shown = count;
  } finally {
    entry.asking = false;
  }
  if (entry.shown !== g.moves.length && cards.get(g.game) === entry) showBoard(g, entry);
}

function evalLine(name, info) {
  if (!info) return `${name}: …`;
  const parts = [`${name}: ${scoreText(info.score)}`];
  if (info.depth) parts.push(`d${info.depth}`);
  const speed = speedText(info.nps);
  if (speed) parts.push(speed);
  return parts.join('  ');
}

function drawGraph(svg, curve, plies) {
  svg.replaceChildren();
  const bg = document.createElementNS(SVG, 'rect');
  for (const [k, v] of [['x', 0], ['y', 0], ['width', 300], ['height', 60], ['class', 'graph-bg']]) bg.setAttribute(k, v);
  svg.append(bg);
  const mid = document.createElementNS(SVG, 'line');
  for (const [k, v] of [['x1', 0], ['y1', 30], ['x2', 300], ['y2', 30], ['class', 'graph-mid']]) mid.setAttribute(k, v);
  svg.append(mid);
  if (!curve.length) return;
  const span = Math.max(plies, 20);
  // White's score, clamped to ±5 pawns (mates at the edge); White up is up.
  const y = (cp) => 30 - (Math.max(-500, Math.min(500, cp)) / 500) * 28;
  const points = curve.map(([ply, cp]) => `${((ply / span) * 300).toFixed(1)},${y(cp).toFixed(1)}`);
  const area = document.createElementNS(SVG, 'polygon');
  area.setAttribute('class', 'graph-white');
  area.setAttribute('points', `${((curve[0][0] / span) * 300).toFixed(1)},60 ${points.join(' ')} ${((curve[curve.length - 1][0] / span) * 300).toFixed(1)},60`);
  svg.append(area);
  const line = document.createElementNS(SVG, 'polyline');
  line.setAttribute('class', 'graph-line');
  line.setAttribute('points', points.join(' '));
  svg.append(line);
}

function drawCard(g, entry) {
  const p = entry.parts;
  p.headLine.textContent = `Game ${g.game}${g.tc ? ` (${g.tc})` : ''}`;
  p.topName.textContent = g.black;
  p.bottomName.textContent = g.white;
  p.evals.white.textContent = evalLine(g.white, g.info.white);
  p.evals.black.textContent = evalLine(g.black, g.info.black);
  for (const side of ['white', 'black']) {
    const info = g.info[side];
    if (info && info.pv && info.pv.length) p.evals[side].append(node('span', 'pv', `  ${info.pv.slice(0, 8).join(' ')}`));
  }
  drawGraph(p.graph, g.curve, g.moves.length);
  p.moves.textContent = g.moves.join(' ');
  entry.card.dataset.moves = g.moves.join(' ');
  showBoard(g, entry);
}

// The clocks of the games in play: the side to move's runs down from
// the time of the last event that set it, by the server's clock.
export function tickClocks(live) {
  for (const [n, entry] of cards) {
    const g = live.games.get(n);
    if (!g) continue;
    const clock = g.clock || [null, null];
    const moving = sideToMove(g);
    // The server's time now (the runner's `at` is on its clock).
    const now = Date.now() + (live.offset || 0);
    const show = (ms, side) => {
      if (ms === null || ms === undefined) return '';
      const left = side === moving && !g.result ? ms - Math.max(0, now - g.clockAt) : ms;
      return clockText(Math.max(0, left));
    };
    entry.parts.bottomClock.textContent = show(clock[0], 'white');
    entry.parts.topClock.textContent = show(clock[1], 'black');
    entry.parts.bottomClock.classList.toggle('running', moving === 'white' && !g.result);
    entry.parts.topClock.classList.toggle('running', moving === 'black' && !g.result);
  }
}

// --- Finished games ------------------------------------------------------

function drawFinished(live) {
  const list = $('t-games');
  const done = [...live.games.values()].filter((g) => g.result).sort((a, b) => a.game - b.game);
  // Rows are keyed by game number: games end out of order (concurrency),
  // so a game new since the last drawing may go before rows already shown.
  // A row is made once and put in its place; a row whose game is no
  // longer finished, or is another game now (a new log), goes.
  const rows = new Map([...list.children].map((li) => [Number(li.dataset.game), li]));
  const current = new Map(done.map((g) => [g.game, g]));
  for (const [n, li] of rows) {
    const g = current.get(n);
    if (!g || li.dataset.moves !== g.moves.join(' ') || li.dataset.result !== g.result) {
      li.remove();
      rows.delete(n);
    }
  }
  let before = null;
  for (const g of [...done].reverse()) {
    const li = rows.get(g.game) || finishedRow(g, live.match && live.match.run);
    if (li.parentNode !== list || li.nextSibling !== before) list.insertBefore(li, before);
    before = li;
  }
}

function finishedRow(g, run) {
  const li = node('li');
  li.dataset.game = g.game;
  li.dataset.moves = g.moves.join(' ');
  li.dataset.result = g.result;
  const a = node('a', 'review-link', `Game ${g.game}: ${g.white} - ${g.black} ${g.result}`);
  a.href = reviewLink(g, run);
  a.title = 'Open in the review';
  li.append(a, node('span', 'reason', ` ${g.reason || ''}`));
  return li;
}

export function draw(live) {
  const m = live.match;
  $('t-title').textContent = m ? `${m.event}: ${m.engines.join(', ')} (${m.variant})` : 'waiting for the event log';
  const s = live.standings;
  $('t-progress').textContent = m ? `(${s ? s.finished : 0} of ${m.games} games)` : '';
  const notices = $('t-notices');
  notices.hidden = live.notices.length === 0;
  notices.textContent = live.notices.slice(-3).join('\n');
  drawStandings(live);
  // Cards for the games in play; a finished game's card goes.
  for (const [n, entry] of cards) {
    const g = live.games.get(n);
    if (!g || g.result) {
      entry.card.remove();
      cards.delete(n);
    }
  }
  for (const g of [...live.games.values()].sort((a, b) => a.game - b.game)) {
    if (g.result) continue;
    drawCard(g, cards.get(g.game) || makeCard(g));
  }
  $('t-idle').hidden = cards.size > 0;
  drawFinished(live);
  const earlier = $('t-earlier');
  earlier.hidden = !live.earlier;
  earlier.textContent = live.earlier ? `and ${live.earlier} earlier games (in the runner's PGN)` : '';
  const summary = $('t-summary');
  summary.hidden = !live.summary;
  summary.textContent = live.summary || '';
  tickClocks(live);
}
