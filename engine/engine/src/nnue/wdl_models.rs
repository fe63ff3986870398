//! The win/draw/loss models of the embedded nets, written by `gorgon tune
//! --wdl --nnue` (docs/NNUE.md): regenerate them rather than edit by hand.

use crate::wdl::WdlModel;

/// Where the models come from.
#[rustfmt::skip]
pub const WDL_SOURCE: &str = "pom fitted on 494856 positions, minipom fitted on 525098 positions of pom-s1001.data minipom-s2001.data, against the embedded nets";

/// Pillars of Medusa's win/draw/loss model.
pub const POM_WDL: WdlModel = WdlModel {
    a: [383.25, -355.92, 41.11],
    b: [339.87, 114.97, -6.65],
};
/// Mini-POM's win/draw/loss model.
pub const MINIPOM_WDL: WdlModel = WdlModel {
    a: [517.08, -322.66, -145.2],
    b: [271.45, 102.33, 71.45],
};
