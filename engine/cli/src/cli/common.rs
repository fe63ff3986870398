//! Arguments several jobs share, flattened into their own (`#[command(flatten)]`):
//! one definition each, so a flag means the same in every job.

use clap::Args;
use engine::analysis::SearchLimits;
use engine::nnue::{NetChoice, Network, UseNnue};
use rules::Variant;
use std::path::{Path, PathBuf};

/// How long each position is searched: `--movetime`, `--depth`, `--nodes`
/// (the first reached stops the search).
#[derive(Args, Clone, Debug, Default)]
pub struct LimitArgs {
    /// Search each position this many milliseconds.
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Search each position to this depth (the same result on every machine).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Search each position this many nodes (the same result on every machine).
    #[arg(long)]
    pub nodes: Option<u64>,
}

impl LimitArgs {
    pub fn limits(&self) -> SearchLimits {
        SearchLimits {
            depth: self.depth,
            movetime_ms: self.movetime,
            nodes: self.nodes,
        }
    }
}

/// The evaluation: `--nnue` and `--eval-file`, as the options `Use NNUE`
/// and `EvalFile`.
#[derive(Args, Clone, Debug)]
pub struct EvalArgs {
    /// The evaluation: auto (the net where it is the default), true (the
    /// net) or false (the hand-written one), as `Use NNUE`.
    #[arg(long, default_value = "auto")]
    pub nnue: UseNnue,
    /// A net file in place of the embedded one (as `EvalFile`): a
    /// candidate before it is embedded.
    #[arg(long, value_name = "NET")]
    pub eval_file: Option<PathBuf>,
}

impl EvalArgs {
    pub fn nets(&self, variant: Variant) -> Result<NetChoice, String> {
        nets(variant, self.nnue, self.eval_file.as_deref())
    }
}

/// The evaluation that plays: `mode`, and the net of `eval_file` in place
/// of the embedded one, which must be the variant's and must play.
pub fn nets(variant: Variant, mode: UseNnue, eval_file: Option<&Path>) -> Result<NetChoice, String> {
    let mut nets = NetChoice::with_mode(mode);
    let Some(path) = eval_file else {
        return Ok(nets);
    };
    let path = path.to_string_lossy();
    if nets.active(variant).is_none() {
        return Err(format!("--eval-file {path} with --nnue false: the net would not play"));
    }
    let net = Network::read_file(&path).map_err(|e| format!("--eval-file {e}"))?;
    if net.variant != variant {
        return Err(format!("--eval-file {path}: a {} net, not {}", net.variant.name(), variant.name()));
    }
    nets.put(net, &path);
    Ok(nets)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    const GEN1: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/nets/gen1/");

    #[derive(Parser)]
    struct Both {
        #[command(flatten)]
        limits: LimitArgs,
        #[command(flatten)]
        eval: EvalArgs,
    }

    #[test]
    fn the_shared_flags_parse_into_limits_and_nets() {
        let both = Both::try_parse_from(["x", "--depth", "7", "--nodes", "900", "--nnue", "false"]).unwrap();
        let want = SearchLimits {
            depth: Some(7),
            movetime_ms: None,
            nodes: Some(900),
        };
        assert_eq!(both.limits.limits(), want);
        assert!(both.eval.nets(Variant::Pom).unwrap().active(Variant::Pom).is_none());
        let both = Both::try_parse_from(["x", "--movetime", "250"]).unwrap();
        assert_eq!(both.limits.limits().movetime_ms, Some(250));
        assert!(both.eval.nets(Variant::Pom).unwrap().active(Variant::Pom).is_some());
        assert!(Both::try_parse_from(["x", "--nnue", "maybe"]).is_err());
    }

    #[test]
    fn eval_file_plays_the_variants_net_in_place_of_the_embedded_one() {
        let path = format!("{GEN1}minipom.gnn");
        let choice = nets(Variant::MiniPom, UseNnue::Auto, Some(Path::new(&path))).unwrap();
        assert_eq!(choice.source(Variant::MiniPom), path);
        assert_eq!(choice.source(Variant::Pom), "<embedded>");
        let played = choice.active(Variant::MiniPom).unwrap();
        assert_eq!(played.to_bytes(), std::fs::read(&path).unwrap());
        // Without the flag, the embedded nets and the mode asked for.
        let plain = nets(Variant::MiniPom, UseNnue::Off, None).unwrap();
        assert!(plain.active(Variant::MiniPom).is_none());
    }

    #[test]
    fn eval_file_of_the_other_variant_or_with_no_net_playing_is_refused() {
        let pom = format!("{GEN1}pom.gnn");
        let e = nets(Variant::MiniPom, UseNnue::Auto, Some(Path::new(&pom))).unwrap_err();
        assert!(e.contains("a pom net, not minipom"), "{e}");
        let e = nets(Variant::Pom, UseNnue::Off, Some(Path::new(&pom))).unwrap_err();
        assert!(e.contains("with --nnue false"), "{e}");
        let e = nets(Variant::Pom, UseNnue::On, Some(Path::new("/no/such.gnn"))).unwrap_err();
        assert!(e.starts_with("--eval-file /no/such.gnn: "), "{e}");
    }
}
