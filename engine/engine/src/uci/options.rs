//! The options table: one declaration drives both the `uci` answer and
//! `setoption` (NOTATION.md 4), and the CECP loop's `feature option=`,
//! `option`, `memory` and `cores` (docs/XBOARD.md): [`parse`] checks a
//! value and [`apply`] sets what the player keeps, for both loops.

use crate::player::{self, skill, SkillSettings};
use protocol::{OptionDecl, OptionKind};

/// An option's identity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionId {
    Hash,
    Threads,
    MultiPv,
    MoveOverhead,
    Ponder,
    Variant,
    ClearHash,
    OwnBook,
    BookFile,
    AnalyseMode,
    ShowWdl,
    UseNnue,
    EvalFile,
    SkillLevel,
    LimitStrength,
    UciElo,
    SkillSeed,
    /// A search parameter of the `spsa` build: its index in
    /// `player::params::TUNABLES`.
    Tunable(usize),
}

/// A parsed option value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    Spin(i64),
    Check(bool),
    Text(String),
    Button,
}

/// The largest `Hash` in megabytes: 256 GB on 64-bit machines; 1 GB in a
/// 32-bit address space (WebAssembly's 4 GB of memory holds the code, the
/// nets and the search beside the table).
pub const MAX_HASH_MB: i64 = if cfg!(target_pointer_width = "32") { 1024 } else { 262_144 };

/// Every option with its declaration.
pub fn table() -> Vec<(OptionId, OptionDecl)> {
    let spin = |name: &str, default, min, max| OptionDecl {
        name: name.into(),
        kind: OptionKind::Spin { default, min, max },
    };
    let check = |name: &str, default| OptionDecl {
        name: name.into(),
        kind: OptionKind::Check { default },
    };
    let mut table = vec![
        (OptionId::Hash, spin("Hash", 16, 1, MAX_HASH_MB)),
        (OptionId::Threads, spin("Threads", 1, 1, 1024)),
        (OptionId::MultiPv, spin("MultiPV", 1, 1, 500)),
        (OptionId::MoveOverhead, spin("Move Overhead", 30, 0, 5000)),
        (OptionId::Ponder, check("Ponder", false)),
        (
            OptionId::Variant,
            OptionDecl {
                name: "UCI_Variant".into(),
                kind: OptionKind::Combo {
                    default: "pom".into(),
                    vars: vec!["pom".into(), "minipom".into()],
                },
            },
        ),
        (
            OptionId::ClearHash,
            OptionDecl {
                name: "Clear Hash".into(),
                kind: OptionKind::Button,
            },
        ),
        (OptionId::OwnBook, check("OwnBook", false)),
        (
            OptionId::BookFile,
            OptionDecl {
                name: "BookFile".into(),
                kind: OptionKind::String { default: String::new() },
            },
        ),
        (OptionId::AnalyseMode, check("UCI_AnalyseMode", false)),
        (OptionId::ShowWdl, check("UCI_ShowWDL", false)),
        // auto: the net in the variants where it won its match against the
        // hand-written evaluation (docs/NNUE.md); true/false force it.
        (
            OptionId::UseNnue,
            OptionDecl {
                name: "Use NNUE".into(),
                kind: OptionKind::Combo {
                    default: "auto".into(),
                    vars: vec!["auto".into(), "true".into(), "false".into()],
                },
            },
        ),
        (
            OptionId::EvalFile,
            OptionDecl {
                name: "EvalFile".into(),
                kind: OptionKind::String {
                    default: "<embedded>".into(),
                },
            },
        ),
        // Strength levels with Stockfish's names (player/skill.rs):
        // Skill Level 20 and UCI_LimitStrength off are full strength.
        (OptionId::SkillLevel, spin("Skill Level", skill::LEVEL_MAX, 0, skill::LEVEL_MAX)),
        (OptionId::LimitStrength, check("UCI_LimitStrength", false)),
        (
            OptionId::UciElo,
            spin("UCI_Elo", SkillSettings::default().elo, skill::ELO_MIN, skill::ELO_MAX),
        ),
        // 0: a fresh choice each move; else the same choice in the same
        // position, for tests and reproducible games.
        (OptionId::SkillSeed, spin("Skill Seed", 0, 0, i64::from(i32::MAX))),
    ];
    // The `spsa` build lists the search's parameters for a tuner to set
    // (docs/SPSA.md), with Pillars of Medusa's defaults (the variants share
    // them today); the default build has them as constants.
    if player::params::SETTABLE {
        for (i, t) in player::params::TUNABLES.iter().enumerate() {
            table.push((OptionId::Tunable(i), spin(t.name, t.default[0].into(), t.min.into(), t.max.into())));
        }
    }
    table
}

