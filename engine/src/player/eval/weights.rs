//! Evaluation weights of both variants, written by `gorgon tune`
//! (docs/TUNING.md): regenerate them rather than edit by hand. Each entry
//! is `S(middlegame, endgame)` in centipawns; `params.rs` says what each
//! group means.

use super::params::{COUNT, S};
use crate::player::wdl::WdlModel;

/// Where the Pillars of Medusa weights come from.
pub const POM_SOURCE: &str = "the hand-set values of v0.1 in this layout";
/// Where the Mini-POM weights come from.
pub const MINIPOM_SOURCE: &str = "the hand-set values of v0.1 in this layout";
/// Where the win/draw/loss models come from.
pub const WDL_SOURCE: &str = "not fitted yet: a = 100, so reported scores are the internal ones";

/// Pillars of Medusa's win/draw/loss model.
pub const POM_WDL: WdlModel = WdlModel {
    a: [100.0, 0.0, 0.0],
    b: [60.0, 0.0, 0.0],
};
/// Mini-POM's win/draw/loss model.
pub const MINIPOM_WDL: WdlModel = WdlModel {
    a: [100.0, 0.0, 0.0],
    b: [60.0, 0.0, 0.0],
};

/// Pillars of Medusa.
#[rustfmt::skip]
pub const POM: [S; COUNT] = [
    // MATERIAL: Sword, Horse, Advisor, Tower, Queen, Mounted Advisor, Serpent, Pillar, Medusa, King
    S(100, 100), S(340, 340), S(400, 400), S(600, 600), S(1140, 1140), S(1010, 1010), S(1530, 1530), S(1075, 1075), S(800, 800), S(0, 0),
    // MORPH: Sword, Horse, Advisor, Tower, Queen, Mounted Advisor, Serpent, Pillar, Medusa, King
    S(40, 40), S(40, 40), S(40, 40), S(40, 40), S(40, 40), S(40, 40), S(40, 40), S(40, 40), S(40, 40), S(0, 0),
    // PST[Sword]: a rank per line from the owner's side, files from the edge to the centre
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(4, 4), S(4, 4), S(4, 4), S(4, 4), S(4, 4), S(4, 4),
    S(8, 8), S(8, 8), S(8, 8), S(8, 8), S(8, 8), S(8, 8),
    S(12, 12), S(12, 12), S(12, 12), S(12, 12), S(12, 12), S(12, 12),
    S(16, 16), S(16, 16), S(16, 16), S(16, 16), S(16, 16), S(16, 16),
    S(20, 20), S(20, 20), S(20, 20), S(20, 20), S(20, 20), S(20, 20),
    S(24, 24), S(24, 24), S(24, 24), S(24, 24), S(24, 24), S(24, 24),
    S(28, 28), S(28, 28), S(28, 28), S(28, 28), S(28, 28), S(28, 28),
    S(32, 32), S(32, 32), S(32, 32), S(32, 32), S(32, 32), S(32, 32),
    S(36, 36), S(36, 36), S(36, 36), S(36, 36), S(36, 36), S(36, 36),
    // PST[Horse]: a rank per line from the owner's side, files from the edge to the centre
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(7, 7), S(7, 7), S(7, 7), S(7, 7), S(7, 7),
    S(0, 0), S(7, 7), S(14, 14), S(14, 14), S(14, 14), S(14, 14),
    S(0, 0), S(7, 7), S(14, 14), S(21, 21), S(21, 21), S(21, 21),
    S(0, 0), S(7, 7), S(14, 14), S(21, 21), S(28, 28), S(28, 28),
    S(0, 0), S(7, 7), S(14, 14), S(21, 21), S(28, 28), S(35, 35),
    S(0, 0), S(7, 7), S(14, 14), S(21, 21), S(28, 28), S(28, 28),
    S(0, 0), S(7, 7), S(14, 14), S(21, 21), S(21, 21), S(21, 21),
    S(0, 0), S(7, 7), S(14, 14), S(14, 14), S(14, 14), S(14, 14),
    S(0, 0), S(7, 7), S(7, 7), S(7, 7), S(7, 7), S(7, 7),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // PST[Advisor]: a rank per line from the owner's side, files from the edge to the centre
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(3, 3), S(3, 3), S(3, 3), S(3, 3), S(3, 3),
    S(0, 0), S(3, 3), S(6, 6), S(6, 6), S(6, 6), S(6, 6),
    S(0, 0), S(3, 3), S(6, 6), S(9, 9), S(9, 9), S(9, 9),
    S(0, 0), S(3, 3), S(6, 6), S(9, 9), S(12, 12), S(12, 12),
    S(0, 0), S(3, 3), S(6, 6), S(9, 9), S(12, 12), S(15, 15),
    S(0, 0), S(3, 3), S(6, 6), S(9, 9), S(12, 12), S(12, 12),
    S(0, 0), S(3, 3), S(6, 6), S(9, 9), S(9, 9), S(9, 9),
    S(0, 0), S(3, 3), S(6, 6), S(6, 6), S(6, 6), S(6, 6),
    S(0, 0), S(3, 3), S(3, 3), S(3, 3), S(3, 3), S(3, 3),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // PST[Tower]: a rank per line from the owner's side, files from the edge to the centre
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(1, 1), S(1, 1), S(1, 1), S(1, 1), S(1, 1),
    S(0, 0), S(1, 1), S(2, 2), S(2, 2), S(2, 2), S(2, 2),
    S(0, 0), S(1, 1), S(2, 2), S(3, 3), S(3, 3), S(3, 3),
    S(0, 0), S(1, 1), S(2, 2), S(3, 3), S(4, 4), S(4, 4),
    S(0, 0), S(1, 1), S(2, 2), S(3, 3), S(4, 4), S(5, 5),
    S(0, 0), S(1, 1), S(2, 2), S(3, 3), S(4, 4), S(4, 4),
    S(0, 0), S(1, 1), S(2, 2), S(3, 3), S(3, 3), S(3, 3),
    S(0, 0), S(1, 1), S(2, 2), S(2, 2), S(2, 2), S(2, 2),
    S(0, 0), S(1, 1), S(1, 1), S(1, 1), S(1, 1), S(1, 1),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // PST[Queen]: a rank per line from the owner's side, files from the edge to the centre
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(2, 2), S(2, 2), S(2, 2), S(2, 2), S(2, 2),
    S(0, 0), S(2, 2), S(4, 4), S(4, 4), S(4, 4), S(4, 4),
    S(0, 0), S(2, 2), S(4, 4), S(6, 6), S(6, 6), S(6, 6),
    S(0, 0), S(2, 2), S(4, 4), S(6, 6), S(8, 8), S(8, 8),
    S(0, 0), S(2, 2), S(4, 4), S(6, 6), S(8, 8), S(10, 10),
    S(0, 0), S(2, 2), S(4, 4), S(6, 6), S(8, 8), S(8, 8),
    S(0, 0), S(2, 2), S(4, 4), S(6, 6), S(6, 6), S(6, 6),
    S(0, 0), S(2, 2), S(4, 4), S(4, 4), S(4, 4), S(4, 4),
    S(0, 0), S(2, 2), S(2, 2), S(2, 2), S(2, 2), S(2, 2),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // PST[Mounted Advisor]: a rank per line from the owner's side, files from the edge to the centre
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(4, 4), S(4, 4), S(4, 4), S(4, 4), S(4, 4),
    S(0, 0), S(4, 4), S(8, 8), S(8, 8), S(8, 8), S(8, 8),
    S(0, 0), S(4, 4), S(8, 8), S(12, 12), S(12, 12), S(12, 12),
    S(0, 0), S(4, 4), S(8, 8), S(12, 12), S(16, 16), S(16, 16),
    S(0, 0), S(4, 4), S(8, 8), S(12, 12), S(16, 16), S(20, 20),
    S(0, 0), S(4, 4), S(8, 8), S(12, 12), S(16, 16), S(16, 16),
    S(0, 0), S(4, 4), S(8, 8), S(12, 12), S(12, 12), S(12, 12),
    S(0, 0), S(4, 4), S(8, 8), S(8, 8), S(8, 8), S(8, 8),
    S(0, 0), S(4, 4), S(4, 4), S(4, 4), S(4, 4), S(4, 4),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // PST[Serpent]: a rank per line from the owner's side, files from the edge to the centre
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(2, 2), S(2, 2), S(2, 2), S(2, 2), S(2, 2),
    S(0, 0), S(2, 2), S(4, 4), S(4, 4), S(4, 4), S(4, 4),
    S(0, 0), S(2, 2), S(4, 4), S(6, 6), S(6, 6), S(6, 6),
    S(0, 0), S(2, 2), S(4, 4), S(6, 6), S(8, 8), S(8, 8),
    S(0, 0), S(2, 2), S(4, 4), S(6, 6), S(8, 8), S(10, 10),
    S(0, 0), S(2, 2), S(4, 4), S(6, 6), S(8, 8), S(8, 8),
    S(0, 0), S(2, 2), S(4, 4), S(6, 6), S(6, 6), S(6, 6),
    S(0, 0), S(2, 2), S(4, 4), S(4, 4), S(4, 4), S(4, 4),
    S(0, 0), S(2, 2), S(2, 2), S(2, 2), S(2, 2), S(2, 2),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // PST[Pillar]: a rank per line from the owner's side, files from the edge to the centre
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(3, 3), S(3, 3), S(3, 3), S(3, 3), S(3, 3),
    S(0, 0), S(3, 3), S(6, 6), S(6, 6), S(6, 6), S(6, 6),
    S(0, 0), S(3, 3), S(6, 6), S(9, 9), S(9, 9), S(9, 9),
    S(0, 0), S(3, 3), S(6, 6), S(9, 9), S(12, 12), S(12, 12),
    S(0, 0), S(3, 3), S(6, 6), S(9, 9), S(12, 12), S(15, 15),
    S(0, 0), S(3, 3), S(6, 6), S(9, 9), S(12, 12), S(12, 12),
    S(0, 0), S(3, 3), S(6, 6), S(9, 9), S(9, 9), S(9, 9),
    S(0, 0), S(3, 3), S(6, 6), S(6, 6), S(6, 6), S(6, 6),
    S(0, 0), S(3, 3), S(3, 3), S(3, 3), S(3, 3), S(3, 3),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // PST[Medusa]: a rank per line from the owner's side, files from the edge to the centre
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(6, 6), S(6, 6), S(6, 6), S(6, 6), S(6, 6),
    S(0, 0), S(6, 6), S(12, 12), S(12, 12), S(12, 12), S(12, 12),
    S(0, 0), S(6, 6), S(12, 12), S(18, 18), S(18, 18), S(18, 18),
    S(0, 0), S(6, 6), S(12, 12), S(18, 18), S(24, 24), S(24, 24),
    S(0, 0), S(6, 6), S(12, 12), S(18, 18), S(24, 24), S(30, 30),
    S(0, 0), S(6, 6), S(12, 12), S(18, 18), S(24, 24), S(24, 24),
    S(0, 0), S(6, 6), S(12, 12), S(18, 18), S(18, 18), S(18, 18),
    S(0, 0), S(6, 6), S(12, 12), S(12, 12), S(12, 12), S(12, 12),
    S(0, 0), S(6, 6), S(6, 6), S(6, 6), S(6, 6), S(6, 6),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // PST[King]: a rank per line from the owner's side, files from the edge to the centre
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(0, 6), S(0, 6), S(0, 6), S(0, 6), S(0, 6),
    S(-12, 0), S(-12, 6), S(-12, 12), S(-12, 12), S(-12, 12), S(-12, 12),
    S(-24, 0), S(-24, 6), S(-24, 12), S(-24, 18), S(-24, 18), S(-24, 18),
    S(-36, 0), S(-36, 6), S(-36, 12), S(-36, 18), S(-36, 24), S(-36, 24),
    S(-48, 0), S(-48, 6), S(-48, 12), S(-48, 18), S(-48, 24), S(-48, 30),
    S(-60, 0), S(-60, 6), S(-60, 12), S(-60, 18), S(-60, 24), S(-60, 24),
    S(-72, 0), S(-72, 6), S(-72, 12), S(-72, 18), S(-72, 18), S(-72, 18),
    S(-84, 0), S(-84, 6), S(-84, 12), S(-84, 12), S(-84, 12), S(-84, 12),
    S(-96, 0), S(-96, 6), S(-96, 6), S(-96, 6), S(-96, 6), S(-96, 6),
    S(-108, 0), S(-108, 0), S(-108, 0), S(-108, 0), S(-108, 0), S(-108, 0),
    // MOBILITY: Sword, Horse, Advisor, Tower, Queen, Mounted Advisor, Serpent, Pillar, Medusa, King
    S(0, 0), S(4, 4), S(3, 3), S(2, 2), S(1, 1), S(2, 2), S(1, 1), S(2, 2), S(3, 3), S(0, 0),
    // KING_ZONE: Sword, Horse, Advisor, Tower, Queen, Mounted Advisor, Serpent, Pillar, Medusa, King
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // KING_DANGER
    S(0, 0), S(-1, 0), S(-3, 0), S(-6, -1), S(-10, -2), S(-15, -3), S(-21, -5), S(-28, -7),
    S(-36, -9), S(-45, -11), S(-55, -13), S(-66, -16), S(-78, -19), S(-91, -22), S(-105, -26), S(-120, -30),
    S(-136, -34), S(-153, -38), S(-171, -42), S(-190, -47), S(-210, -52), S(-231, -57), S(-253, -63), S(-276, -69),
    S(-300, -75), S(-325, -81), S(-351, -87), S(-378, -94), S(-406, -101), S(-435, -108), S(-465, -116), S(-496, -124),
    // SHELTER
    S(0, 0), S(8, 2), S(16, 4), S(24, 6),
    // MEDUSA_NEAR_KING
    S(0, 0), S(30, 30), S(12, 12), S(0, 0), S(0, 0), S(0, 0),
    // ISOLATED
    S(-10, -10),
    // DOUBLED
    S(-12, -12),
    // PASSED
    S(0, 0), S(150, 300), S(90, 180), S(52, 105), S(30, 60), S(17, 35), S(10, 20), S(6, 12),
    S(4, 8), S(2, 5), S(2, 5),
    // PASSED_BLOCKED
    S(0, 0), S(75, 150), S(45, 90), S(26, 52), S(15, 30), S(8, 17), S(5, 10), S(3, 6),
    S(2, 4), S(1, 2), S(1, 2),
    // FROZEN: Sword, Horse, Advisor, Tower, Queen, Mounted Advisor, Serpent, Pillar, Medusa, King
    S(-20, -20), S(-54, -54), S(-60, -60), S(-80, -80), S(-134, -134), S(-121, -121), S(-173, -173), S(-127, -127), S(-100, -100), S(-250, -250),
    // FROZEN_DEFENDED: Sword, Horse, Advisor, Tower, Queen, Mounted Advisor, Serpent, Pillar, Medusa, King
    S(0, 0), S(-34, -34), S(-40, -40), S(-60, -60), S(-114, -114), S(-101, -101), S(-153, -153), S(-107, -107), S(-80, -80), S(0, 0),
    // FROZEN_HANGING: Sword, Horse, Advisor, Tower, Queen, Mounted Advisor, Serpent, Pillar, Medusa, King
    S(0, 0), S(-113, -113), S(-133, -133), S(-200, -200), S(-380, -380), S(-336, -336), S(-510, -510), S(-358, -358), S(-266, -266), S(0, 0),
    // MEDUSA_ATTACKED
    S(-15, -15), S(-100, -100),
    // GAZE_THREAT: Sword, Horse, Advisor, Tower, Queen, Mounted Advisor, Serpent, Pillar, Medusa, King
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // MORPH_TARGETS: Sword, Horse, Advisor, Tower, Queen, Mounted Advisor, Serpent, Pillar, Medusa, King
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // TEMPO
    S(15, 15),
];

