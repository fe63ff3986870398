// The board editor (the Edit tab): a piece of the palette placed by a
// click (a second click with the same piece takes it off, the eraser
// takes any), pieces moved by a drag or taken off by a drag off the
// board; the side to move and the rights of the variant's FEN (castling,
// and the Mini-POM swap). The page only writes the FEN: the rules crate
// judges it through /api/position, the reading Load FEN uses, and its
// words are shown; play or analysis starts from it through setGame, which
// refuses a bad position with the same words.

import * as api from './api.js';
import * as S from './state.js';
import { state } from './state.js';
import { $ } from './widgets.js';
import { squareName } from './squares.js';
import { setGame } from './game.js';
import { pieceIcon, pieceName } from './pieces.js';
import { endMatch } from './play.js';

function variantOf(name) {
  return state.config.variants.find((v) => v.name === name);
}

// The FEN of the editor's position (NOTATION.md 1); the server reads it.
export function editFen(edit) {
  const { files, ranks } = variantOf(edit.variant);
  const rows = [];
  for (let rank = ranks - 1; rank >= 0; rank--) {
    let row = '';
    let empty = 0;
    for (let file = 0; file < files; file++) {
      const p = edit.pieces[squareName(file, rank)];
      if (!p) {
        empty++;
        continue;
      }
      if (empty) row += empty;
      empty = 0;
      const letter = p.color === 'w' ? p.kind : p.kind.toLowerCase();
      row += p.morph ? `(${letter})` : letter;
    }
    if (empty) row += empty;
    rows.push(row);
  }
  return `${rows.join('/')} ${edit.side === 'white' ? 'w' : 'b'} ${edit.rights || '-'} - ${edit.halfmove} ${edit.fullmove}`;
}

// The rules' judgement of the editor's position, if it is of this very
// position (else the answer is on its way).
function verdictOf(edit) {
  return edit.verdict && edit.verdict.fen === editFen(edit) ? edit.verdict : null;
}

// What the board's drawing of the editor reads: the pieces, and the
// rules' view of them once judged (not the palette's choice).
export function editDrawn(edit) {
  const judged = edit && verdictOf(edit);
  return edit ? [edit.pieces, judged && judged.view] : [null, null];
}

// What the board draws in the editor: the pieces placed, with the
// petrified sets and check the rules found in them once judged.
export function editView(edit) {
  const { files, ranks } = variantOf(edit.variant);
  const judged = verdictOf(edit);
  const view = judged && judged.view;
  return {
    variant: edit.variant, files, ranks, pieces: edit.pieces, legal: {},
    petrified: view ? view.petrified : { white: [], black: [] },
    check: view ? view.check : null,
  };
}

// A change of the editor's position, then its judgement by the rules.
function update(fields) {
  const edit = { ...state.edit, ...fields };
  S.setEdit(edit);
  judge(edit);
}

async function judge(edit) {
  const fen = editFen(edit);
  if (verdictOf(edit)) return;
  let verdict;
  try {
    verdict = { fen, error: null, view: await api.post('/api/position', { variant: edit.variant, fen }) };
  } catch (e) {
    verdict = { fen, error: e.message, view: null };
  }
  // An answer for a position edited since is dropped.
  if (state.edit && editFen(state.edit) === fen) S.setEdit({ ...state.edit, verdict });
}

// Opens the editor on `view` (the position shown).
function open(view) {
  const edit = {
    variant: view.variant, pieces: { ...view.pieces }, side: view.side, rights: view.rights,
    halfmove: view.halfmove_clock, fullmove: view.fullmove,
    tool: state.edit && state.edit.variant === view.variant ? state.edit.tool : { color: 'w', kind: 'K', morph: false, name: 'King' },
  };
  edit.verdict = { fen: editFen(edit), error: null, view };
  S.setEdit(edit);
}

// After a position is shown in the Edit tab: the editor opens on it, or
// on the start of another variant chosen.
export function editEffects(view) {
  if (state.mode === 'edit' && (!state.edit || state.edit.variant !== view.variant)) open(view);
}

function samePiece(a, b) {
  return a && b && a.color === b.color && a.kind === b.kind && a.morph === b.morph;
}

// The board's clicks and drags in the editor.
export const editing = {
  click(square) {
    const pieces = { ...state.edit.pieces };
    const tool = state.edit.tool;
    if (tool === 'erase' || samePiece(pieces[square], tool)) delete pieces[square];
    else pieces[square] = { ...tool };
    update({ pieces });
  },
  drag(from, to) {
    const pieces = { ...state.edit.pieces };
    if (to) pieces[to] = pieces[from];
    delete pieces[from];
    update({ pieces });
  },
};