/// Finds an option by name (case-insensitive, as UCI asks) and checks the value.
pub fn parse(name: &str, value: Option<&str>) -> Result<(OptionId, OptionValue), String> {
    let table = table();
    let Some((id, decl)) = table.iter().find(|(_, d)| d.name.eq_ignore_ascii_case(name.trim())) else {
        return Err(format!("unknown option '{}'", name.trim()));
    };
    let value = value.map(str::trim);
    let parsed = match &decl.kind {
        OptionKind::Spin { min, max, .. } => {
            let v = value.ok_or_else(|| format!("option '{}' needs a value", decl.name))?;
            let n: i64 = v.parse().map_err(|_| format!("option '{}': '{v}' is not a number", decl.name))?;
            // UCI_Elo outside its range is clamped by `apply`, which says so.
            if (n < *min || n > *max) && *id != OptionId::UciElo {
                return Err(format!("option '{}': {n} is out of range {min}..{max}", decl.name));
            }
            OptionValue::Spin(n)
        }
        OptionKind::Check { .. } => match value.map(str::to_ascii_lowercase).as_deref() {
            Some("true") => OptionValue::Check(true),
            Some("false") => OptionValue::Check(false),
            _ => return Err(format!("option '{}' takes true or false", decl.name)),
        },
        OptionKind::Combo { vars, .. } => {
            let v = value.ok_or_else(|| format!("option '{}' needs a value", decl.name))?;
            let found = vars
                .iter()
                .find(|x| x.eq_ignore_ascii_case(v))
                .ok_or_else(|| format!("option '{}': unknown value '{v}' (one of {})", decl.name, vars.join(", ")))?;
            OptionValue::Text(found.clone())
        }
        OptionKind::String { .. } => {
            let v = value.unwrap_or("");
            OptionValue::Text(if v == "<empty>" { String::new() } else { v.to_string() })
        }
        OptionKind::Button => OptionValue::Button,
    };
    Ok((*id, parsed))
}