/// Mini-POM.
#[rustfmt::skip]
pub const MINIPOM: [S; COUNT] = [
    // MATERIAL: Sword, Horse, Advisor, Tower, Queen, Mounted Advisor, Serpent, Pillar, Medusa, King
    S(100, 100), S(330, 330), S(355, 355), S(535, 535), S(1020, 1020), S(925, 925), S(1380, 1380), S(980, 980), S(770, 770), S(0, 0),
    // MORPH: Sword, Horse, Advisor, Tower, Queen, Mounted Advisor, Serpent, Pillar, Medusa, King
    S(40, 40), S(40, 40), S(40, 40), S(40, 40), S(40, 40), S(40, 40), S(40, 40), S(40, 40), S(40, 40), S(0, 0),
    // PST[Sword]: a rank per line from the owner's side, files from the edge to the centre
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(4, 4), S(4, 4), S(4, 4), S(4, 4), S(4, 4), S(0, 0),
    S(8, 8), S(8, 8), S(8, 8), S(8, 8), S(8, 8), S(0, 0),
    S(12, 12), S(12, 12), S(12, 12), S(12, 12), S(12, 12), S(0, 0),
    S(16, 16), S(16, 16), S(16, 16), S(16, 16), S(16, 16), S(0, 0),
    S(20, 20), S(20, 20), S(20, 20), S(20, 20), S(20, 20), S(0, 0),
    S(24, 24), S(24, 24), S(24, 24), S(24, 24), S(24, 24), S(0, 0),
    S(28, 28), S(28, 28), S(28, 28), S(28, 28), S(28, 28), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // PST[Horse]: a rank per line from the owner's side, files from the edge to the centre
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(7, 7), S(7, 7), S(7, 7), S(7, 7), S(0, 0),
    S(0, 0), S(7, 7), S(14, 14), S(14, 14), S(14, 14), S(0, 0),
    S(0, 0), S(7, 7), S(14, 14), S(21, 21), S(21, 21), S(0, 0),
    S(0, 0), S(7, 7), S(14, 14), S(21, 21), S(28, 28), S(0, 0),
    S(0, 0), S(7, 7), S(14, 14), S(21, 21), S(21, 21), S(0, 0),
    S(0, 0), S(7, 7), S(14, 14), S(14, 14), S(14, 14), S(0, 0),
    S(0, 0), S(7, 7), S(7, 7), S(7, 7), S(7, 7), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // PST[Advisor]: a rank per line from the owner's side, files from the edge to the centre
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(3, 3), S(3, 3), S(3, 3), S(3, 3), S(0, 0),
    S(0, 0), S(3, 3), S(6, 6), S(6, 6), S(6, 6), S(0, 0),
    S(0, 0), S(3, 3), S(6, 6), S(9, 9), S(9, 9), S(0, 0),
    S(0, 0), S(3, 3), S(6, 6), S(9, 9), S(12, 12), S(0, 0),
    S(0, 0), S(3, 3), S(6, 6), S(9, 9), S(9, 9), S(0, 0),
    S(0, 0), S(3, 3), S(6, 6), S(6, 6), S(6, 6), S(0, 0),
    S(0, 0), S(3, 3), S(3, 3), S(3, 3), S(3, 3), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // PST[Tower]: a rank per line from the owner's side, files from the edge to the centre
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(1, 1), S(1, 1), S(1, 1), S(1, 1), S(0, 0),
    S(0, 0), S(1, 1), S(2, 2), S(2, 2), S(2, 2), S(0, 0),
    S(0, 0), S(1, 1), S(2, 2), S(3, 3), S(3, 3), S(0, 0),
    S(0, 0), S(1, 1), S(2, 2), S(3, 3), S(4, 4), S(0, 0),
    S(0, 0), S(1, 1), S(2, 2), S(3, 3), S(3, 3), S(0, 0),
    S(0, 0), S(1, 1), S(2, 2), S(2, 2), S(2, 2), S(0, 0),
    S(0, 0), S(1, 1), S(1, 1), S(1, 1), S(1, 1), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // PST[Queen]: a rank per line from the owner's side, files from the edge to the centre
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(2, 2), S(2, 2), S(2, 2), S(2, 2), S(0, 0),
    S(0, 0), S(2, 2), S(4, 4), S(4, 4), S(4, 4), S(0, 0),
    S(0, 0), S(2, 2), S(4, 4), S(6, 6), S(6, 6), S(0, 0),
    S(0, 0), S(2, 2), S(4, 4), S(6, 6), S(8, 8), S(0, 0),
    S(0, 0), S(2, 2), S(4, 4), S(6, 6), S(6, 6), S(0, 0),
    S(0, 0), S(2, 2), S(4, 4), S(4, 4), S(4, 4), S(0, 0),
    S(0, 0), S(2, 2), S(2, 2), S(2, 2), S(2, 2), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // PST[Mounted Advisor]: a rank per line from the owner's side, files from the edge to the centre
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(4, 4), S(4, 4), S(4, 4), S(4, 4), S(0, 0),
    S(0, 0), S(4, 4), S(8, 8), S(8, 8), S(8, 8), S(0, 0),
    S(0, 0), S(4, 4), S(8, 8), S(12, 12), S(12, 12), S(0, 0),
    S(0, 0), S(4, 4), S(8, 8), S(12, 12), S(16, 16), S(0, 0),
    S(0, 0), S(4, 4), S(8, 8), S(12, 12), S(12, 12), S(0, 0),
    S(0, 0), S(4, 4), S(8, 8), S(8, 8), S(8, 8), S(0, 0),
    S(0, 0), S(4, 4), S(4, 4), S(4, 4), S(4, 4), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // PST[Serpent]: a rank per line from the owner's side, files from the edge to the centre
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(2, 2), S(2, 2), S(2, 2), S(2, 2), S(0, 0),
    S(0, 0), S(2, 2), S(4, 4), S(4, 4), S(4, 4), S(0, 0),
    S(0, 0), S(2, 2), S(4, 4), S(6, 6), S(6, 6), S(0, 0),
    S(0, 0), S(2, 2), S(4, 4), S(6, 6), S(8, 8), S(0, 0),
    S(0, 0), S(2, 2), S(4, 4), S(6, 6), S(6, 6), S(0, 0),
    S(0, 0), S(2, 2), S(4, 4), S(4, 4), S(4, 4), S(0, 0),
    S(0, 0), S(2, 2), S(2, 2), S(2, 2), S(2, 2), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // PST[Pillar]: a rank per line from the owner's side, files from the edge to the centre
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(3, 3), S(3, 3), S(3, 3), S(3, 3), S(0, 0),
    S(0, 0), S(3, 3), S(6, 6), S(6, 6), S(6, 6), S(0, 0),
    S(0, 0), S(3, 3), S(6, 6), S(9, 9), S(9, 9), S(0, 0),
    S(0, 0), S(3, 3), S(6, 6), S(9, 9), S(12, 12), S(0, 0),
    S(0, 0), S(3, 3), S(6, 6), S(9, 9), S(9, 9), S(0, 0),
    S(0, 0), S(3, 3), S(6, 6), S(6, 6), S(6, 6), S(0, 0),
    S(0, 0), S(3, 3), S(3, 3), S(3, 3), S(3, 3), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // PST[Medusa]: a rank per line from the owner's side, files from the edge to the centre
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(6, 6), S(6, 6), S(6, 6), S(6, 6), S(0, 0),
    S(0, 0), S(6, 6), S(12, 12), S(12, 12), S(12, 12), S(0, 0),
    S(0, 0), S(6, 6), S(12, 12), S(18, 18), S(18, 18), S(0, 0),
    S(0, 0), S(6, 6), S(12, 12), S(18, 18), S(24, 24), S(0, 0),
    S(0, 0), S(6, 6), S(12, 12), S(18, 18), S(18, 18), S(0, 0),
    S(0, 0), S(6, 6), S(12, 12), S(12, 12), S(12, 12), S(0, 0),
    S(0, 0), S(6, 6), S(6, 6), S(6, 6), S(6, 6), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // PST[King]: a rank per line from the owner's side, files from the edge to the centre
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(0, 6), S(0, 6), S(0, 6), S(0, 6), S(0, 0),
    S(-12, 0), S(-12, 6), S(-12, 12), S(-12, 12), S(-12, 12), S(0, 0),
    S(-24, 0), S(-24, 6), S(-24, 12), S(-24, 18), S(-24, 18), S(0, 0),
    S(-36, 0), S(-36, 6), S(-36, 12), S(-36, 18), S(-36, 24), S(0, 0),
    S(-48, 0), S(-48, 6), S(-48, 12), S(-48, 18), S(-48, 18), S(0, 0),
    S(-60, 0), S(-60, 6), S(-60, 12), S(-60, 12), S(-60, 12), S(0, 0),
    S(-72, 0), S(-72, 6), S(-72, 6), S(-72, 6), S(-72, 6), S(0, 0),
    S(-84, 0), S(-84, 0), S(-84, 0), S(-84, 0), S(-84, 0), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // MOBILITY: Sword, Horse, Advisor, Tower, Queen, Mounted Advisor, Serpent, Pillar, Medusa, King
    S(0, 0), S(4, 4), S(3, 3), S(2, 2), S(1, 1), S(2, 2), S(1, 1), S(2, 2), S(3, 3), S(0, 0),
    // KING_ZONE: Sword, Horse, Advisor, Tower, Queen, Mounted Advisor, Serpent, Pillar, Medusa, King
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // KING_DANGER
    S(0, 0), S(-1, 0), S(-3, 0), S(-6, -1), S(-10, -2), S(-15, -3), S(-21, -5), S(-28, -7),
    S(-36, -9), S(-45, -11), S(-55, -13), S(-66, -16), S(-78, -19), S(-91, -22), S(-105, -26), S(-120, -30),
    S(-136, -34), S(-153, -38), S(-171, -42), S(-190, -47), S(-210, -52), S(-231, -57), S(-253, -63), S(-276, -69),
    S(-300, -75), S(-325, -81), S(-351, -87), S(-378, -94), S(-406, -101), S(-435, -108), S(-465, -116), S(-496, -124),
    // SHELTER
    S(0, 0), S(8, 2), S(16, 4), S(24, 6),
    // MEDUSA_NEAR_KING
    S(0, 0), S(30, 30), S(12, 12), S(0, 0), S(0, 0), S(0, 0),
    // ISOLATED
    S(-10, -10),
    // DOUBLED
    S(-12, -12),
    // PASSED
    S(0, 0), S(150, 300), S(90, 180), S(52, 105), S(30, 60), S(17, 35), S(10, 20), S(6, 12),
    S(4, 8), S(2, 5), S(2, 5),
    // PASSED_BLOCKED
    S(0, 0), S(75, 150), S(45, 90), S(26, 52), S(15, 30), S(8, 17), S(5, 10), S(3, 6),
    S(2, 4), S(1, 2), S(1, 2),
    // FROZEN: Sword, Horse, Advisor, Tower, Queen, Mounted Advisor, Serpent, Pillar, Medusa, King
    S(-20, -20), S(-53, -53), S(-55, -55), S(-73, -73), S(-122, -122), S(-112, -112), S(-158, -158), S(-118, -118), S(-97, -97), S(-250, -250),
    // FROZEN_DEFENDED: Sword, Horse, Advisor, Tower, Queen, Mounted Advisor, Serpent, Pillar, Medusa, King
    S(0, 0), S(-33, -33), S(-35, -35), S(-53, -53), S(-102, -102), S(-92, -92), S(-138, -138), S(-98, -98), S(-77, -77), S(0, 0),
    // FROZEN_HANGING: Sword, Horse, Advisor, Tower, Queen, Mounted Advisor, Serpent, Pillar, Medusa, King
    S(0, 0), S(-110, -110), S(-118, -118), S(-178, -178), S(-340, -340), S(-308, -308), S(-460, -460), S(-326, -326), S(-256, -256), S(0, 0),
    // MEDUSA_ATTACKED
    S(-15, -15), S(-96, -96),
    // GAZE_THREAT: Sword, Horse, Advisor, Tower, Queen, Mounted Advisor, Serpent, Pillar, Medusa, King
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // MORPH_TARGETS: Sword, Horse, Advisor, Tower, Queen, Mounted Advisor, Serpent, Pillar, Medusa, King
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // TEMPO
    S(15, 15),
];
