// The page: a game (variant, start FEN, moves) shown ply by ply, played
// against the engine, analysed, reviewed, read and written as FEN and
// PGN. This file wires the modules together (docs/WEB.md, "Code map"):
// state.js holds the state and its changes, draw.js draws it, game.js
// steps and plays, and each panel's module does that panel's work.

import * as api from './api.js';
import * as S from './state.js';
import { state } from './state.js';
import { $, on, runner, stopRunning } from './widgets.js';
import { redraw } from './draw.js';
import { afterShow, setGame, show, timings } from './game.js';
import { endMatch, flagFell, humanMove, newMatch, playEffects, resign, takeback } from './play.js';
import { analyseEffects, restart, setAnalysing, toggle } from './analyse.js';
import { review } from './review-panel.js';
import { copyFen, exportPgn, importPgn, loadFen } from './records.js';
import { keys } from './keys.js';
import { announceEffects, typedMove } from './typed.js';
import { commitEdit, editEffects, wireEditor } from './editor.js';
import { copyLink, linkEffects, onHashChange, openLink, readLink } from './link.js';
import { downloadPng, downloadSvg } from './picture.js';

// The game a link names, read before the address is rewritten.
const linked = readLink(location.hash);

// For docs/WEB.md's figures and the browser tests (which also wait for
// the state to be drawn, and count the redraws).
window.gorgon = { state, timings, runner, redraws: S.redraws, drawn: S.drawn };

// The first position drawn: the page is ready (its load time is measured).
function readyEffects() {
  if (timings.ready !== null) return;
  S.drawn().then(() => {
    if (timings.ready !== null) return;
    timings.ready = performance.now();
    document.body.dataset.ready = '1';
  });
}

S.onChange(redraw);
afterShow((view) => {
  playEffects(view);
  analyseEffects(view);
  announceEffects(view);
  editEffects(view);
  linkEffects();
  readyEffects();
});
on.move = humanMove;
on.flag = flagFell;
on.tick = S.setClocks;
on.say = S.announce;

function setMode(mode) {
  S.setMode(mode);
  if (mode !== 'play') {
    endMatch();
    S.setThinking(false);
  }
  if (mode !== 'analyse') setAnalysing(false);
  if (mode !== 'edit') S.setEdit(null);
  stopRunning();
  show(state.ply);
}

// The editor's position becomes the game, played or analysed.
async function fromEditor(mode) {
  if (!(await commitEdit())) return;
  if (mode === 'analyse') S.setAnalysing(true);
  setMode(mode);
  if (mode === 'play') newMatch(true);
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
    S.setConfig(await api.get('/api/config'));
  } catch (e) {
    S.setMessage(`${e.message}. Open the URL \`gorgon serve\` printed, with its token.`);
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
  $('variant').addEventListener('change', () => {
    const variant = $('variant').value;
    endMatch();
    setGame(variant, null, []);
  });
  for (const tab of document.querySelectorAll('[data-mode]')) tab.addEventListener('click', () => setMode(tab.dataset.mode));
  $('flip').addEventListener('click', () => S.flip());
  $('coordinates').addEventListener('change', (e) => S.setCoordinates(e.target.checked));
  $('notation').addEventListener('change', (e) => S.setNotation(e.target.value));
  $('first').addEventListener('click', () => show(0));
  $('prev').addEventListener('click', () => show(state.ply - 1));
  $('next').addEventListener('click', () => show(state.ply + 1));
  $('last').addEventListener('click', () => show(state.moves.length));
  $('promote-line').addEventListener('click', () => S.promoteLine());
  $('main-line').addEventListener('click', () => S.promoteLine(true));
  $('delete-line').addEventListener('click', () => {
    S.deleteLine();
    show(state.ply);
  });
  $('new-game').addEventListener('click', () => newMatch());
  $('play-level').addEventListener('change', (e) => {
    S.setLevel(Number(e.target.value));
    linkEffects();
  });
  $('takeback').addEventListener('click', takeback);
  $('resign').addEventListener('click', resign);
  $('analyse-toggle').addEventListener('click', toggle);
  for (const id of ['lines-count', 'threads', 'hash']) $(id).addEventListener('change', restart);
  $('review-run').addEventListener('click', review);
  $('fen-load').addEventListener('click', loadFen);
  $('fen-copy').addEventListener('click', copyFen);
  $('pgn-export').addEventListener('click', exportPgn);
  $('pgn-import').addEventListener('click', importPgn);
  $('move-play').addEventListener('click', typedMove);
  $('move-input').addEventListener('keydown', (e) => { if (e.key === 'Enter') typedMove(); });
  document.addEventListener('keydown', keys);
  wireEditor();
  $('edit-play').addEventListener('click', () => fromEditor('play'));
  $('edit-analyse').addEventListener('click', () => fromEditor('analyse'));
  $('link-copy').addEventListener('click', () => copyLink($('link'), $('link-copy')));
  $('picture-svg').addEventListener('click', downloadSvg);
  $('picture-png').addEventListener('click', () => downloadPng().catch((e) => S.setMessage(`No PNG: ${e.message}`)));
  window.addEventListener('hashchange', onHashChange);
  setMode((linked && linked.mode) || 'play');
  await openLink(linked);
}

start();
