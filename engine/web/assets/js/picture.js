// Pictures of the position shown: the board's SVG made self-contained
// (what the page's style sheet gives each element is written on it as
// presentation attributes; the pieces' symbols are in its own defs) for
// an SVG file, and that SVG drawn on a canvas for a PNG file.

import { state } from './state.js';
import { $ } from './widgets.js';

// The properties style.css sets on the board's elements.
const PROPERTIES = ['fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-dasharray', 'stroke-linecap',
  'opacity', 'color', 'stop-color', 'stop-opacity', 'font-family', 'font-size', 'font-weight'];
// Pixels per square of the PNG.
const PNG_SQUARE = 72;
const XLINK = 'http://www.w3.org/1999/xlink';

// `url("http://host/#stone")` -> `url(#stone)`: a reference inside the file.
function local(value) {
  return value.replace(/url\(["']?[^#"')]*#([^"')]+)["']?\)/g, 'url(#$1)');
}

// The board as a standalone SVG document (text), without the selection,
// the legal targets, a dragged piece or the analysis arrows.
export function boardSvg() {
  const board = $('board');
  const copy = board.cloneNode(true);
  const originals = board.querySelectorAll('*');
  const copies = copy.querySelectorAll('*');
  originals.forEach((original, i) => {
    if (!original.hasAttribute('class')) return;
    const style = getComputedStyle(original);
    for (const property of PROPERTIES) {
      const value = style.getPropertyValue(property);
      if (value) copies[i].setAttribute(property, local(value));
    }
  });
  for (const node of copy.querySelectorAll('.targets > *, .arrows > *, .ghost')) node.remove();
  for (const node of copy.querySelectorAll('.lifted')) node.classList.remove('lifted');
  // A petrified piece greyed by an SVG filter (the page uses CSS's).
  copy.querySelector('defs').insertAdjacentHTML('beforeend',
    '<filter id="petrified-grey"><feColorMatrix type="saturate" values="0.1"/></filter>');
  for (const node of copy.querySelectorAll('.piece.petrified')) node.setAttribute('filter', 'url(#petrified-grey)');
  for (const use of copy.querySelectorAll('use')) use.setAttributeNS(XLINK, 'xlink:href', use.getAttribute('href'));
  const [, , width, height] = copy.getAttribute('viewBox').split(' ').map(Number);
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  for (const name of ['id', 'class', 'role', 'aria-label']) copy.removeAttribute(name);
  const title = document.createElementNS('http://www.w3.org/2000/svg', 'title');
  title.textContent = `Gorgon: ${state.variant}, ${state.views.get(state.ply) ? state.views.get(state.ply).fen : ''}`;
  copy.prepend(title);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}\n`;
}

function fileName(extension) {
  return `gorgon-${state.variant}-${state.edit ? 'editor' : `ply${state.ply}`}.${extension}`;
}

function download(name, blob) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 60000);
}

export function downloadSvg() {
  download(fileName('svg'), new Blob([boardSvg()], { type: 'image/svg+xml' }));
}

// The SVG drawn on a canvas, PNG_SQUARE pixels a square.
export async function downloadPng() {
  const text = boardSvg();
  const image = new Image();
  // A data: URL: the page's content security policy allows data: images.
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
  await image.decode();
  const view = $('board').viewBox.baseVal;
  const canvas = document.createElement('canvas');
  canvas.width = Math.round((view.width / 100) * PNG_SQUARE);
  canvas.height = Math.round((view.height / 100) * PNG_SQUARE);
  canvas.getContext('2d').drawImage(image, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
  download(fileName('png'), blob);
}
