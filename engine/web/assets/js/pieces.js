// Gorgon's own piece set, drawn for this board (MIT, with the project):
// one figure per kind of RULES.md 2, so that the combined pieces show
// what they combine (the Mounted Advisor is the Advisor's hood on a
// horseshoe, the Pillar a column, the Serpent a coiled snake), and a Morph
// is its current form inside a dashed ring with a small badge, as the FEN
// writes it inside parentheses. Mini-POM's Rook, Knight and Pawn are the
// Tower, Horse and Sword, as the rules crate names them.
//
// Every figure lives in a 100 x 100 box, drawn in two colours that the
// page gives per side: the body is the inherited `fill` (and `stroke`,
// for the Serpent's coil), lines and details are `currentColor`. (A
// `<use>` copy of a symbol takes no CSS rules from the page, only
// inherited properties; so the classes below become attributes.)
//
// PIECE_SET is the one source of the figures: plain JSON after its
// `export const PIECE_SET = ` up to the line `};`, so that the Python
// package draws the same pieces from this file (gorgon.svg reads it
// through engine/python/python/gorgon/pieces.js, a link to it). A
// figure's body is a list of SVG elements; `@name` stands for the part
// `name` (the pedestal, the Advisor's hood, shared by several figures).

export const PIECE_SET = {
  "parts": {
    "pedestal": [
      "<path class='b' d='M24 88h52a4 4 0 0 0 4-4v-3a4 4 0 0 0-4-4H24a4 4 0 0 0-4 4v3a4 4 0 0 0 4 4z'/>"
    ],
    "hood": [
      "<path class='b' d='M50 12c14 14 19 31 12 48l4 17H34l4-17c-7-17-2-34 12-48z'/>",
      "<path class='l' d='M41 37l18 15'/>",
      "<circle class='d' cx='50' cy='27' r='3.2'/>"
    ]
  },
  "figures": {
    "W": {"name": "Sword", "about": "a short blade, hilt down (Mini-POM: Pawn)", "body": [
      "<path class='b' d='M50 12l7 50H43z'/>",
      "<path class='l' d='M50 20v36'/>",
      "<rect class='b' x='33' y='61' width='34' height='7' rx='3'/>",
      "<rect class='b' x='45.5' y='68' width='9' height='12' rx='2'/>",
      "<circle class='b' cx='50' cy='84' r='5'/>"
    ]},
    "T": {"name": "Tower", "about": "a crenellated keep with a door (Rook)", "body": [
      "@pedestal",
      "<path class='b' d='M28 18h9v8h8v-8h10v8h8v-8h9v20h-6l4 39H30l4-39h-6z'/>",
      "<path class='l' d='M34 38h32M44 77V66a6 6 0 0 1 12 0v11'/>"
    ]},
    "H": {"name": "Horse", "about": "a head in profile, mane and eye (Knight)", "body": [
      "@pedestal",
      "<path class='b' d='M33 77c-2-15 3-24 12-30-7-1-15 2-20-4-3-6 4-13 12-18l3-11 6 9c14-1 25 9 27 24 2 13-2 22-2 30z'/>",
      "<path class='l' d='M52 22c9 4 15 12 16 24M58 30c5 4 7 9 8 15'/>",
      "<circle class='d' cx='43' cy='29' r='3'/>"
    ]},
    "A": {"name": "Advisor", "about": "a tall hood with a slit and a watchful eye (the Bishop's moves)", "body": [
      "@pedestal",
      "@hood"
    ]},
    "Q": {"name": "Queen", "about": "a five-pointed crown with pearls", "body": [
      "@pedestal",
      "<path class='b' d='M27 77l-7-43 16 21 6-29 8 27 8-27 6 29 16-21-7 43z'/>",
      "<path class='l' d='M30 68h40'/>",
      "<circle class='b' cx='20' cy='32' r='4.5'/>",
      "<circle class='b' cx='42' cy='24' r='4.5'/>",
      "<circle class='b' cx='58' cy='24' r='4.5'/>",
      "<circle class='b' cx='80' cy='32' r='4.5'/>"
    ]},
    "K": {"name": "King", "about": "a helm under a cross", "body": [
      "@pedestal",
      "<path class='b' d='M29 77c-5-16-4-31 10-33h22c14 2 15 17 10 33z'/>",
      "<path class='l' d='M32 66h36M50 44v22'/>",
      "<path class='b' d='M46 10h8v8h8v8h-8v14h-8V26h-8v-8h8z'/>"
    ]},
    "M": {"name": "Mounted Advisor", "about": "the Advisor's hood riding a horseshoe (Bishop + Knight)", "body": [
      "@pedestal",
      "<path class='b' d='M27 77c-3-8-2-17 5-23h36c7 6 8 15 5 23h-9c2-5 1-10-3-13H39c-4 3-5 8-3 13z'/>",
      "<circle class='d' cx='33' cy='68' r='1.8'/>",
      "<circle class='d' cx='67' cy='68' r='1.8'/>",
      "<g transform='translate(50 12) scale(.66) translate(-50 -12)'>",
      "@hood",
      "</g>"
    ]},
    "S": {"name": "Serpent", "about": "a coiled snake, tongue out (Queen + Knight)", "body": [
      "@pedestal",
      "<path class='coil-edge' d='M30 76c40 2 42-20 20-22-22-1-21-21 2-22 12 0 14-9 6-14'/>",
      "<path class='coil' d='M30 76c40 2 42-20 20-22-22-1-21-21 2-22 12 0 14-9 6-14'/>",
      "<ellipse class='b' cx='55' cy='15' rx='9' ry='7'/>",
      "<circle class='d' cx='57' cy='13' r='2'/>",
      "<path class='l' d='M46 16l-7 1m0 0l-4-3m4 3l-4 3'/>"
    ]},
    "P": {"name": "Pillar", "about": "a fluted column with its capital (Rook + Knight)", "body": [
      "@pedestal",
      "<path class='b' d='M27 16h46v5c-4 0-6 3-6 6H33c0-3-2-6-6-6z'/>",
      "<rect class='b' x='36' y='27' width='28' height='44' rx='1'/>",
      "<path class='l' d='M43 30v38M50 30v38M57 30v38'/>",
      "<rect class='b' x='31' y='71' width='38' height='6' rx='2'/>",
      "<circle class='l' cx='30' cy='24' r='3'/>",
      "<circle class='l' cx='70' cy='24' r='3'/>"
    ]},
    "E": {"name": "Medusa", "about": "a face with snakes for hair and a petrifying stare", "body": [
      "@pedestal",
      "<path class='b' d='M38 77c0-7 4-10 12-10s12 3 12 10z'/>",
      "<path class='l snakes' d='M36 44c-9-4-10-13-17-12M38 36c-5-9-1-16-8-21M50 33c0-9 6-13 2-21M62 36c5-9 1-16 8-21M64 44c9-4 10-13 17-12'/>",
      "<circle class='b' cx='50' cy='50' r='17'/>",
      "<path class='x' d='M40 48q4-4 8 0q-4 3-8 0zM52 48q4-4 8 0q-4 3-8 0z'/>",
      "<path class='l' d='M44 58q6 4 12 0'/>",
      "<circle class='d' cx='19' cy='32' r='2.6'/>",
      "<circle class='d' cx='30' cy='15' r='2.6'/>",
      "<circle class='d' cx='52' cy='12' r='2.6'/>",
      "<circle class='d' cx='70' cy='15' r='2.6'/>",
      "<circle class='d' cx='81' cy='32' r='2.6'/>"
    ]}
  },
  "morph": [
    "<circle class='morph-ring' cx='50' cy='50' r='46'/>",
    "<circle class='morph-badge' cx='84' cy='16' r='11'/>",
    "<path class='morph-swirl' d='M78 17c0-4 4-6 7-4s2 7-2 7-4-4-1-4'/>"
  ],
  "attributes": {
    "b": "stroke='currentColor' stroke-width='2.6' stroke-linejoin='round'",
    "l": "fill='none' stroke='currentColor' stroke-width='2.6' stroke-linecap='round' stroke-linejoin='round'",
    "l snakes": "fill='none' stroke='currentColor' stroke-width='4' stroke-linecap='round'",
    "d": "fill='currentColor' stroke='none'",
    "x": "fill='#c62828' stroke='none'",
    "coil-edge": "fill='none' stroke='currentColor' stroke-width='14' stroke-linecap='round'",
    "coil": "fill='none' stroke-width='8.5' stroke-linecap='round'",
    "morph-ring": "fill='none' stroke='#7b3fa0' stroke-width='4.5' stroke-dasharray='9 6'",
    "morph-badge": "fill='#7b3fa0' stroke='#ffffff' stroke-width='2'",
    "morph-swirl": "fill='none' stroke='#ffffff' stroke-width='2.4' stroke-linecap='round'"
  }
};

