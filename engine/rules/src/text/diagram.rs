//! The position as text for people: a diagram with petrified pieces
//! marked, and the facts a user debugging a position wants (UCI's `d`, the
//! Python `Board`'s `str`).

use crate::{bit, squares, Color, Position};
use std::fmt::Write;

/// The text of `d`, several lines.
pub fn describe(pos: &Position) -> String {
    let g = pos.geometry();
    let petrified = pos.petrified(Color::White) | pos.petrified(Color::Black);
    let rule = format!(" +{}", "----+".repeat(g.files as usize));
    let mut out = String::new();
    let _ = writeln!(out, "{rule}");
    for rank in (0..g.ranks).rev() {
        out.push_str(" |");
        for file in 0..g.files {
            let sq = g.square(file, rank);
            let p = pos.piece_at(sq);
            let mut cell = if p.is_none() { String::new() } else { p.fen() };
            if petrified & bit(sq) != 0 {
                cell.push('*');
            }
            let _ = write!(out, "{:^4}|", if cell.len() == 1 { format!("{cell} ") } else { cell });
        }
        let _ = writeln!(out, " {}", rank + 1);
        let _ = writeln!(out, "{rule}");
    }
    out.push(' ');
    for file in 0..g.files {
        let _ = write!(out, "  {}  ", (b'a' + file) as char);
    }
    out.push('\n');
    let names = |b: u128| {
        let v: Vec<String> = squares(b).map(|s| g.square_name(s)).collect();
        if v.is_empty() {
            "-".to_string()
        } else {
            v.join(" ")
        }
    };
    let _ = writeln!(out, "\nVariant: {}   (* = petrified)", pos.variant());
    let _ = writeln!(out, "Fen: {}", pos.fen());
    let _ = writeln!(out, "Key: {:016X}", pos.key());
    let _ = writeln!(
        out,
        "Petrified: white {} / black {}",
        names(pos.petrified(Color::White)),
        names(pos.petrified(Color::Black))
    );
    let _ = writeln!(out, "Checkers: {}", names(pos.checkers()));
    let _ = writeln!(
        out,
        "Side to move: {}",
        if pos.side_to_move() == Color::White { "white" } else { "black" }
    );
    let status = match pos.outcome() {
        None => "game in progress".to_string(),
        Some(o) => format!("{} ({o})", o.result()),
    };
    let _ = write!(out, "Status: {status}");
    out
}
