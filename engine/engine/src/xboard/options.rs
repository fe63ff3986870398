//! The engine's options in XBoard's Engine Settings dialog: the UCI
//! loop's table (`crate::uci::options`, one declaration and one check per
//! option for both loops) written as `feature option=` lines, and
//! XBoard's `option NAME=VALUE` read back into the table's values.

use crate::uci::options::{self, OptionId, OptionValue};
use protocol::cecp::{EngineOption, Feature, OptionControl, Reply};
use protocol::{OptionDecl, OptionKind};

/// The options XBoard shows, in the dialog's order. The others have a
/// CECP command of their own (Hash is `memory`, Threads `cores`, Ponder
/// `hard`/`easy`, UCI_Variant `variant`) or no use here (the book, which
/// the CECP loop does not play from, and UCI's analysis and WDL flags).
pub const SHOWN: [OptionId; 9] = [
    OptionId::MultiPv,
    OptionId::MoveOverhead,
    OptionId::UseNnue,
    OptionId::EvalFile,
    OptionId::ClearHash,
    OptionId::SkillLevel,
    OptionId::LimitStrength,
    OptionId::UciElo,
    OptionId::SkillSeed,
];

/// The shown options' declarations, in [`SHOWN`]'s order.
fn shown() -> Vec<(OptionId, OptionDecl)> {
    let table = options::table();
    SHOWN.iter().filter_map(|id| table.iter().find(|(t, _)| t == id).cloned()).collect()
}

/// How a declaration shows in XBoard: EvalFile gets a file browser.
fn engine_option(id: OptionId, decl: OptionDecl) -> EngineOption {
    let control = match decl.kind {
        OptionKind::Check { default } => OptionControl::Check(default),
        OptionKind::Spin { default, min, max } => OptionControl::Spin { value: default, min, max },
        OptionKind::Combo { default, vars } => OptionControl::Combo {
            value: default,
            choices: vars,
        },
        OptionKind::String { default } if id == OptionId::EvalFile => OptionControl::File(default),
        OptionKind::String { default } => OptionControl::String(default),
        OptionKind::Button => OptionControl::Button,
    };
    EngineOption { name: decl.name, control }
}

/// One `feature option="..."` line per shown option (XBoard keeps every
/// one, so each may have its line).
pub fn features() -> Vec<Reply> {
    shown()
        .into_iter()
        .map(|(id, decl)| Reply::Features(vec![Feature::option(&engine_option(id, decl))]))
        .collect()
}

/// XBoard's `option NAME=VALUE` (`option NAME` for a button), checked by
/// the table: the option and its value, or why not. Only the shown
/// options are set this way.
pub fn parse(name: &str, value: Option<&str>) -> Result<(OptionId, OptionValue), String> {
    let shown = shown();
    let Some((_, decl)) = shown.iter().find(|(_, d)| d.name.eq_ignore_ascii_case(name.trim())) else {
        let names: Vec<&str> = shown.iter().map(|(_, d)| d.name.as_str()).collect();
        return Err(format!(
            "unknown option '{}' (Gorgon's options here: {}; memory and cores set Hash and Threads)",
            name.trim(),
            names.join(", ")
        ));
    };
    // A checkbox comes as 0 or 1; the table reads true or false.
    let value = match (&decl.kind, value.map(str::trim)) {
        (OptionKind::Check { .. }, Some("1")) => Some("true"),
        (OptionKind::Check { .. }, Some("0")) => Some("false"),
        (_, v) => v,
    };
    options::parse(&decl.name, value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shown_options_become_feature_lines() {
        let lines: Vec<String> = features().iter().map(ToString::to_string).collect();
        assert_eq!(
            lines,
            [
                "feature option=\"MultiPV -spin 1 1 500\"",
                "feature option=\"Move Overhead -spin 30 0 5000\"",
                "feature option=\"Use NNUE -combo *auto /// true /// false\"",
                "feature option=\"EvalFile -file <embedded>\"",
                "feature option=\"Clear Hash -button\"",
                "feature option=\"Skill Level -spin 20 0 20\"",
                "feature option=\"UCI_LimitStrength -check 0\"",
                "feature option=\"UCI_Elo -spin 1500 850 2200\"",
                "feature option=\"Skill Seed -spin 0 0 2147483647\"",
            ]
        );
    }

    #[test]
    fn option_commands_are_checked_by_the_table() {
        assert_eq!(parse("multipv", Some("3")), Ok((OptionId::MultiPv, OptionValue::Spin(3))));
        assert!(parse("MultiPV", Some("0")).unwrap_err().contains("out of range 1..500"));
        assert_eq!(parse("Clear Hash", None), Ok((OptionId::ClearHash, OptionValue::Button)));
        assert_eq!(
            parse("Use NNUE", Some("false")),
            Ok((OptionId::UseNnue, OptionValue::Text("false".into())))
        );
        assert!(parse("Use NNUE", Some("1")).unwrap_err().contains("auto, true, false"));
        // Hash is `memory` in CECP, not an option XBoard shows.
        let e = parse("Hash", Some("64")).unwrap_err();
        assert!(e.contains("unknown option 'Hash'") && e.contains("memory"), "{e}");
        assert!(parse("", None).unwrap_err().contains("unknown option"));
    }
}
