// The page: a game (variant, start FEN, moves) shown ply by ply, played
// against the engine, analysed, reviewed, read and written as FEN and
// PGN. Every position, legal move and move text comes from the server,
// which replays the game with the rules crate; this file only keeps the
// game's moves and wires the panels together.

import * as api from './api.js';
import { Board } from './board.js';
import { choose } from './picker.js';
import { renderMoves } from './movelist.js';
import { Clocks, clockText } from './clock.js';
import { renderEvalBar, renderLines } from './analysis.js';
import { drawGraph, summary } from './review.js';
import { Runner } from './runner.js';

const $ = (id) => document.getElementById(id);

const state = {
  config: null,
  variant: 'pom',
  startFen: null,
  moves: [],
  ply: 0,
  views: new Map(),
  history: [],
  mode: 'play',
  notation: 'coord',
  // A result the board cannot see: a resignation, a flag.
  result: null,
  // The game against the engine: the human's side and the time control.
  match: null,
  analysing: false,
  lines: [],
  review: null,
};

// Figures for docs/WEB.md and the browser tests.
const timings = { ready: null, positions: [] };
const runner = new Runner((text) => message(text));
window.gorgon = { state, timings, runner };

const board = new Board($('board'), { onMove: (m) => humanMove(m), choose });
const clocks = new Clocks(drawClocks, (side) => flagFell(side));

function message(text = '') {
  $('message').textContent = text;
  $('message').hidden = !text;
}

function gameSpec(ply = state.moves.length) {
  return { variant: state.variant, fen: state.startFen, moves: state.moves.slice(0, ply) };
}

// The server's view of a game, timed.
async function position(spec) {
  const started = performance.now();
  const view = await api.post('/api/position', spec);
  timings.positions.push(performance.now() - started);
  return view;
}

// The view after `ply` moves, from the cache or the server.
async function viewAt(ply) {
  if (state.views.has(ply)) return state.views.get(ply);
  const view = await position(gameSpec(ply));
  state.views.set(ply, view);
  return view;
}

function other(side) {
  return side === 'white' ? 'black' : 'white';
}

function capital(side) {
  return side[0].toUpperCase() + side.slice(1);
}

// The result shown: the rules' outcome, else a resignation or flag.
function finalResult(view) {
  if (view.outcome) return { result: view.outcome.result, reason: view.outcome.reason };
  return state.result;
}

function atEnd() {
  return state.ply === state.moves.length;
}

function engineToMove(view) {
  return state.mode === 'play' && state.match && atEnd() && !finalResult(view) && view.side !== state.match.human;
}

// Shows the position after `ply` moves and starts what it calls for: the
// engine's move, or the analysis of it.
async function show(ply) {
  ply = Math.max(0, Math.min(state.moves.length, ply));
  let view;
  try {
    view = await viewAt(ply);
  } catch (e) {
    message(e.message);
    return;
  }
  state.ply = ply;
  const last = ply > 0 ? state.history[ply - 1] : null;
  const over = finalResult(view);
  const humanTurn = !(state.mode === 'play' && state.match) || (atEnd() && view.side === state.match.human && !over);
  board.setView(view, { lastMove: last && { from: last.from, to: last.to }, interactive: humanTurn });
  board.setArrows([]);
  drawMoves();
  drawStatus(view);
  $('fen').value = view.fen;
  $('diagram').textContent = view.diagram;
  if (state.review) drawReview();
  if (timings.ready === null) {
    timings.ready = performance.now();
    document.body.dataset.ready = '1';
  }
  if (state.mode === 'play' && state.match) {
    if (over) {
      clocks.stop();
    } else if (atEnd()) {
      clocks.start(view.side);
      if (engineToMove(view)) engineMove(view);
    }
  }
  if (state.analysing) analyse(view);
}

function drawMoves() {
  const glyphs = state.review ? state.review.moves.map((m) => m.glyph) : [];
  renderMoves($('moves'), state.history, { ply: state.ply, glyphs, notation: state.notation, onSelect: (p) => show(p) });
}

function drawStatus(view) {
  const over = finalResult(view);
  const status = $('status');
  if (over) {
    status.textContent = `${over.result} · ${over.reason}`;
    status.className = 'status over';
  } else {
    status.textContent = `${capital(view.side)} to move${view.check ? ' · check' : ''}`;
    status.className = view.check ? 'status check' : 'status';
  }
  status.dataset.result = over ? over.result : '';
}

