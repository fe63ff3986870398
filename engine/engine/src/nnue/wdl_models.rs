//! The win/draw/loss models of the embedded nets, written by `gorgon tune
//! --wdl --nnue` (docs/NNUE.md): regenerate them rather than edit by hand.

use crate::wdl::WdlModel;

/// Where the models come from.
#[rustfmt::skip]
pub const WDL_SOURCE: &str = "pom fitted on 494856 positions, minipom fitted on 1508029 positions of pom-gen1.data mini-gen1.data mini-gen2.g2, against the embedded nets";

/// Pillars of Medusa's win/draw/loss model.
pub const POM_WDL: WdlModel = WdlModel {
    a: [383.25, -355.92, 41.11],
    b: [339.87, 114.97, -6.65],
};
/// Mini-POM's win/draw/loss model.
pub const MINIPOM_WDL: WdlModel = WdlModel {
    a: [494.37, -304.93, -150.5],
    b: [265.63, 107.44, 45.4],
};
