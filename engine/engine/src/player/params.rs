//! The search's tunable margins and reductions (docs/SPSA.md): one table
//! of named parameters, each with a default per variant, a range, and the
//! SPSA step sizes the tuner (`gorgon-tune`) starts from.
//!
//! The shape is Viridithas' and Reckless': in the default build each
//! parameter is a function returning a constant (the same in both
//! variants today, so the `match` on the variant folds away), and the
//! search compiles exactly as it did with literals. With the cargo feature
//! `spsa` the same functions read a process-wide table the UCI options
//! set (`setoption name RazorBase value 180`), so a tuner can play two
//! settings against each other without rebuilding.

use rules::Variant;

/// One tunable parameter as the tuner sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tunable {
    /// The UCI option's name (and the name in the tuner's parameter lines).
    pub name: &'static str,
    /// The default in Pillars of Medusa and in Mini-POM.
    pub default: [i32; 2],
    pub min: i32,
    pub max: i32,
}

impl Tunable {
    /// The default in `variant`.
    pub fn default_for(&self, variant: Variant) -> i32 {
        match variant {
            Variant::Pom => self.default[0],
            Variant::MiniPom => self.default[1],
        }
    }

    /// The SPSA perturbation at the end of a tune, OpenBench's rule of
    /// thumb: a twentieth of the value, never below half a unit (an
    /// integer parameter moved by less would never change).
    pub fn c_end(&self, value: i32) -> f64 {
        (value.abs() as f64 / 20.0).max(0.5)
    }

    /// The learning rate at the end of a tune (OpenBench's usual 0.002).
    pub const R_END: f64 = 0.002;
}

