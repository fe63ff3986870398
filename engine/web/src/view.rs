//! The position as the page draws it, all from the rules crate: pieces,
//! petrified sets, check, the legal moves by lifted and clicked square with
//! the Morph choices each pair allows, the outcome, and the game's moves in
//! coordinates and in the inventor's notation.

use crate::game::ReplayedGame;
use rules::text::notation;
use rules::{squares, Bitboard, Color, MoveKind, Outcome, Piece, Position};
use serde_json::{json, Map, Value};

/// `{"color": "w", "kind": "E", "morph": true, "name": "Medusa"}`: the
/// kind by its FEN letter (RULES.md 2), a Morph's by its form.
pub fn piece_json(p: Piece) -> Value {
    json!({
        "color": if p.color() == Color::White { "w" } else { "b" },
        "kind": p.kind().letter().to_string(),
        "morph": p.is_morph(),
        "name": p.kind().name(),
    })
}

pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn square_list(pos: &Position, set: Bitboard) -> Vec<String> {
    let g = pos.geometry();
    squares(set).map(|s| g.square_name(s)).collect()
}

/// `{"name": "checkmate", "result": "1-0", "reason": "White mates"}`.
pub fn outcome_json(o: Outcome) -> Value {
    json!({ "name": o.name(), "result": o.result().to_string(), "reason": o.to_string() })
}

/// What choosing a move from a picker gives, in words.
fn choice_label(pos: &Position, m: rules::Move) -> String {
    let before = pos.piece_at(m.from());
    let after = pos.moved_piece_after(m);
    let name = after.kind().name();
    match m.kind() {
        MoveKind::Promotion if after.is_morph() => "promote: Morph Medusa".into(),
        MoveKind::Promotion => "promote: Medusa".into(),
        MoveKind::Transform if after.is_morph() => format!("become a Morph {name}"),
        MoveKind::Transform => format!("become {} {name} (no longer a Morph)", article(name)),
        MoveKind::Castle => "castle".into(),
        MoveKind::Swap => "swap Medusa and Morph".into(),
        MoveKind::Normal if before.is_morph() => format!("stay a Morph {name}"),
        MoveKind::Normal => name.to_string(),
    }
}

/// `a` or `an` before a piece's name.
fn article(name: &str) -> &'static str {
    if name.starts_with(['A', 'E', 'I', 'O', 'U']) {
        "an"
    } else {
        "a"
    }
}

fn kind_name(k: MoveKind) -> &'static str {
    match k {
        MoveKind::Normal => "normal",
        MoveKind::Promotion => "promotion",
        MoveKind::Transform => "transform",
        MoveKind::Castle => "castle",
        MoveKind::Swap => "swap",
    }
}

/// The legal moves: `{"e3": [{"to": "e5", "moves": [{"move": "e3e5", ...}]}]}`.
pub fn legal_json(pos: &Position) -> Value {
    let g = pos.geometry();
    let mut out = Map::new();
    for lift in pos.lifts() {
        let targets: Vec<Value> = lift
            .targets
            .iter()
            .map(|t| {
                let moves: Vec<Value> = t
                    .moves
                    .iter()
                    .map(|&m| {
                        json!({
                            "move": pos.move_text(m),
                            "kind": kind_name(m.kind()),
                            "piece": piece_json(pos.moved_piece_after(m)),
                            "label": choice_label(pos, m),
                        })
                    })
                    .collect();
                json!({ "to": g.square_name(t.to), "moves": moves })
            })
            .collect();
        out.insert(g.square_name(lift.from), Value::Array(targets));
    }
    Value::Object(out)
}

/// The moves of the game, each with its number, both notations and the
/// check it gives.
pub fn history_json(game: &ReplayedGame) -> Vec<Value> {
    let g = game.start.geometry();
    let mut pos = game.start.clone();
    let mut out = Vec::with_capacity(game.moves.len());
    for &m in &game.moves {
        let (number, side) = (pos.fullmove_number(), pos.side_to_move());
        let book = notation::move_to_notation(&pos, m);
        let text = pos.move_text(m);
        pos.make(m);
        let mate = matches!(pos.outcome(), Some(Outcome::Checkmate { .. }));
        out.push(json!({
            "move": text,
            "book": book,
            "number": number,
            "side": color_name(side),
            "from": g.square_name(m.from()),
            "to": g.square_name(m.to()),
            "check": pos.in_check(),
            "mate": mate,
        }));
    }
    out
}

/// What the board draws of a position (board.js): its size, pieces,
/// petrified sets and the King in check. `gorgon annotate --html` keeps
/// one per ply.
pub fn board_json(pos: &Position) -> Map<String, Value> {
    let g = pos.geometry();
    let mut pieces = Map::new();
    for sq in squares(pos.occupied()) {
        pieces.insert(g.square_name(sq), piece_json(pos.piece_at(sq)));
    }
    let side = pos.side_to_move();
    let mut board = Map::new();
    board.insert("variant".into(), json!(pos.variant().name()));
    board.insert("files".into(), json!(g.files));
    board.insert("ranks".into(), json!(g.ranks));
    board.insert("pieces".into(), Value::Object(pieces));
    board.insert(
        "petrified".into(),
        json!({
            "white": square_list(pos, pos.petrified(Color::White)),
            "black": square_list(pos, pos.petrified(Color::Black)),
        }),
    );
    board.insert("check".into(), json!(pos.in_check().then(|| g.square_name(pos.king_square(side)))));
    board
}

