//! The search's tuning constants in one place: margins, depth limits and
//! divisors of its pruning, reductions and extensions.
//!
//! In a normal build each is a constant (`params::rfp_margin()` is a
//! `const fn` the compiler folds away), so they cost nothing. With the cargo
//! feature `tune` each becomes a value that [`set`] changes at run time: the
//! engine then shows them as UCI spin options, so a tuner (OpenBench's SPSA,
//! or a local one) can play games with other values; [`spsa_lines`] writes
//! OpenBench's SPSA input for them.
//!
//! ```
//! use outpost_search::params::{self, TUNABLES};
//!
//! let rfp = TUNABLES.iter().find(|t| t.name == "rfp_margin").unwrap();
//! assert_eq!(params::rfp_margin(), rfp.default);
//! assert!(rfp.min < rfp.default && rfp.default < rfp.max);
//! let lines = params::spsa_lines();
//! assert!(lines[0].starts_with("rfp_max_depth, int, 8, "));
//! ```

/// One tunable constant: its name (also its UCI option's), default, and
/// the range a tuner may try.
///
/// ```
/// use outpost_search::params::{self, Tunable, TUNABLES};
///
/// let rfp: &Tunable = TUNABLES.iter().find(|t| t.name == "rfp_margin").unwrap();
/// assert_eq!(params::rfp_margin(), rfp.default);
/// assert!(TUNABLES
///     .iter()
///     .all(|t| t.min <= t.default && t.default <= t.max));
/// // SPSA perturbs it by a twentieth of its range at the end.
/// assert_eq!(rfp.c_end(), f64::from(rfp.max - rfp.min) / 20.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tunable {
    /// The name, as the accessor function and the UCI option call it.
    pub name: &'static str,
    /// The value the engine plays with.
    pub default: i32,
    /// The smallest value a tuner may try.
    pub min: i32,
    /// The largest value a tuner may try.
    pub max: i32,
}

impl Tunable {
    /// SPSA's final perturbation for this constant: a twentieth of its
    /// range (at least 1), the usual choice for OpenBench tunes.
    ///
    /// ```
    /// use outpost_search::params::Tunable;
    ///
    /// let wide = Tunable {
    ///     name: "wide",
    ///     default: 100,
    ///     min: 0,
    ///     max: 200,
    /// };
    /// assert_eq!(wide.c_end(), 10.0);
    /// let narrow = Tunable {
    ///     name: "narrow",
    ///     default: 3,
    ///     min: 1,
    ///     max: 6,
    /// };
    /// assert_eq!(narrow.c_end(), 1.0);
    /// ```
    pub fn c_end(&self) -> f64 {
        (f64::from(self.max - self.min) / 20.0).max(1.0)
    }
}

/// SPSA's final learning rate for every constant, OpenBench's usual 0.002.
pub const R_END: f64 = 0.002;

