//! Writes `engine/engine/src/player/eval/weights.rs`: both variants' weights as
//! Rust source the engine compiles in (and `engine/engine/src/nnue/wdl_models.rs`, the
//! nets' win/draw/loss models). The compiled weights written back
//! give the file byte for byte (a test checks it), so the file is only
//! ever the tuner's output.

use crate::player::eval::params::{Index, COUNT, GROUPS, PST_FILES, PST_RANKS, PST_SIZE, S};
use crate::wdl::WdlModel;
use rules::Kind;
use std::fmt::Write;

/// The weights and where they come from, for one variant.
pub struct VariantWeights<'a> {
    pub weights: &'a [S; COUNT],
    pub source: &'a str,
    pub wdl: &'a WdlModel,
}

fn model(out: &mut String, name: &str, doc: &str, m: &WdlModel) {
    let _ = writeln!(out, "/// {doc}");
    let _ = writeln!(out, "pub const {name}: WdlModel = WdlModel {{");
    let _ = writeln!(out, "    a: [{:?}, {:?}, {:?}],", m.a[0], m.a[1], m.a[2]);
    let _ = writeln!(out, "    b: [{:?}, {:?}, {:?}],", m.b[0], m.b[1], m.b[2]);
    out.push_str("};\n");
}

fn entry(s: &S) -> String {
    format!("S({}, {})", s.0, s.1)
}

fn row(entries: &[S]) -> String {
    let items: Vec<String> = entries.iter().map(entry).collect();
    format!("    {},\n", items.join(", "))
}

fn array(out: &mut String, name: &str, doc: &str, w: &[S; COUNT]) {
    let kinds: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
    let _ = writeln!(out, "/// {doc}");
    let _ = writeln!(out, "#[rustfmt::skip]");
    let _ = writeln!(out, "pub const {name}: [S; COUNT] = [");
    for g in &GROUPS {
        let part = &w[g.start..g.start + g.len];
        match g.index {
            Index::Kind => {
                let _ = writeln!(out, "    // {}: {}", g.name, kinds.join(", "));
                out.push_str(&row(part));
            }
            Index::KindSquare => {
                for (k, table) in part.chunks(PST_SIZE).enumerate() {
                    let _ = writeln!(
                        out,
                        "    // {}[{}]: a rank per line from the owner's side, files from the edge to the centre",
                        g.name,
                        Kind::ALL[k].name()
                    );
                    for r in 0..PST_RANKS {
                        out.push_str(&row(&table[r * PST_FILES..(r + 1) * PST_FILES]));
                    }
                }
            }
            Index::Number => {
                let _ = writeln!(out, "    // {}", g.name);
                for chunk in part.chunks(8) {
                    out.push_str(&row(chunk));
                }
            }
        }
    }
    out.push_str("];\n");
}

/// The whole `weights.rs`; `wdl_source` says where both models come from.
pub fn weights_source(pom: &VariantWeights, minipom: &VariantWeights, wdl_source: &str) -> String {
    let mut out = String::from(
        "//! Evaluation weights of both variants, written by `gorgon tune`
//! (docs/TUNING.md): regenerate them rather than edit by hand. Each entry
//! is `S(middlegame, endgame)` in centipawns; `params.rs` says what each
//! group means.

use super::params::{COUNT, S};
use crate::wdl::WdlModel;

",
    );
    let _ = writeln!(out, "/// Where the Pillars of Medusa weights come from.");
    let _ = writeln!(out, "pub const POM_SOURCE: &str = {:?};", pom.source);
    let _ = writeln!(out, "/// Where the Mini-POM weights come from.");
    let _ = writeln!(out, "pub const MINIPOM_SOURCE: &str = {:?};", minipom.source);
    let _ = writeln!(out, "/// Where the win/draw/loss models come from.");
    let _ = writeln!(out, "pub const WDL_SOURCE: &str = {:?};", wdl_source);
    out.push('\n');
    model(&mut out, "POM_WDL", "Pillars of Medusa's win/draw/loss model.", pom.wdl);
    model(&mut out, "MINIPOM_WDL", "Mini-POM's win/draw/loss model.", minipom.wdl);
    out.push('\n');
    array(&mut out, "POM", "Pillars of Medusa.", pom.weights);
    out.push('\n');
    array(&mut out, "MINIPOM", "Mini-POM.", minipom.weights);
    out
}

/// The whole `nnue/wdl_models.rs`: the embedded nets' models and where they come
/// from.
pub fn net_wdl_source(pom: &WdlModel, minipom: &WdlModel, source: &str) -> String {
    let mut out = String::from(
        "//! The win/draw/loss models of the embedded nets, written by `gorgon tune
//! --wdl --nnue` (docs/NNUE.md): regenerate them rather than edit by hand.

use crate::wdl::WdlModel;

",
    );
    let _ = writeln!(out, "/// Where the models come from.");
    // Kept on one line whatever its length, as written: `cargo fmt` would
    // otherwise break it where it fits, and the file would no longer be
    // the tuner's output.
    let _ = writeln!(out, "#[rustfmt::skip]");
    let _ = writeln!(out, "pub const WDL_SOURCE: &str = {source:?};");
    out.push('\n');
    model(&mut out, "POM_WDL", "Pillars of Medusa's win/draw/loss model.", pom);
    model(&mut out, "MINIPOM_WDL", "Mini-POM's win/draw/loss model.", minipom);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::player::eval::{wdl_model, wdl_source, weights, weights_source as source};
    use rules::Variant;

    #[test]
    fn the_compiled_weights_write_the_file_back() {
        let text = weights_source(
            &VariantWeights {
                weights: weights(Variant::Pom),
                source: source(Variant::Pom),
                wdl: wdl_model(Variant::Pom),
            },
            &VariantWeights {
                weights: weights(Variant::MiniPom),
                source: source(Variant::MiniPom),
                wdl: wdl_model(Variant::MiniPom),
            },
            wdl_source(),
        );
        let file = include_str!("../player/eval/weights.rs");
        assert!(text == file, "weights.rs is not what the tuner writes; regenerate it");
    }

    #[test]
    fn the_nets_models_write_their_file_back() {
        use crate::nnue::{wdl_model, wdl_models};
        let text = net_wdl_source(wdl_model(Variant::Pom), wdl_model(Variant::MiniPom), wdl_models::WDL_SOURCE);
        let file = include_str!("../nnue/wdl_models.rs");
        assert!(text == file, "nnue/wdl_models.rs is not what the tuner writes; regenerate it");
    }
}
