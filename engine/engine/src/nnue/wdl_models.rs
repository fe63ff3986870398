//! The win/draw/loss models of the embedded nets, written by `gorgon tune
//! --wdl --nnue` (docs/NNUE.md): regenerate them rather than edit by hand.

use crate::wdl::WdlModel;

/// Where the models come from.
#[rustfmt::skip]
pub const WDL_SOURCE: &str = "pom fitted on 2525920 positions, minipom fitted on 1508029 positions of pom-gen1.data pom-s3001.g2 pom-s5001.g2 mini-gen1.data mini-gen2.g2, against the embedded nets";

/// Pillars of Medusa's win/draw/loss model.
pub const POM_WDL: WdlModel = WdlModel {
    a: [371.86, -300.54, 4.23],
    b: [444.76, 210.8, 120.1],
};
/// Mini-POM's win/draw/loss model.
pub const MINIPOM_WDL: WdlModel = WdlModel {
    a: [494.37, -304.93, -150.5],
    b: [265.63, 107.44, 45.4],
};