function drawClocks() {
  const top = board.flipped ? 'white' : 'black';
  for (const [slot, side] of [['clock-top', top], ['clock-bottom', other(top)]]) {
    const node = $(slot);
    node.textContent = clocks.enabled ? clockText(clocks.remaining(side)) : '';
    node.classList.toggle('running', clocks.running === side);
    node.dataset.side = side;
  }
  const names = state.match
    ? { [state.match.human]: 'You', [other(state.match.human)]: 'Gorgon' }
    : { white: 'White', black: 'Black' };
  $('name-top').textContent = names[top];
  $('name-bottom').textContent = names[other(top)];
}

// A new game: `moves` replayed by the server from `fen` (or the start).
async function setGame(variant, fen, moves, result = null) {
  stopRunning();
  const next = { variant, fen: fen || null, moves };
  let view;
  try {
    view = await position(next);
  } catch (e) {
    message(e.message);
    return false;
  }
  state.variant = variant;
  state.startFen = view.start_fen === startFenOf(variant) ? null : view.start_fen;
  state.moves = view.history.map((h) => h.move);
  state.history = view.history;
  state.views = new Map([[state.moves.length, view]]);
  state.review = null;
  state.result = result;
  $('variant').value = variant;
  drawReview();
  message();
  await show(state.moves.length);
  return true;
}

function startFenOf(variant) {
  const v = state.config.variants.find((x) => x.name === variant);
  return v ? v.start_fen : null;
}

// Plays `text` after `after` moves (by default the shown ply; later
// moves of the game go).
async function playMove(text, after = state.ply) {
  const moves = [...state.moves.slice(0, after), text];
  let view;
  try {
    view = await position({ variant: state.variant, fen: state.startFen, moves });
  } catch (e) {
    message(e.message);
    board.setView(board.view, { lastMove: board.lastMove, interactive: true });
    return false;
  }
  const changed = state.moves.length !== moves.length - 1 || state.moves[moves.length - 1] !== text;
  for (const key of [...state.views.keys()]) if (key >= moves.length) state.views.delete(key);
  state.moves = moves;
  state.history = view.history;
  state.views.set(moves.length, view);
  if (changed) state.review = null;
  message();
  const mover = view.history[moves.length - 1].side;
  clocks.moved(mover);
  await show(moves.length);
  return true;
}

function humanMove(text) {
  if (state.mode === 'play' && state.match && !atEnd()) return;
  playMove(text);
}

// ---- The engine: one request at a time for this page (runner.js).

function stopRunning() {
  runner.stop();
  $('review-progress').hidden = true;
}

function run(kind, path, body, onEvent) {
  $('review-progress').hidden = true;
  runner.run(kind, state.moves.length, path, body, onEvent);
}

function engineMove(view) {
  // Already thinking about this very position.
  const running = runner.running;
  if (running && running.kind === 'play' && running.plies === state.moves.length) return;
  const spec = gameSpec();
  const body = { game: spec, mode: 'play', threads: state.match.threads };
  if (clocks.enabled) {
    Object.assign(body, { wtime: Math.max(1, clocks.remaining('white')), btime: Math.max(1, clocks.remaining('black')),
      winc: state.match.control.increment * 1000, binc: state.match.control.increment * 1000 });
  } else {
    body.movetime = state.match.movetime;
  }
  $('thinking').hidden = false;
  run('play', '/api/search', body, (name, data) => {
    if (name === 'bestmove') {
      $('thinking').hidden = true;
      // The game moved on (takeback, resignation, flag): drop the move.
      // The move goes at the end, even if the user stepped back meanwhile.
      if (data.move && state.moves.length === spec.moves.length && !finalResult(view)) playMove(data.move, spec.moves.length);
    }
  });
}

function analyse(view) {
  state.lines = [];
  board.setArrows([]);
  renderLines($('lines'), $('analysis-status'), [], { notation: state.notation, onPlay: playLine });
  if (view.outcome) {
    renderEvalBar($('evalbar'), $('eval-text'), null);
    stopRunning();
    return;
  }
  const lines = Number($('lines-count').value);
  const threads = Number($('threads').value);
  run('analyse', '/api/search', { game: gameSpec(state.ply), lines, threads, hash: Number($('hash').value) }, (name, data) => {
    // Scores outside an aspiration window (bounds) would put lines of one
    // depth out of order: only exact ones are shown.
    if (name !== 'info' || data.pv.length === 0 || data.bound !== null) return;
    state.lines[data.multipv - 1] = data;
    const shown = state.lines.filter(Boolean);
    renderLines($('lines'), $('analysis-status'), shown, { notation: state.notation, onPlay: playLine });
    if (data.multipv === 1) renderEvalBar($('evalbar'), $('eval-text'), data);
    board.setArrows(shown.map((l, i) => ({ ...moveSquares(l.pv[0]), strength: 1 - i / Math.max(1, shown.length) })));
  });
}