macro_rules! tunables {
    ($( $(#[$doc:meta])* $name:ident = $default:expr, $min:expr, $max:expr; )*) => {
        /// Every tunable constant, in the order [`spsa_lines`] writes them.
        pub const TUNABLES: &[Tunable] = &[
            $( Tunable { name: stringify!($name), default: $default, min: $min, max: $max }, )*
        ];

        #[cfg(not(feature = "tune"))]
        mod values {
            $(
                $(#[$doc])*
                #[inline(always)]
                pub const fn $name() -> i32 {
                    $default
                }
            )*
        }

        #[cfg(feature = "tune")]
        mod values {
            use std::sync::atomic::{AtomicI32, Ordering};

            /// The current values, in the order of [`super::TUNABLES`].
            pub(super) static VALUES: [AtomicI32; super::TUNABLES.len()] = [
                $( AtomicI32::new($default), )*
            ];

            tunables!(@accessors 0usize; $( $(#[$doc])* $name, )*);

            /// Sets the constant at `index` of [`super::TUNABLES`].
            pub(super) fn store(index: usize, value: i32) {
                VALUES[index].store(value, Ordering::Relaxed);
            }
        }

        pub use values::*;
    };
    (@accessors $index:expr; $(#[$doc:meta])* $name:ident, $($rest:tt)*) => {
        $(#[$doc])*
        #[inline(always)]
        pub fn $name() -> i32 {
            VALUES[$index].load(Ordering::Relaxed)
        }
        tunables!(@accessors $index + 1usize; $($rest)*);
    };
    (@accessors $index:expr;) => {};
}

tunables! {
    /// Reverse futility pruning: the deepest remaining depth it applies at.
    rfp_max_depth = 8, 4, 12;
    /// Reverse futility pruning: the margin per ply of depth.
    rfp_margin = 75, 30, 150;
    /// Razoring: the deepest remaining depth it applies at.
    razor_max_depth = 3, 1, 6;
    /// Razoring: the margin's constant part.
    razor_base = 250, 100, 500;
    /// Razoring: the margin's part per depth squared.
    razor_per_depth_squared = 300, 100, 600;
    /// Null-move pruning: the shallowest depth it is tried at.
    null_min_depth = 3, 2, 6;
    /// Null-move pruning: the depth from which a cut is verified.
    null_verify_depth = 12, 6, 20;
    /// Late-move pruning: the deepest remaining depth it applies at.
    lmp_max_depth = 8, 4, 12;
    /// Futility pruning of quiet moves: the deepest depth.
    futility_max_depth = 6, 3, 10;
    /// Futility pruning: the margin's constant part.
    futility_base = 120, 40, 250;
    /// Futility pruning: the margin per ply of depth.
    futility_per_depth = 100, 40, 200;
    /// SEE pruning: the deepest depth.
    see_prune_max_depth = 6, 3, 10;
    /// SEE pruning of quiet moves: the loss allowed per ply of depth.
    see_quiet_margin = 60, 20, 120;
    /// SEE pruning of captures: the loss allowed per ply of depth.
    see_noisy_margin = 110, 40, 200;
    /// Quiescence delta pruning: the margin over the captured piece.
    delta_margin = 200, 50, 400;
    /// Singular extensions: the shallowest depth they are tried at.
    singular_min_depth = 8, 5, 12;
    /// Singular extensions: how much shallower the table entry may be.
    singular_tt_depth_slack = 3, 1, 6;
    /// Singular extensions: the margin per ply of depth.
    singular_margin_per_depth = 2, 1, 5;
    /// Double extensions: how far below the singular bound.
    double_extension_margin = 20, 5, 50;
    /// ProbCut: the shallowest depth it is tried at.
    probcut_min_depth = 5, 3, 8;
    /// ProbCut: the margin over beta.
    probcut_margin = 200, 100, 350;
    /// ProbCut: the reduction of its verification search.
    probcut_reduction = 4, 2, 6;
    /// Late-move reductions: the history worth one ply.
    lmr_history_divisor = 8192, 4096, 16384;
}

/// Sets the tunable `name` (any case) to `value`; `false` for a name that
/// is not one or a value outside its range. Only the `tune` build has
/// values to set: elsewhere every tunable is a constant and this is
/// always `false`.
///
/// ```
/// use outpost_search::params;
///
/// // Refused in every build: unknown, or outside the range.
/// assert!(!params::set("no_such_constant", 1));
/// assert!(!params::set("rfp_margin", 10_000));
/// // Accepted only where the `tune` feature makes the constants values.
/// let default = params::rfp_margin();
/// assert_eq!(params::set("RFP_MARGIN", default), cfg!(feature = "tune"));
/// ```
pub fn set(name: &str, value: i32) -> bool {
    let Some(index) = TUNABLES
        .iter()
        .position(|t| t.name.eq_ignore_ascii_case(name))
    else {
        return false;
    };
    let t = TUNABLES[index];
    if value < t.min || value > t.max {
        return false;
    }
    store(index, value)
}

#[cfg(feature = "tune")]
fn store(index: usize, value: i32) -> bool {
    values::store(index, value);
    true
}

#[cfg(not(feature = "tune"))]
fn store(_index: usize, _value: i32) -> bool {
    false
}

/// OpenBench's SPSA input: a line `name, int, default, min, max, c_end,
/// r_end` per tunable.
pub fn spsa_lines() -> Vec<String> {
    TUNABLES
        .iter()
        .map(|t| {
            format!(
                "{}, int, {}, {}, {}, {}, {}",
                t.name,
                t.default,
                t.min,
                t.max,
                t.c_end(),
                R_END
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_lies_in_its_range_and_names_are_unique() {
        let mut names = std::collections::HashSet::new();
        for t in TUNABLES {
            assert!(t.min <= t.default && t.default <= t.max, "{t:?}");
            assert!(names.insert(t.name), "{}", t.name);
        }
    }

    #[test]
    fn out_of_range_or_unknown_is_refused() {
        assert!(!set("rfp_margin", 10_000));
        assert!(!set("no_such_constant", 1));
    }

    #[cfg(feature = "tune")]
    #[test]
    fn a_tune_build_takes_new_values() {
        assert!(set("probcut_margin", 250));
        assert_eq!(probcut_margin(), 250);
        assert!(set("PROBCUT_MARGIN", 200));
        assert_eq!(probcut_margin(), 200);
    }
}
