//! A game with its side lines (PGN's variations, `( ... )`): the tree the
//! PGN reader builds ([`crate::text::pgn::replay_tree`]), the PGN writers walk
//! ([`GameTree::walk`]) and the browser board edits. A game without side
//! lines is a tree whose every node has at most one child.
//!
//! The nodes live in one list (no recursion anywhere, so a deep tree
//! cannot exhaust a stack): node 0 is the start position and holds no
//! move; every other node is a move played from its parent's position.
//! A node's children are the moves played from its position, the main
//! line first.

use crate::{GameRecord, GameResult, Move, Position};

/// One position of the tree: the move that leads to it and what was said
/// of that move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TreeNode {
    /// The move from the parent's position; `None` for node 0 only.
    pub mv: Option<Move>,
    /// The parent node (node 0 is its own parent).
    pub parent: usize,
    /// The moves from this node's position, the main line first.
    pub children: Vec<usize>,
    /// The `{...}` comments after the move (node 0: before the first move).
    pub comments: Vec<String>,
    /// The `{...}` comments before the move, written after the `(` of the
    /// side line the move starts (kept on a side line's first move only).
    pub before: Vec<String>,
    /// The move's numeric annotation glyphs (`$1`, or `!` read as `$1`).
    pub nags: Vec<u8>,
}

/// A game tree: the start position, the nodes (node 0 the start) and the
/// game's result.
#[derive(Clone)]
pub struct GameTree {
    pub start: Position,
    pub nodes: Vec<TreeNode>,
    pub result: Option<GameResult>,
}

impl PartialEq for GameTree {
    /// Same start (by FEN), same nodes, same result.
    fn eq(&self, other: &GameTree) -> bool {
        self.nodes == other.nodes && self.result == other.result && self.start.fen() == other.start.fen()
    }
}

impl Eq for GameTree {}

impl std::fmt::Debug for GameTree {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let g = self.start.geometry();
        let nodes: Vec<String> = self
            .nodes
            .iter()
            .map(|n| {
                let text = n.mv.map_or_else(|| "start".into(), |m| m.text(g));
                format!("{text} -> {:?} {:?} {:?} {:?}", n.children, n.comments, n.before, n.nags)
            })
            .collect();
        f.debug_struct("GameTree")
            .field("start", &self.start.fen())
            .field("nodes", &nodes)
            .field("result", &self.result)
            .finish()
    }
}

/// What [`GameTree::walk`] meets, in the order a PGN writer writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A node's move; the position handed with it is the one before the
    /// move.
    Move(usize),
    /// A side line opens (`(`); its first move follows.
    Open,
    /// The side line last opened closes (`)`).
    Close,
}

impl GameTree {
    /// A tree of the start position alone.
    pub fn new(start: Position, result: Option<GameResult>) -> GameTree {
        GameTree {
            start,
            nodes: vec![TreeNode::default()],
            result,
        }
    }

    /// The tree of a game without side lines.
    pub fn from_record(record: &GameRecord) -> GameTree {
        let mut tree = GameTree::new(record.start.clone(), record.result);
        tree.nodes.reserve(record.moves.len());
        let mut at = 0;
        for &m in &record.moves {
            at = tree.push(at, m);
        }
        tree
    }

    /// Adds `mv` as the last child of `parent` and returns its node. The
    /// caller has checked that the move is legal in `parent`'s position.
    pub fn push(&mut self, parent: usize, mv: Move) -> usize {
        let id = self.nodes.len();
        self.nodes.push(TreeNode {
            mv: Some(mv),
            parent,
            ..TreeNode::default()
        });
        self.nodes[parent].children.push(id);
        id
    }

    /// The number of moves in the tree (every node but the start).
    pub fn moves(&self) -> usize {
        self.nodes.len() - 1
    }

    /// The main line: from the start, each node's first child.
    pub fn main_line(&self) -> Vec<Move> {
        let mut out = Vec::new();
        let mut at = 0;
        while let Some(&child) = self.nodes[at].children.first() {
            out.extend(self.nodes[child].mv);
            at = child;
        }
        out
    }

    /// The game of the main line.
    pub fn record(&self) -> GameRecord {
        GameRecord {
            start: self.start.clone(),
            moves: self.main_line(),
            result: self.result,
        }
    }

    /// Whether the tree has a side line.
    pub fn has_variations(&self) -> bool {
        self.nodes.iter().any(|n| n.children.len() > 1)
    }