// A move's arrow: from its piece to the square a click would take, as
// the view's legal moves give them (castling points at the Tower).
function moveSquares(text) {
  for (const [from, targets] of Object.entries(board.view.legal)) {
    for (const t of targets) if (t.moves.some((m) => m.move === text)) return { from, to: t.to };
  }
  const m = /^([a-z]\d+)([a-z]\d+)/.exec(text) || [];
  return { from: m[1], to: m[2] };
}

async function playLine(moves) {
  for (const m of moves) {
    if (!(await playMove(m))) break;
  }
}

function setAnalysing(on) {
  state.analysing = on;
  $('analyse-toggle').textContent = on ? 'Stop' : 'Analyse';
  $('analyse-toggle').classList.toggle('on', on);
  $('evalbar').hidden = !on;
  if (on) {
    show(state.ply);
  } else {
    stopRunning();
    board.setArrows([]);
  }
}

// ---- Play.

async function newMatch() {
  const colour = $('play-colour').value;
  const human = colour === 'random' ? (Math.random() < 0.5 ? 'white' : 'black') : colour;
  const [kind, a, b] = $('play-tc').value.split(':');
  const match = { human, threads: Number($('threads').value), control: null, movetime: null };
  if (kind === 'clock') match.control = { minutes: Number(a), increment: Number(b) };
  else match.movetime = Number(a);
  setAnalysing(false);
  stopRunning();
  state.match = match;
  clocks.reset(match.control);
  const fromHere = $('play-from').value === 'here';
  if (board.flipped !== (human === 'black')) board.flip();
  await setGame(state.variant, fromHere ? state.startFen : null, fromHere ? state.moves.slice(0, state.ply) : []);
}

function flagFell(side) {
  state.result = { result: side === 'white' ? '0-1' : '1-0', reason: `${capital(side)} lost on time` };
  stopRunning();
  show(state.ply);
}

function resign() {
  if (!state.match || finalResult(board.view)) return;
  const side = state.match.human;
  state.result = { result: side === 'white' ? '0-1' : '1-0', reason: `${capital(side)} resigns` };
  stopRunning();
  clocks.stop();
  show(state.moves.length);
}

async function takeback() {
  if (!state.match) return;
  stopRunning();
  $('thinking').hidden = true;
  state.result = null;
  const view = await viewAt(state.moves.length);
  // Back to the human's move: one ply if the engine was to move, else two.
  const back = view.side === state.match.human ? 2 : 1;
  const ply = Math.max(0, state.moves.length - back);
  state.moves = state.moves.slice(0, ply);
  for (const key of [...state.views.keys()]) if (key > ply) state.views.delete(key);
  state.history = state.history.slice(0, ply);
  state.review = null;
  clocks.pause();
  await show(ply);
}

// ---- Review.

function review() {
  setAnalysing(false);
  state.review = null;
  const total = state.moves.length + 1;
  const bar = $('review-progress');
  bar.max = total;
  bar.value = 0;
  const depth = Number($('review-depth').value);
  run('review', '/api/review', { game: gameSpec(), depth, threads: Number($('threads').value) }, (name, data) => {
    if (name === 'progress') {
      bar.hidden = false;
      bar.value = data.done;
    } else if (name === 'review') {
      bar.hidden = true;
      state.review = data;
      drawMoves();
      drawReview();
    }
  });
  bar.hidden = false;
}

function drawReview() {
  const graph = $('graph');
  const text = $('review-summary');
  if (!state.review) {
    graph.replaceChildren();
    text.textContent = '';
    graph.hidden = true;
    return;
  }
  graph.hidden = false;
  drawGraph(graph, state.review, state.ply, (p) => show(p));
  const m = state.ply > 0 ? state.review.moves[state.ply - 1] : null;
  const here = m ? ` · ${state.history[state.ply - 1].move}${m.glyph || ''} ${m.eval}${m.best ? ` (Gorgon: ${state.notation === 'book' ? m.best_book : m.best} ${m.best_eval})` : ''}${m.mate ? ` · ${m.mate}` : ''}` : '';
  text.textContent = `${summary('White', state.review.white)}; ${summary('Black', state.review.black)}${here}`;
}

// ---- Records.