/// Sets an option that the player keeps (the search's own settings);
/// what it has to say on success (an EvalFile loaded), or why it failed,
/// the option named. `Ok(None)` too for an option the player does not
/// keep: the loop keeps those.
pub fn apply(player: &mut player::Engine, id: OptionId, value: &OptionValue) -> Result<Option<String>, String> {
    match (id, value) {
        (OptionId::Threads, OptionValue::Spin(n)) => player.set_threads(*n as usize).map_err(|e| format!("Threads: {e}"))?,
        (OptionId::Hash, OptionValue::Spin(mb)) => player.set_hash(*mb as usize).map_err(|e| format!("Hash: {e}"))?,
        (OptionId::MultiPv, OptionValue::Spin(n)) => player.set_multipv(*n as usize),
        (OptionId::MoveOverhead, OptionValue::Spin(ms)) => player.set_move_overhead(*ms as u64),
        (OptionId::ClearHash, _) => player.clear_hash(),
        (OptionId::UseNnue, OptionValue::Text(mode)) => {
            if let Some(mode) = crate::nnue::UseNnue::from_name(mode) {
                player.set_use_nnue(mode);
            }
        }
        (OptionId::EvalFile, OptionValue::Text(path)) => {
            // The error names the option and the file already.
            let said = player.load_eval_file(path)?;
            return Ok(Some(format!("loaded {said}")));
        }
        (OptionId::SkillLevel, OptionValue::Spin(n)) => player.set_skill(SkillSettings {
            level: *n,
            ..player.skill()
        }),
        (OptionId::LimitStrength, OptionValue::Check(on)) => player.set_skill(SkillSettings {
            limit_strength: *on,
            ..player.skill()
        }),
        (OptionId::SkillSeed, OptionValue::Spin(n)) => player.set_skill(SkillSettings {
            seed: *n as u64,
            ..player.skill()
        }),
        (OptionId::UciElo, OptionValue::Spin(n)) => {
            let elo = (*n).clamp(skill::ELO_MIN, skill::ELO_MAX);
            player.set_skill(SkillSettings { elo, ..player.skill() });
            if elo != *n {
                return Ok(Some(format!(
                    "UCI_Elo {n} is outside {}..{}: set to {elo}",
                    skill::ELO_MIN,
                    skill::ELO_MAX
                )));
            }
        }
        // `parse` checked the range (a spin's), which is the parameter's.
        (OptionId::Tunable(i), OptionValue::Spin(n)) => player::params::set(i, *n as i32)?,
        _ => {}
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_parse_and_check_ranges() {
        assert_eq!(parse("hash", Some(" 64 ")), Ok((OptionId::Hash, OptionValue::Spin(64))));
        assert!(parse("Hash", Some("0")).unwrap_err().contains("out of range"));
        assert!(parse("Hash", Some("x")).unwrap_err().contains("not a number"));
        assert!(parse("Nope", Some("1")).unwrap_err().contains("unknown option 'Nope'"));
        assert_eq!(
            parse("UCI_Variant", Some("MiniPOM")),
            Ok((OptionId::Variant, OptionValue::Text("minipom".into())))
        );
        assert!(parse("UCI_Variant", Some("chess")).is_err());
        assert_eq!(parse("clear hash", None), Ok((OptionId::ClearHash, OptionValue::Button)));
        assert_eq!(
            parse("Move Overhead", Some("30")),
            Ok((OptionId::MoveOverhead, OptionValue::Spin(30)))
        );
        assert_eq!(
            parse("BookFile", Some("<empty>")),
            Ok((OptionId::BookFile, OptionValue::Text(String::new())))
        );
        assert_eq!(parse("Ponder", Some("TRUE")), Ok((OptionId::Ponder, OptionValue::Check(true))));
        assert_eq!(
            parse("use nnue", Some("FALSE")),
            Ok((OptionId::UseNnue, OptionValue::Text("false".into())))
        );
        assert!(parse("Use NNUE", Some("maybe")).unwrap_err().contains("auto, true, false"));
    }

    #[test]
    fn apply_sets_the_players_options_and_says_why_not() {
        let mut player = player::Engine::new();
        assert_eq!(apply(&mut player, OptionId::MultiPv, &OptionValue::Spin(3)), Ok(None));
        assert_eq!(player.multipv(), 3);
        assert_eq!(apply(&mut player, OptionId::Threads, &OptionValue::Spin(2)), Ok(None));
        assert_eq!(player.threads(), 2);
        let mode = OptionValue::Text("false".into());
        assert_eq!(apply(&mut player, OptionId::UseNnue, &mode), Ok(None));
        assert_eq!(player.nets().mode, crate::nnue::UseNnue::Off);
        let e = apply(&mut player, OptionId::EvalFile, &OptionValue::Text("/no/such/net.gnn".into())).unwrap_err();
        assert!(
            e.starts_with("EvalFile /no/such/net.gnn: ") && e.ends_with("the previous net stays"),
            "{e}"
        );
        let said = apply(&mut player, OptionId::EvalFile, &OptionValue::Text("<embedded>".into()));
        assert_eq!(said, Ok(Some("loaded the embedded nets".into())));
        // The loop's own settings are not the player's.
        assert_eq!(apply(&mut player, OptionId::OwnBook, &OptionValue::Check(true)), Ok(None));
    }
}