// The rights letters in the order the rules write them: White's by file,
// then Black's.
function rightsText(letters, variant) {
  const files = variantOf(variant).rights.map((r) => r.file);
  const text = [...files.map((f) => f.toUpperCase()), ...files].filter((l) => letters.has(l)).join('');
  return text || '-';
}

// The controls' handlers, set once.
export function wireEditor() {
  $('palette').addEventListener('click', (e) => {
    const button = e.target.closest('button');
    if (!button) return;
    const tool = button.dataset.tool === 'erase' ? 'erase' : JSON.parse(button.dataset.tool);
    S.setEdit({ ...state.edit, tool });
  });
  $('edit-side').addEventListener('change', (e) => update({ side: e.target.value }));
  $('edit-rights').addEventListener('change', (e) => {
    const letters = new Set(state.edit.rights.replace('-', ''));
    if (e.target.checked) letters.add(e.target.value);
    else letters.delete(e.target.value);
    update({ rights: rightsText(letters, state.edit.variant) });
  });
  $('edit-clear').addEventListener('click', () => update({ pieces: {}, rights: '-', halfmove: 0, fullmove: 1 }));
  $('edit-start').addEventListener('click', async () => {
    const view = await S.ask(api.post('/api/position', { variant: state.edit.variant })).catch(S.failed);
    if (view) update({ pieces: { ...view.pieces }, side: view.side, rights: view.rights, halfmove: 0, fullmove: 1 });
  });
}

// Leaves the editor for a game from its position; false (the rules'
// words shown) when the rules refuse it.
export async function commitEdit() {
  endMatch();
  return setGame(state.edit.variant, editFen(state.edit), []);
}

let paletteOf = null;

// Draws the editor's panel (the redraw calls it when the editor changed).
export function drawEditor() {
  const edit = state.edit;
  if (!edit) return;
  const variant = variantOf(edit.variant);
  if (paletteOf !== edit.variant) {
    paletteOf = edit.variant;
    drawPalette(variant);
    drawRights(variant);
  }
  for (const button of $('palette').querySelectorAll('button')) {
    const tool = button.dataset.tool === 'erase' ? 'erase' : JSON.parse(button.dataset.tool);
    button.setAttribute('aria-pressed', String(tool === 'erase' ? edit.tool === 'erase' : samePiece(tool, edit.tool)));
  }
  $('edit-side').value = edit.side;
  for (const box of $('edit-rights').querySelectorAll('input')) box.checked = edit.rights.includes(box.value);
  const fen = editFen(edit);
  $('edit-fen').value = fen;
  const verdict = verdictOf(edit);
  const text = $('edit-verdict');
  text.textContent = !verdict ? 'Asking the rules…' : verdict.error ? verdict.error : `A legal position: ${edit.side === 'white' ? 'White' : 'Black'} to move`;
  text.className = `verdict${verdict ? (verdict.error ? ' bad' : ' good') : ''}`;
}

function drawPalette(variant) {
  const palette = $('palette');
  palette.replaceChildren();
  for (const color of ['w', 'b']) {
    for (const k of variant.kinds) {
      const piece = { color, kind: k.kind, morph: k.morph, name: k.name };
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.tool = JSON.stringify(piece);
      button.dataset.piece = (k.morph ? 'M' : '') + color + k.kind;
      button.title = pieceName(piece);
      button.setAttribute('aria-label', pieceName(piece));
      button.innerHTML = pieceIcon(piece, 30);
      palette.appendChild(button);
    }
  }
  const eraser = document.createElement('button');
  eraser.type = 'button';
  eraser.dataset.tool = 'erase';
  eraser.className = 'eraser';
  eraser.textContent = 'Remove';
  eraser.title = 'Remove a piece (or drag it off the board)';
  palette.appendChild(eraser);
}

function drawRights(variant) {
  const box = $('edit-rights');
  for (const old of box.querySelectorAll('label')) old.remove();
  for (const [color, side, rank] of [['w', 'White', 1], ['b', 'Black', variant.ranks]]) {
    for (const r of variant.rights) {
      const letter = color === 'w' ? r.file.toUpperCase() : r.file;
      const label = document.createElement('label');
      const input = document.createElement('input');
      input.type = 'checkbox';
      input.value = letter;
      const what = r.kind === 'castle' ? `castles with the Tower on ${r.file}${rank}` : `swap: the ${r.piece} on ${r.file}${rank}`;
      label.append(input, ` ${side} ${what} (${letter})`);
      box.appendChild(label);
    }
  }
}
