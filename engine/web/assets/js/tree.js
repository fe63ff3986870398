// The game as a tree of moves: the start position is the root, each node
// a move with its children, the first child the continuation (the main
// line, or the line the node is on) and the others side lines. A node is
// named by its path of moves from the start, as every request names a
// game; the page's current line is a path through the tree (state.js).
// Pure functions on nodes: only state.js calls the ones that change a tree.

let lastId = 0;

// A node: `move` its text (null for the root), `h` the server's history
// entry of the move (number, side, check, book text...), `view` the
// server's view after it once known, `comment`, `before` and `nags` as
// a PGN record gave them (the API's names).
export function node(move = null, parent = null) {
  return { id: ++lastId, move, h: null, view: null, comment: null, before: null, nags: [], parent, children: [] };
}

// The nodes from the start to `n` (the root not included).
export function path(n) {
  const nodes = [];
  for (let x = n; x.parent; x = x.parent) nodes.push(x);
  return nodes.reverse();
}

export function movesOf(n) {
  return path(n).map((x) => x.move);
}

export function depth(n) {
  let d = 0;
  for (let x = n; x.parent; x = x.parent) d++;
  return d;
}

// The line through `n`: its path, then the first children after it.
export function lineThrough(n) {
  const line = path(n);
  for (let x = n; x.children.length; x = x.children[0]) line.push(x.children[0]);
  return line;
}

// The child of `n` played as `move`, if any.
export function child(n, move) {
  return n.children.find((c) => c.move === move) || null;
}

// The node `moves` lead to from `root`, made where missing: a new move
// after the end of a line continues it, one from an earlier position
// starts a side line (its parent's last child). Returns the nodes walked.
export function addPath(root, moves) {
  const nodes = [];
  let n = root;
  for (const move of moves) {
    let next = child(n, move);
    if (!next) {
      next = node(move, n);
      n.children.push(next);
    }
    nodes.push(next);
    n = next;
  }
  return nodes;
}

export function rootOf(n) {
  let x = n;
  while (x.parent) x = x.parent;
  return x;
}

export function isRoot(n) {
  return n.parent === null;
}

// Whether `n` is still in the tree (no node on its path was deleted).
export function attached(n) {
  for (let x = n; x.parent; x = x.parent) if (!x.parent.children.includes(x)) return false;
  return true;
}

// The first move of the side line `n` is on (the nearest node on its
// path that is not its parent's first child); null on the main line.
export function lineStart(n) {
  for (let x = n; x.parent; x = x.parent) if (x.parent.children[0] !== x) return x;
  return null;
}

// The line `n` is on goes one level up: its first move becomes its
// parent's first child, the line it branched from a side line there.
// False on the main line.
export function promote(n) {
  const start = lineStart(n);
  if (!start) return false;
  const siblings = start.parent.children;
  siblings.splice(siblings.indexOf(start), 1);
  siblings.unshift(start);
  return true;
}

// The line `n` is on made the main line: promoted until it is.
export function makeMain(n) {
  let promoted = false;
  while (promote(n)) promoted = true;
  return promoted;
}

// Removes `n` and all that follows it; returns its parent.
export function cut(n) {
  const siblings = n.parent.children;
  siblings.splice(siblings.indexOf(n), 1);
  return n.parent;
}

// ---- The tree as the API writes it (docs/WEB.md, "Variations"):
// `{nodes: [...]}`, node 0 the start, each node's `children` the node
// numbers of its moves, the main line first; `comment`, `before` (a side
// line's comment before its first move) and `nags` where there are any.

// Adds the API's `nodes` under `root` (the moves it lacks, their
// comments and glyphs); returns the ends of the lines, the main line's
// first, each line's before the lines after it.
export function graft(root, nodes) {
  const ends = [];
  const stack = [[0, root]];
  while (stack.length) {
    const [i, n] = stack.pop();
    const spec = nodes[i];
    if (spec.comment) n.comment = spec.comment;
    if (spec.before) n.before = spec.before;
    if (spec.nags && spec.nags.length) n.nags = spec.nags;
    const children = spec.children || [];
    if (!children.length) ends.push(n);
    const made = children.map((c) => {
      let next = child(n, nodes[c].move);
      if (!next) {
        next = node(nodes[c].move, n);
        n.children.push(next);
      }
      return [c, next];
    });
    for (let k = made.length - 1; k >= 0; k--) stack.push(made[k]);
  }
  return ends;
}

// The tree under `root` in the API's form. A comment before a move that
// is now its parent's first child (a line promoted) is written after the
// parent's move, the same place in the text.
export function toNodes(root) {
  const nodes = [];
  const stack = [root];
  const index = new Map();
  while (stack.length) {
    const n = stack.pop();
    index.set(n, nodes.length);
    const spec = { move: n.move, children: [] };
    const comment = [n.comment, n.children.length && n.children[0].before].filter(Boolean).join(' ');
    if (comment) spec.comment = comment;
    if (n.before && n.parent && n.parent.children[0] !== n) spec.before = n.before;
    if (n.nags.length) spec.nags = n.nags;
    nodes.push(spec);
    for (let k = n.children.length - 1; k >= 0; k--) stack.push(n.children[k]);
  }
  for (const [n, i] of index) nodes[i].children = n.children.map((c) => index.get(c));
  return { nodes };
}