macro_rules! tunables {
    ($(
        $(#[doc = $doc:literal])*
        $id:ident $name:literal = $pom:literal, $mini:literal in $min:literal..=$max:literal;
    )*) => {
        /// The parameters' positions in [`TUNABLES`].
        #[allow(non_camel_case_types)]
        #[derive(Clone, Copy)]
        enum Id { $($id),* }

        /// Every tunable parameter, in the order of the option list.
        pub const TUNABLES: &[Tunable] = &[$(Tunable { name: $name, default: [$pom, $mini], min: $min, max: $max }),*];

        $(
            $(#[doc = $doc])*
            #[inline(always)]
            pub(crate) fn $id(variant: Variant) -> i32 {
                value(Id::$id as usize, variant, $pom, $mini)
            }
        )*
    };
}

// The ranges: wide enough that a tune is not stopped by them (about a
// third to three times the value for a margin), narrow enough that no
// value inside turns a pruning off or on for every node (docs/SPSA.md).
tunables! {
    /// Razoring (step 6): the margin below alpha at depth 0, in centipawns.
    razor_base "RazorBase" = 200, 200 in 50..=600;
    /// Razoring: the margin's growth per ply of depth.
    razor_depth "RazorDepth" = 250, 250 in 80..=600;
    /// Reverse futility pruning (step 7): the margin per ply of depth.
    rfp_margin "RfpMargin" = 80, 80 in 30..=200;
    /// Reverse futility pruning: the deepest node it prunes.
    rfp_depth "RfpDepth" = 8, 8 in 4..=14;
    /// Null move pruning (step 8): the reduction at any depth.
    nmp_base "NmpBase" = 4, 4 in 2..=7;
    /// Null move pruning: one more ply of reduction per this many plies of depth.
    nmp_depth_div "NmpDepthDiv" = 3, 3 in 2..=8;
    /// Null move pruning: one more ply per this many centipawns of eval above beta.
    nmp_eval_div "NmpEvalDiv" = 200, 200 in 60..=500;
    /// Singular search (step 10): the margin below the TT score per ply of depth.
    singular_margin "SingularMargin" = 2, 2 in 1..=8;
    /// Late move pruning (step 13): quiet moves tried before the rest are
    /// cut, `(LmpBase + depth²)`, halved when not improving.
    lmp_base "LmpBase" = 3, 3 in 1..=10;
    /// Futility pruning of quiet moves (step 13): the margin at depth 0.
    futility_base "FutilityBase" = 120, 120 in 30..=300;
    /// Futility pruning: the margin's growth per ply of depth.
    futility_depth "FutilityDepth" = 110, 110 in 30..=300;
    /// History pruning: a quiet move is cut below minus this per ply of depth.
    history_prune "HistoryPrune" = 4000, 4000 in 1000..=12000;
    /// SEE pruning of quiet moves: the loss allowed per ply of depth squared.
    see_quiet "SeeQuiet" = 30, 30 in 8..=100;
    /// SEE pruning of tactical moves: the loss allowed per ply of depth.
    see_tactical "SeeTactical" = 120, 120 in 40..=300;
    /// Late move reductions (step 15): the divisor of ln(depth)·ln(moves), in hundredths.
    lmr_divisor "LmrDivisor" = 220, 220 in 120..=400;
    /// Late move reductions: a ply less (more) per this much quiet history.
    lmr_history_div "LmrHistoryDiv" = 8192, 8192 in 2000..=20000;
    /// The history bonus of a cutoff (step 18): its factor of depth squared.
    history_bonus_quad "HistoryBonusQuad" = 16, 16 in 4..=48;
    /// The history bonus: its factor of depth.
    history_bonus_lin "HistoryBonusLin" = 32, 32 in 0..=100;
    /// The aspiration window's first half-width at the root, in centipawns.
    aspiration_delta "AspirationDelta" = 20, 20 in 5..=60;
}

/// The default build: the variant's default, a constant.
#[cfg(not(feature = "spsa"))]
#[inline(always)]
fn value(_: usize, variant: Variant, pom: i32, mini: i32) -> i32 {
    match variant {
        Variant::Pom => pom,
        Variant::MiniPom => mini,
    }
}

/// With `spsa`: the value a UCI option set, else the variant's default.
#[cfg(feature = "spsa")]
#[inline(always)]
fn value(i: usize, variant: Variant, pom: i32, mini: i32) -> i32 {
    match OVERRIDES[i].load(std::sync::atomic::Ordering::Relaxed) {
        UNSET => match variant {
            Variant::Pom => pom,
            Variant::MiniPom => mini,
        },
        set => set,
    }
}

/// No value set: the variant's default applies.
#[cfg(feature = "spsa")]
const UNSET: i32 = i32::MIN;

/// What `setoption` set, one per parameter, for the whole process (a
/// match engine plays one setting; every search thread reads it).
#[cfg(feature = "spsa")]
static OVERRIDES: [std::sync::atomic::AtomicI32; TUNABLES.len()] = [const { std::sync::atomic::AtomicI32::new(UNSET) }; TUNABLES.len()];

/// True when the parameters can be set (the `spsa` build).
pub const SETTABLE: bool = cfg!(feature = "spsa");

/// The parameter called `name` (case-insensitive, as UCI options are).
pub fn find(name: &str) -> Option<(usize, &'static Tunable)> {
    TUNABLES.iter().enumerate().find(|(_, t)| t.name.eq_ignore_ascii_case(name.trim()))
}

/// Sets parameter `index` of [`TUNABLES`] to `value` for the rest of the
/// process. The value is checked against the range; the default build has
/// nothing to set and says so.
pub fn set(index: usize, value: i32) -> Result<(), String> {
    let t = TUNABLES.get(index).ok_or_else(|| format!("no tunable parameter number {index}"))?;
    if !(t.min..=t.max).contains(&value) {
        return Err(format!("{}: {value} is out of range {}..{}", t.name, t.min, t.max));
    }
    #[cfg(feature = "spsa")]
    {
        OVERRIDES[index].store(value, std::sync::atomic::Ordering::Relaxed);
        Ok(())
    }
    #[cfg(not(feature = "spsa"))]
    Err(format!(
        "{}: the search's parameters are constants in this build (build with --features spsa)",
        t.name
    ))
}

/// The value parameter `index` has now in `variant`.
pub fn current(index: usize, variant: Variant) -> i32 {
    let t = &TUNABLES[index];
    value(index, variant, t.default[0], t.default[1])
}

/// The parameters in OpenBench's SPSA format, one line each:
/// `name, int, value, min, max, c_end, r_end`, with the values the
/// search uses now in `variant` (the tuner's input).
pub fn openbench_lines(variant: Variant) -> String {
    let mut s = String::new();
    for (i, t) in TUNABLES.iter().enumerate() {
        let v = current(i, variant);
        s.push_str(&format!(
            "{}, int, {v}, {}, {}, {}, {}\n",
            t.name,
            t.min,
            t.max,
            t.c_end(v),
            Tunable::R_END
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every default lies in its range, names are unique, and both
    /// variants keep the values the search had as literals.
    #[test]
    fn the_table_is_consistent() {
        for (i, t) in TUNABLES.iter().enumerate() {
            for v in Variant::ALL {
                let d = t.default_for(v);
                assert!((t.min..=t.max).contains(&d), "{}: {d} outside {}..{}", t.name, t.min, t.max);
                assert_eq!(current(i, v), d, "{}: nothing set, the default applies", t.name);
            }
            assert_eq!(t.default[0], t.default[1], "{}: the variants share today's values", t.name);
            assert_eq!(
                TUNABLES.iter().filter(|u| u.name.eq_ignore_ascii_case(t.name)).count(),
                1,
                "{}",
                t.name
            );
        }
        assert_eq!(razor_base(Variant::Pom), 200);
        assert_eq!(lmr_divisor(Variant::MiniPom), 220);
        assert_eq!(history_prune(Variant::Pom), 4000);
    }

    /// OpenBench's line: name, int, value, min, max, c_end, r_end, with
    /// c_end a twentieth of the value and at least a half.
    #[test]
    fn the_parameter_lines_are_openbench_s() {
        let lines = openbench_lines(Variant::MiniPom);
        assert_eq!(lines.lines().count(), TUNABLES.len());
        assert!(lines.contains("RazorBase, int, 200, 50, 600, 10, 0.002\n"), "{lines}");
        assert!(lines.contains("SingularMargin, int, 2, 1, 8, 0.5, 0.002\n"), "{lines}");
        assert!(lines.contains("HistoryPrune, int, 4000, 1000, 12000, 200, 0.002\n"), "{lines}");
    }

    /// A value outside the range is refused, naming the parameter.
    #[test]
    fn out_of_range_values_are_refused() {
        let (i, _) = find("razorbase").unwrap();
        let e = set(i, 10_000).unwrap_err();
        assert!(e.contains("RazorBase") && e.contains("out of range"), "{e}");
        assert!(set(TUNABLES.len(), 1).is_err());
        assert!(find("NoSuchParameter").is_none());
    }
}
