// The play panel: a game against Gorgon with clocks or a time per move,
// the engine's replies, takeback, resignation and the flag.

import * as S from './state.js';
import { state } from './state.js';
import { $, clocks, run, runner, stopRunning } from './widgets.js';
import { atEnd, finalResult, gameSpec, playMove, setGame, show, viewAt } from './game.js';
import { setAnalysing } from './analyse.js';

export function other(side) {
  return side === 'white' ? 'black' : 'white';
}

export function capital(side) {
  return side[0].toUpperCase() + side.slice(1);
}

function playing() {
  return state.mode === 'play' && state.match;
}

// The board takes the human's moves: always outside a game against the
// engine, else at the end of the game on the human's turn.
export function humanTurn(view) {
  return !playing() || (atEnd() && view.side === state.match.human && !finalResult(view));
}

export function humanMove(text) {
  if (playing() && !atEnd()) return;
  playMove(text);
}

// After a position is shown: the clocks, and the engine's move if it is
// to move.
export function playEffects(view) {
  if (!playing()) return;
  if (finalResult(view)) {
    clocks.stop();
  } else if (atEnd()) {
    clocks.start(view.side);
    if (view.side !== state.match.human) engineMove(view);
  }
}

// The node the engine is thinking about.
let thinkingAbout = null;

function engineMove(view) {
  const node = S.currentNode();
  // Already thinking about this very position.
  const running = runner.running;
  if (running && running.kind === 'play' && thinkingAbout === node) return;
  thinkingAbout = node;
  const spec = gameSpec();
  const body = { game: spec, mode: 'play', threads: state.match.threads, level: state.level };
  if (clocks.enabled) {
    Object.assign(body, { wtime: Math.max(1, clocks.remaining('white')), btime: Math.max(1, clocks.remaining('black')),
      winc: state.match.control.increment * 1000, binc: state.match.control.increment * 1000 });
  } else {
    body.movetime = state.match.movetime;
  }
  S.setThinking(true);
  run('play', state.moves.length, '/api/search', body, (name, data) => {
    if (name === 'bestmove') {
      S.setThinking(false);
      // The game moved on (takeback, resignation, flag, a move or a line
      // deleted): drop the move. The move goes after the position it was
      // thought about, even if the user stepped elsewhere meanwhile.
      if (data.move && S.inGame(node) && node.children.length === 0 && !finalResult(view)) playMove(data.move, node);
    }
  });
}

// A new game against Gorgon, from the start or from the position shown
// (the panel's choice unless `fromHere` is given: the board editor's).
export async function newMatch(fromHere = $('play-from').value === 'here') {
  const colour = $('play-colour').value;
  const human = colour === 'random' ? (Math.random() < 0.5 ? 'white' : 'black') : colour;
  const [kind, a, b] = $('play-tc').value.split(':');
  const match = { human, threads: Number($('threads').value), control: null, movetime: null };
  if (kind === 'clock') match.control = { minutes: Number(a), increment: Number(b) };
  else match.movetime = Number(a);
  setAnalysing(false);
  stopRunning();
  S.setMatch(match);
  clocks.reset(match.control);
  if (state.flipped !== (human === 'black')) S.flip();
  await setGame(state.variant, fromHere ? state.startFen : null, fromHere ? state.moves.slice(0, state.ply) : []);
}

// No game against the engine any more (another mode, game or record).
export function endMatch() {
  S.setMatch(null);
  clocks.reset(null);
}

export function flagFell(side) {
  S.setResult({ result: side === 'white' ? '0-1' : '1-0', reason: `${capital(side)} lost on time` });
  stopRunning();
  show(state.ply);
}

export function resign() {
  const view = state.views.get(state.ply);
  if (!state.match || !view || finalResult(view)) return;
  const side = state.match.human;
  stopRunning();
  clocks.stop();
  S.setResult({ result: side === 'white' ? '0-1' : '1-0', reason: `${capital(side)} resigns` });
  show(state.moves.length);
}

export async function takeback() {
  if (!state.match) return;
  stopRunning();
  S.setThinking(false);
  S.setResult(null);
  let view;
  try {
    view = await S.ask(viewAt(state.moves.length));
  } catch (e) {
    S.failed(e);
    return;
  }
  // Back to the human's move: one ply if the engine was to move, else two.
  const back = view.side === state.match.human ? 2 : 1;
  clocks.pause();
  S.cutTo(Math.max(0, state.moves.length - back));
  await show(state.ply);
}