async function exportPgn() {
  const over = board.view ? finalResult(board.view) : null;
  const tags = state.match ? { White: state.match.human === 'white' ? 'You' : 'Gorgon', Black: state.match.human === 'black' ? 'You' : 'Gorgon' } : {};
  try {
    const r = await api.post('/api/pgn/export', { game: gameSpec(), notation: $('pgn-notation').value, result: over ? over.result : null, tags });
    $('pgn').value = r.pgn;
    message();
  } catch (e) {
    message(e.message);
  }
}

async function importPgn() {
  try {
    const r = await api.post('/api/pgn/import', { text: $('pgn').value, variant: state.variant, notation: $('pgn-notation').value === 'book' ? 'book' : 'auto' });
    const g = r.games[0];
    state.match = null;
    clocks.reset(null);
    await setGame(g.variant, g.fen, g.moves, null);
    message(r.games.length > 1 ? `${r.games.length} games in the text: the first is shown` : '');
  } catch (e) {
    message(e.message);
  }
}

// ---- Modes, controls and keys.

function setMode(mode) {
  state.mode = mode;
  for (const tab of document.querySelectorAll('[data-mode]')) tab.classList.toggle('active', tab.dataset.mode === mode);
  for (const panel of document.querySelectorAll('.panel')) panel.hidden = panel.id !== `${mode}-panel`;
  if (mode !== 'play') {
    state.match = null;
    clocks.reset(null);
    $('thinking').hidden = true;
  }
  if (mode !== 'analyse') setAnalysing(false);
  stopRunning();
  show(state.ply);
}

function keys(event) {
  const tag = event.target.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || !$('picker').hidden) return;
  const step = { ArrowLeft: state.ply - 1, ArrowRight: state.ply + 1, Home: 0, End: state.moves.length, ArrowUp: 0, ArrowDown: state.moves.length }[event.key];
  if (step !== undefined) {
    event.preventDefault();
    show(step);
  } else if (event.key === 'f') {
    board.flip();
    drawClocks();
  }
}

function options(select, max, chosen) {
  select.replaceChildren();
  for (let i = 1; i <= max; i++) {
    const o = document.createElement('option');
    o.value = String(i);
    o.textContent = String(i);
    o.selected = i === chosen;
    select.appendChild(o);
  }
}

async function start() {
  try {
    state.config = await api.get('/api/config');
  } catch (e) {
    message(`${e.message}. Open the URL \`gorgon serve\` printed, with its token.`);
    return;
  }
  const caps = state.config.caps;
  options($('lines-count'), caps.lines, Math.min(3, caps.lines));
  options($('threads'), caps.threads, 1);
  options($('review-depth'), caps.review_depth, Math.min(10, caps.review_depth));
  for (const mb of [16, 64, 256, 1024]) {
    if (mb > caps.hash_mb) continue;
    const o = document.createElement('option');
    o.value = String(mb);
    o.textContent = `${mb} MB`;
    o.selected = mb === Math.min(64, caps.hash_mb);
    $('hash').appendChild(o);
  }
  $('variant').addEventListener('change', () => { state.match = null; clocks.reset(null); setGame($('variant').value, null, []); });
  for (const tab of document.querySelectorAll('[data-mode]')) tab.addEventListener('click', () => setMode(tab.dataset.mode));
  $('flip').addEventListener('click', () => { board.flip(); drawClocks(); });
  $('coordinates').addEventListener('change', (e) => board.setCoordinates(e.target.checked));
  $('notation').addEventListener('change', (e) => { state.notation = e.target.value; drawMoves(); drawReview(); });
  $('first').addEventListener('click', () => show(0));
  $('prev').addEventListener('click', () => show(state.ply - 1));
  $('next').addEventListener('click', () => show(state.ply + 1));
  $('last').addEventListener('click', () => show(state.moves.length));
  $('new-game').addEventListener('click', newMatch);
  $('takeback').addEventListener('click', takeback);
  $('resign').addEventListener('click', resign);
  $('analyse-toggle').addEventListener('click', () => setAnalysing(!state.analysing));
  for (const id of ['lines-count', 'threads', 'hash']) $(id).addEventListener('change', () => { if (state.analysing) show(state.ply); });
  $('review-run').addEventListener('click', review);
  $('fen-load').addEventListener('click', () => { state.match = null; clocks.reset(null); setGame(state.variant, $('fen').value, []); });
  $('fen-copy').addEventListener('click', () => navigator.clipboard && navigator.clipboard.writeText($('fen').value));
  $('pgn-export').addEventListener('click', exportPgn);
  $('pgn-import').addEventListener('click', importPgn);
  document.addEventListener('keydown', keys);
  setMode('play');
  await setGame('pom', null, []);
}

start();