/// Everything the page shows of the game's last position.
pub fn position_json(game: &ReplayedGame) -> Value {
    let pos = &game.pos;
    let side = pos.side_to_move();
    let mut view = board_json(pos);
    let rest = [
        ("fen", json!(pos.fen())),
        ("start_fen", json!(game.start.fen())),
        ("side", json!(color_name(side))),
        ("fullmove", json!(pos.fullmove_number())),
        ("halfmove_clock", json!(pos.halfmove_clock())),
        // The FEN's rights field (NOTATION.md 1), for the board editor.
        ("rights", json!(pos.rights_text())),
        ("checkers", json!(square_list(pos, pos.checkers()))),
        ("legal", legal_json(pos)),
        ("outcome", json!(pos.outcome().map(outcome_json))),
        ("history", json!(history_json(game))),
        ("diagram", json!(rules::text::diagram::describe(pos))),
    ];
    for (key, value) in rest {
        view.insert(key.into(), value);
    }
    Value::Object(view)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::caps::Caps;
    use crate::game::GameSpec;

    const SAMPLE_15: &str = "e3e5 h10h8 f2c5 g9g7 e2c3 g10i9 g1d4 e10d8 c5c8 d11e10 f3b7 b11a9 c8d8 e10b7 d8b10";

    fn view(variant: &str, fen: Option<&str>, moves: &str) -> Value {
        let spec = GameSpec {
            variant: variant.into(),
            fen: fen.map(String::from),
            moves: moves.split_whitespace().map(String::from).collect(),
        };
        position_json(&spec.replay(&Caps::default()).unwrap())
    }

    #[test]
    fn the_petrified_set_after_the_medusa_froze_it() {
        // RULES.md 11: after 8. ME x B10, a9 a10 a11 c10 c11 are petrified.
        let v = view("pom", None, SAMPLE_15);
        assert_eq!(v["petrified"]["black"], json!(["a9", "a10", "c10", "a11", "c11"]));
        assert_eq!(v["petrified"]["white"], json!([]));
        assert_eq!(v["side"], "black");
        // A petrified piece cannot be lifted.
        for sq in ["a9", "a10", "a11", "c10", "c11"] {
            assert!(v["legal"].get(sq).is_none(), "{sq}");
        }
        let last = &v["history"][14];
        assert_eq!((last["move"].as_str(), last["book"].as_str()), (Some("d8b10"), Some("ME x B10")));
        assert_eq!(
            v["pieces"]["b10"],
            json!({"color": "w", "kind": "E", "morph": false, "name": "Medusa"})
        );
    }

    #[test]
    fn morph_choices_are_grouped_under_one_target() {
        let v = view(
            "minipom",
            Some("t2qke2t/wwwwwwwww/9/9/9/9/4(a)4/WWW1W1WWW/TH(A)QKE(A)HT w - - 0 1"),
            "",
        );
        let targets = v["legal"]["c1"].as_array().unwrap();
        let e3 = targets.iter().find(|t| t["to"] == "e3").unwrap();
        let moves: Vec<&str> = e3["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["move"].as_str().unwrap())
            .collect();
        assert_eq!(moves, ["c1e3", "c1e3(A)"]);
        assert_eq!(e3["moves"][0]["label"], "stay a Morph Advisor");
        assert_eq!(e3["moves"][1]["label"], "become an Advisor (no longer a Morph)");
        assert_eq!(e3["moves"][1]["piece"]["morph"], false);
    }

    #[test]
    fn castling_is_a_target_on_the_own_tower() {
        let v = view(
            "pom",
            Some("thamqksamht/wwwwpepwwww/4w(a)w4/5w5/11/11/11/5W5/4W(A)W4/WWWWPEPWWWW/THAMQK4T w AKak - 0 1"),
            "",
        );
        let k1 = v["legal"]["f1"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["to"] == "k1")
            .unwrap()
            .clone();
        assert_eq!(
            k1["moves"],
            json!([{"move": "f1k1", "kind": "castle", "piece": {"color": "w", "kind": "K", "morph": false, "name": "King"}, "label": "castle"}])
        );
    }

    #[test]
    fn check_and_outcome_after_the_sample_game() {
        let all = format!(
            "{SAMPLE_15} e11e10 b10a11 b7a6 d2d3 f10e11 a11a10 e10d9 c3d5 g11f10 d1e3 i11g10 e3c4 a6c4 d4c4 f9d7 \
             a10b10 f10d11 b10c11 j11h10 i1j3 g10e8 g2i3 h11f9 i3i9 j10i9 j3e8 f9e8 d5d7 e8d7 c4i10 k11h11 c11d11 e11d11 i10g9"
        );
        let v = view("pom", None, &all);
        assert_eq!(v["check"], "f11");
        assert_eq!(v["checkers"], json!(["g9"]));
        assert_eq!(v["outcome"], Value::Null);
        let only: Vec<&String> = v["legal"].as_object().unwrap().keys().collect();
        assert_eq!(only, ["d11"], "only the Medusa can answer (RULES.md 11)");
        assert_eq!(
            v["fen"],
            "3e1k1t3/2ww3h2w/h2qw1S1w2/5w1w3/3a2w4/11/4W6/5W5/3W2W4/WWW4WWWW/THA1QK1A1HT b AK - 1 25"
        );
        assert_eq!(v["rights"], "AK");
        assert_eq!(v["history"][48]["check"], true);
        assert!(v["diagram"].as_str().unwrap().contains("Checkers: g9"));
        // A mate: the outcome with its reason.
        let mate = view("minipom", Some("4k4/9/4K4/9/9/9/9/9/T8 w - - 0 1"), "a1a9");
        assert_eq!(
            mate["outcome"],
            json!({"name": "checkmate", "result": "1-0", "reason": "White mates"})
        );
        assert_eq!(mate["history"][0]["mate"], true);
        assert_eq!(mate["legal"], json!({}));
    }
}
