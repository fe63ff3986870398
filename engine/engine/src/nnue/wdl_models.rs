//! The win/draw/loss models of the embedded nets, written by `gorgon tune
//! --wdl --nnue` (docs/NNUE.md): regenerate them rather than edit by hand.

use crate::wdl::WdlModel;

/// Where the models come from.
#[rustfmt::skip]
pub const WDL_SOURCE: &str = "pom fitted on 4670068 positions, minipom fitted on 3036729 positions of pom-gen1.data pom-s3001.g2 pom-s5001.g2 pom-s9001.g2 pom-s7001.g2 mini-gen1.data mini-s6001.g2 mini-s10001.g2 mini-s8001.g2, against the embedded nets";

/// Pillars of Medusa's win/draw/loss model.
pub const POM_WDL: WdlModel = WdlModel {
    a: [306.1, -253.67, 12.1],
    b: [409.26, 213.34, 147.12],
};
/// Mini-POM's win/draw/loss model.
pub const MINIPOM_WDL: WdlModel = WdlModel {
    a: [474.66, -307.07, -129.66],
    b: [279.26, 90.34, 46.88],
};