// The markup of a list of elements and `@part`s, classes as attributes.
function markup(items) {
  return items.map((item) => item.startsWith('@') ? markup(PIECE_SET.parts[item.slice(1)]) : item).join('')
    .replace(/class='([^']+)'/g, (_, c) => PIECE_SET.attributes[c]);
}

// The SVG `<symbol>`s of every figure and the Morph's mark, for a `<defs>`.
export function pieceDefs() {
  let out = '';
  for (const [kind, figure] of Object.entries(PIECE_SET.figures)) {
    out += `<symbol id="piece-${kind}" viewBox="0 0 100 100">${markup(figure.body)}</symbol>`;
  }
  out += `<symbol id="piece-morph" viewBox="0 0 100 100">${markup(PIECE_SET.morph)}</symbol>`;
  return out;
}

// The CSS classes of a piece's group: its side and whether a Morph.
export function pieceClass(piece) {
  return `piece ${piece.color === 'w' ? 'pw' : 'pb'}${piece.morph ? ' morph' : ''}`;
}

// A piece as SVG markup at (x, y), `size` units wide, using the symbols.
export function pieceMarkup(piece, x, y, size) {
  const use = (id) => `<use href="#piece-${id}" x="${x}" y="${y}" width="${size}" height="${size}"/>`;
  return use(piece.kind) + (piece.morph ? use('morph') : '');
}

// A free-standing small picture of a piece (the Morph picker, the legend),
// with its own symbols so that it needs no board on the page.
export function pieceIcon(piece, size = 48) {
  return `<svg class="icon" viewBox="0 0 100 100" width="${size}" height="${size}" aria-hidden="true">` +
    `<defs>${pieceDefs()}</defs><g class="${pieceClass(piece)}">${pieceMarkup(piece, 0, 0, 100)}</g></svg>`;
}

// The English name of a piece, as the rules crate gives it.
export function pieceName(piece) {
  const side = piece.color === 'w' ? 'White' : 'Black';
  return `${side} ${piece.morph ? 'Morph ' : ''}${piece.name}`;
}
