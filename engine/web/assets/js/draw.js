// The one redraw: everything the page shows, drawn from the state object
// alone, once per animation frame (state.js). Each part is drawn again only
// when what it reads has changed, so that a redraw costs little and keeps
// the board's selection while an analysis reports. Nothing here starts a
// request or writes anything but the page (the address, the timings and
// the clocks' ticks are the effects', main.js).

import * as S from './state.js';
import { state } from './state.js';
import * as T from './tree.js';
import { $, board } from './widgets.js';
import { renderMoves } from './movelist.js';
import { renderEvalBar, renderLines } from './analysis.js';
import { drawGraph, summary } from './review.js';
import { finalResult, showNode } from './game.js';
import { arrows, playLine } from './analyse.js';
import { capital, humanTurn, other } from './play.js';
import { clockText } from './clock.js';
import { drawEditor, editDrawn, editing, editView } from './editor.js';
import { linkFragment, linkUrl } from './link.js';

const drawn = new Map();

// Draws `name` with `draw()` unless `inputs` are those it was drawn with.
function part(name, inputs, draw) {
  const before = drawn.get(name);
  if (before && before.length === inputs.length && before.every((x, i) => x === inputs[i])) return;
  drawn.set(name, inputs);
  draw();
}

export function redraw() {
  const view = state.views.get(state.ply) || null;
  part('variant', [state.variant], () => { $('variant').value = state.variant; });
  part('mode', [state.mode], () => {
    for (const tab of document.querySelectorAll('[data-mode]')) {
      tab.classList.toggle('active', tab.dataset.mode === state.mode);
      tab.setAttribute('aria-pressed', String(tab.dataset.mode === state.mode));
    }
    for (const panel of document.querySelectorAll('.panel')) panel.hidden = panel.id !== `${state.mode}-panel`;
  });
  part('message', [state.message], () => {
    $('message').textContent = state.message;
    $('message').hidden = !state.message;
  });
  part('thinking', [state.thinking], () => { $('thinking').hidden = !state.thinking; });
  part('announcement', [state.announcement], () => { $('announce').textContent = state.announcement; });
  part('clocks', [state.clocks, state.flipped, state.match], drawClocks);
  if (view) drawPosition(view);
  const current = S.currentNode();
  part('moves', [state.tree, state.treeEpoch, current, state.review, state.notation], () => {
    const glyphs = new Map();
    if (state.review) state.reviewLine.forEach((n, i) => glyphs.set(n, state.review.moves[i] && state.review.moves[i].glyph));
    renderMoves($('moves'), state.tree, { current, glyphs, notation: state.notation, onSelect: showNode });
  });
  part('line-tools', [state.tree, state.treeEpoch, current], () => {
    const side = T.lineStart(current) !== null;
    $('line-tools').hidden = state.tree.children.length === 0;
    $('promote-line').disabled = !side;
    $('main-line').disabled = !side;
    $('delete-line').disabled = T.isRoot(current);
    $('delete-line').textContent = side || T.isRoot(current) ? 'Delete line' : 'Delete from here';
  });
  part('review', [state.review, state.ply, state.line, state.notation], drawReview);
  part('progress', [state.reviewProgress], () => {
    const bar = $('review-progress');
    bar.hidden = !state.reviewProgress;
    if (state.reviewProgress) {
      bar.max = state.reviewProgress.total;
      bar.value = state.reviewProgress.done;
    }
  });
  part('analysing', [state.analysing], () => {
    $('analyse-toggle').textContent = state.analysing ? 'Stop' : 'Analyse';
    $('analyse-toggle').classList.toggle('on', state.analysing);
    $('evalbar').hidden = !state.analysing;
  });
  part('lines', [state.lines, state.notation], () => {
    renderLines($('lines'), $('analysis-status'), state.lines.filter(Boolean), { notation: state.notation, onPlay: playLine });
  });
  part('eval', [state.evalInfo], () => renderEvalBar($('evalbar'), $('eval-text'), state.evalInfo));
  part('editor', [state.edit], drawEditor);
  // The link to the game and the move shown (link.js), once shown.
  part('link', [state.variant, state.startFen, state.moves, state.ply, state.level, !view], () => {
    if (view) $('link').value = linkUrl(linkFragment(state));
  });
  part('level', [state.level], () => { $('play-level').value = String(state.level); });
}

// The clocks and the players' names, by the board's orientation.
function drawClocks() {
  const top = state.flipped ? 'white' : 'black';
  for (const [slot, side] of [['clock-top', top], ['clock-bottom', other(top)]]) {
    const node = $(slot);
    node.textContent = state.clocks ? clockText(state.clocks[side]) : '';
    node.classList.toggle('running', !!state.clocks && state.clocks.running === side);
    node.dataset.side = side;
  }
  const names = state.match
    ? { [state.match.human]: 'You', [other(state.match.human)]: 'Gorgon' }
    : { white: 'White', black: 'Black' };
  $('name-top').textContent = names[top];
  $('name-bottom').textContent = names[other(top)];
}

// The board, its arrows, the status line, FEN and diagram of `view`.
function drawPosition(view) {
  const last = state.ply > 0 ? state.history[state.ply - 1] : null;
  const interactive = humanTurn(view);
  const { flipped, coordinates } = state;
  part('board', [view, last, interactive, state.boardEpoch, flipped, coordinates, ...editDrawn(state.edit)], () => {
    if (state.edit) board.setView(editView(state.edit), { edit: editing, flipped, coordinates });
    else board.setView(view, { lastMove: last && { from: last.from, to: last.to }, interactive, flipped, coordinates });
  });
  part('arrows', [view, state.analysing, state.lines], () => {
    board.setArrows(state.analysing ? arrows(state.lines.filter(Boolean), view) : []);
  });
  part('status', [view, state.result, !state.edit], () => {
    const over = finalResult(view);
    const status = $('status');
    if (state.edit) {
      status.textContent = 'Board editor';
      status.className = 'status';
    } else if (over) {
      status.textContent = `${over.result} · ${over.reason}`;
      status.className = 'status over';
    } else {
      status.textContent = `${capital(view.side)} to move${view.check ? ' · check' : ''}`;
      status.className = view.check ? 'status check' : 'status';
    }
    status.dataset.result = over ? over.result : '';
  });
  part('fen', [view], () => {
    $('fen').value = view.fen;
    $('diagram').textContent = view.diagram;
  });
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
  // The review is of one line; elsewhere the graph has no cursor.
  const reviewed = state.reviewLine;
  const on = state.ply <= reviewed.length && state.line.slice(0, state.ply).every((n, i) => reviewed[i] === n);
  drawGraph(graph, state.review, on ? state.ply : null, (p) => showNode(p > 0 ? reviewed[p - 1] : state.tree));
  const m = on && state.ply > 0 ? state.review.moves[state.ply - 1] : null;
  const elsewhere = on ? '' : ' · (the review is of another line)';
  const here = m ? ` · ${state.history[state.ply - 1].move}${m.glyph || ''} ${m.eval}${m.best ? ` (Gorgon: ${state.notation === 'book' ? m.best_book : m.best} ${m.best_eval})` : ''}${m.mate ? ` · ${m.mate}` : ''}` : '';
  text.textContent = `${summary('White', state.review.white)}; ${summary('Black', state.review.black)}${here}${elsewhere}`;
}