    /// Visits the tree in the order PGN writes it: a move, then the side
    /// lines that replace it (each between [`Step::Open`] and
    /// [`Step::Close`]), then the line goes on. `visit` gets the position
    /// before each move, with the history of the line that leads to it,
    /// and must hand it back as it found it (it may make a move and take
    /// it back). One position is made and unmade along the way (no
    /// copies), and an explicit stack replaces recursion.
    pub fn walk(&self, mut visit: impl FnMut(Step, &mut Position)) {
        /// A line being written: its next node, how many of its moves are
        /// made on `pos`, and, while the side lines of the move just
        /// visited are written, the next of them (`sides`).
        struct Line {
            next: Option<usize>,
            made: usize,
            sides: Option<usize>,
        }
        let mut pos = self.start.clone();
        let mut lines = vec![Line {
            next: self.nodes[0].children.first().copied(),
            made: 0,
            sides: None,
        }];
        while let Some(line) = lines.last_mut() {
            if let (Some(side), Some(n)) = (line.sides, line.next) {
                // The move `n` is visited, not made: its siblings after it
                // are played from the same position.
                let siblings = &self.nodes[self.nodes[n].parent].children;
                if let Some(&s) = siblings.get(side) {
                    line.sides = Some(side + 1);
                    visit(Step::Open, &mut pos);
                    lines.push(Line {
                        next: Some(s),
                        made: 0,
                        sides: None,
                    });
                    continue;
                }
                line.sides = None;
                pos.make(self.nodes[n].mv.expect("only node 0 has no move"));
                line.made += 1;
                line.next = self.nodes[n].children.first().copied();
                continue;
            }
            match line.next {
                Some(n) => {
                    visit(Step::Move(n), &mut pos);
                    let siblings = &self.nodes[self.nodes[n].parent].children;
                    // After its parent's main move come the side lines
                    // that replace it (a side line's own first move is
                    // one of those, and is made at once).
                    if siblings.len() > 1 && siblings[0] == n {
                        line.sides = Some(1);
                        continue;
                    }
                    pos.make(self.nodes[n].mv.expect("only node 0 has no move"));
                    line.made += 1;
                    line.next = self.nodes[n].children.first().copied();
                }
                None => {
                    for _ in 0..line.made {
                        pos.unmake();
                    }
                    lines.pop();
                    if !lines.is_empty() {
                        visit(Step::Close, &mut pos);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::Variant;

    fn tree_of(lines: &[(usize, &str)]) -> GameTree {
        // (parent node, move text) in node order.
        let mut tree = GameTree::new(Position::startpos(Variant::Pom), None);
        for &(parent, text) in lines {
            let mut pos = tree.start.clone();
            let mut path = Vec::new();
            let mut at = parent;
            while at != 0 {
                path.push(tree.nodes[at].mv.unwrap());
                at = tree.nodes[at].parent;
            }
            for &m in path.iter().rev() {
                pos.make(m);
            }
            let m = pos.parse_move(text).unwrap();
            tree.push(parent, m);
        }
        tree
    }

    /// The walk writes PGN's order: `1. e3e5 (1. g3g5 h10h8) (1. d3d5)
    /// 1... h10h8 (1... g9g7 2. e2c3) 2. f2c5`, and hands each move the
    /// position it is played from (the move texts are legal there).
    #[test]
    fn the_walk_visits_moves_and_side_lines_in_pgn_order() {
        let tree = tree_of(&[
            (0, "e3e5"),  // 1
            (1, "h10h8"), // 2
            (2, "f2c5"),  // 3
            (0, "g3g5"),  // 4
            (4, "h10h8"), // 5
            (0, "e3e4"),  // 6
            (1, "g9g7"),  // 7
            (7, "e2c3"),  // 8
        ]);
        let mut words = Vec::new();
        tree.walk(|step, pos| match step {
            Step::Move(n) => words.push(pos.move_text(tree.nodes[n].mv.unwrap())),
            Step::Open => words.push("(".into()),
            Step::Close => words.push(")".into()),
        });
        assert_eq!(words.join(" "), "e3e5 ( g3g5 h10h8 ) ( e3e4 ) h10h8 ( g9g7 e2c3 ) f2c5");
        assert_eq!(tree.main_line().len(), 3);
        assert!(tree.has_variations());
        assert_eq!(tree.moves(), 8);
    }

    pub(crate) fn walk_texts(t: &GameTree) -> Vec<String> {
        let mut out = Vec::new();
        t.walk(|s, pos| match s {
            Step::Move(n) => {
                let node = &t.nodes[n];
                out.push(format!(
                    "{} {:?} {:?} {:?}",
                    pos.move_text(node.mv.unwrap()),
                    node.comments,
                    node.before,
                    node.nags
                ));
            }
            s => out.push(format!("{s:?}")),
        });
        out
    }

    /// A random game with random side lines (branches from random nodes),
    /// comments and glyphs.
    pub(crate) fn random_tree(variant: Variant, rng: &mut crate::SplitMix64) -> GameTree {
        let record = crate::GameRecord::random(variant, 30, rng);
        let mut t = GameTree::from_record(&record);
        t.result = None;
        for _ in 0..12 {
            let at = rng.below(t.nodes.len() as u64) as usize;
            let mut path = Vec::new();
            let mut n = at;
            while n != 0 {
                path.push(t.nodes[n].mv.unwrap());
                n = t.nodes[n].parent;
            }
            let mut pos = t.start.clone();
            for &m in path.iter().rev() {
                pos.make(m);
            }
            let mut parent = at;
            let first_side = !t.nodes[at].children.is_empty();
            for ply in 0..1 + rng.below(4) {
                let legal = pos.legal_move_vec();
                if legal.is_empty() {
                    break;
                }
                let m = legal[rng.below(legal.len() as u64) as usize];
                parent = t.push(parent, m);
                if rng.below(3) == 0 {
                    // A comment as the one escaper (`pgn::comment`) leaves it.
                    t.nodes[parent].comments.push(format!("c{ply} (x)"));
                }
                if rng.below(4) == 0 {
                    t.nodes[parent].nags.push(rng.below(256) as u8);
                }
                if ply == 0 && first_side && rng.below(3) == 0 {
                    t.nodes[parent].before.push("b".into());
                }
                pos.make(m);
            }
        }
        t
    }
}
