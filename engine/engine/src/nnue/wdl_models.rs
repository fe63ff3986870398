//! The win/draw/loss models of the embedded nets, written by `gorgon tune
//! --wdl --nnue` (docs/NNUE.md): regenerate them rather than edit by hand.

use crate::wdl::WdlModel;

/// Where the models come from.
#[rustfmt::skip]
pub const WDL_SOURCE: &str = "pom fitted on 2525920 positions, minipom fitted on 1508029 positions of pom-gen1.data pom-s3001.g2 pom-s5001.g2 mini-gen1.data mini-gen2.g2, against the embedded nets";

/// Pillars of Medusa's win/draw/loss model.
pub const POM_WDL: WdlModel = WdlModel {
    a: [357.4, -286.75, 8.57],
    b: [437.91, 231.69, 154.66],
};
/// Mini-POM's win/draw/loss model.
pub const MINIPOM_WDL: WdlModel = WdlModel {
    a: [495.32, -313.43, -142.67],
    b: [277.93, 89.32, 55.98],
};
