//! One spelling per choice: the enums that a command line and a URL name by a word get
//! `as_str`, [`Display`](std::fmt::Display) and [`FromStr`](std::str::FromStr) from one table,
//! and, with the `clap` feature, `clap::ValueEnum` from the same table.
//!
//! Each variant has one printed spelling (the command line's) and may have aliases that are
//! read too (the web app's URL spelling, OLM's own field value). Matching is exact: case
//! matters, as it always did on both sides.

use thiserror::Error;

/// A word that names none of a choice's values.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown {what} {given:?} (expected one of: {})", expected.join(", "))]
pub struct UnknownChoice {
    /// What was being chosen (`resolver`, `failure kind`, ...).
    pub what: &'static str,
    /// The word that was given.
    pub given: String,
    /// The printed spellings.
    pub expected: &'static [&'static str],
}

/// Implements `ALL`, `as_str`, `Display`, `FromStr` and (with the `clap` feature)
/// `clap::ValueEnum` for a fieldless enum, from one table:
/// `Variant => "printed" ["alias", ...] : "help"`, the aliases and the help optional.
///
/// Exported, so that the enums the web app alone spells in its URL use it too
/// (`olm_graph_core::spelled_choice!(InspectorTab, "inspector tab", Details => "details", ...)`).
#[macro_export]
macro_rules! spelled_choice {
    (
        $ty:ident, $what:literal,
        $( $variant:ident => $name:literal $([$($alias:literal),* $(,)?])? $(: $help:literal)? ),+
        $(,)?
    ) => {
        impl $ty {
            /// Every value, in the order a command line offers them.
            pub const ALL: &'static [$ty] = &[$($ty::$variant),+];

            /// The spelling the command line takes and prints.
            ///
            /// # Complexity
            /// O(1).
            pub fn as_str(self) -> &'static str {
                match self {
                    $($ty::$variant => $name),+
                }
            }
        }

        impl ::std::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl ::std::str::FromStr for $ty {
            type Err = $crate::choice::UnknownChoice;

            /// Reads the printed spelling or one of its aliases, exactly.
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                match s {
                    $( $name $($(| $alias)*)? => Ok($ty::$variant), )+
                    _ => Err($crate::choice::UnknownChoice {
                        what: $what,
                        given: s.to_string(),
                        expected: &[$($name),+],
                    }),
                }
            }
        }

        $crate::__spelled_choice_clap!(
            $ty, $( $variant => $name $([$($alias),*])? $(: $help)? ),+
        );
    };
}

/// `clap::ValueEnum` for a [`spelled_choice!`] enum when core is built with `clap` (the
/// feature is read here, in core, not in the crate that calls the macro).
#[cfg(feature = "clap")]
#[doc(hidden)]
#[macro_export]
macro_rules! __spelled_choice_clap {
    (
        $ty:ident,
        $( $variant:ident => $name:literal $([$($alias:literal),*])? $(: $help:literal)? ),+
    ) => {
        impl $crate::__clap::ValueEnum for $ty {
            fn value_variants<'a>() -> &'a [Self] {
                Self::ALL
            }

            fn to_possible_value(&self) -> Option<$crate::__clap::builder::PossibleValue> {
                Some(match self {
                    $($ty::$variant => $crate::__clap::builder::PossibleValue::new($name)
                        $($(.alias($alias))*)?
                        $(.help($help))?),+
                })
            }
        }
    };
}

/// Without `clap`, a [`spelled_choice!`] enum has no `clap::ValueEnum`.
#[cfg(not(feature = "clap"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __spelled_choice_clap {
    ($($t:tt)*) => {};
}

pub use crate::spelled_choice;

#[cfg(test)]
mod tests {
    use std::str::FromStr;

    use crate::plan::Preference;
    use crate::resolve::{FailureKind, Resolver, UpgradeConstraintPolicy, UpgradeStrategy};
    use crate::review::FailOnCondition;
    use crate::template::TemplateKind;

    /// Every printed spelling reads back as its value, and nothing else reads as it.
    fn round_trips<T>(all: &[T], printed: &[&str])
    where
        T: FromStr + std::fmt::Display + PartialEq + std::fmt::Debug + Copy,
        T::Err: std::fmt::Debug,
    {
        let shown: Vec<String> = all.iter().map(T::to_string).collect();
        assert_eq!(shown, printed);
        for v in all {
            assert_eq!(v.to_string().parse::<T>().unwrap(), *v);
        }
        assert!("".parse::<T>().is_err());
        assert!("no-such-value".parse::<T>().is_err());
    }

    #[test]
    fn resolver_is_spelled_v0_and_v1() {
        round_trips(Resolver::ALL, &["v0", "v1"]);
        assert!("V0".parse::<Resolver>().is_err(), "case matters");
    }

    #[test]
    fn failure_kind_is_spelled_csv_and_installplan() {
        round_trips(FailureKind::ALL, &["csv", "installplan"]);
        assert_eq!(FailureKind::default(), FailureKind::Csv);
        assert!("none".parse::<FailureKind>().is_err());
    }

    #[test]
    fn upgrade_strategy_prints_the_cli_word_and_reads_olms_too() {
        round_trips(UpgradeStrategy::ALL, &["default", "fail-forward"]);
        assert_eq!(
            "TechPreviewUnsafeFailForward".parse::<UpgradeStrategy>(),
            Ok(UpgradeStrategy::TechPreviewUnsafeFailForward)
        );
        assert_eq!(
            "Default".parse::<UpgradeStrategy>(),
            Ok(UpgradeStrategy::Default)
        );
        for s in UpgradeStrategy::ALL {
            assert_eq!(s.olm_name().parse::<UpgradeStrategy>(), Ok(*s));
        }
    }

    #[test]
    fn preference_is_spelled_in_kebab_case() {
        round_trips(
            Preference::ALL,
            &[
                "fewest-switches",
                "fewest-hops",
                "avoid-deprecated",
                "supported",
            ],
        );
    }

    #[test]
    fn policy_is_spelled_as_the_cluster_extension_field() {
        round_trips(
            UpgradeConstraintPolicy::ALL,
            &["CatalogProvided", "SelfCertified"],
        );
    }

    #[test]
    fn template_kind_is_spelled_as_opms_type_argument() {
        round_trips(TemplateKind::ALL, &["basic", "semver", "substitutes"]);
    }

    #[test]
    fn fail_on_condition_is_spelled_in_kebab_case() {
        round_trips(
            FailOnCondition::ALL,
            &["error", "stranded", "removed-head", "none"],
        );
    }

    #[test]
    fn an_unknown_word_names_what_was_expected() {
        let err = "v2".parse::<Resolver>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown resolver \"v2\" (expected one of: v0, v1)"
        );
    }

    #[cfg(feature = "clap")]
    #[test]
    fn clap_offers_the_printed_word_and_takes_the_aliases() {
        use clap::ValueEnum;
        let names: Vec<String> = UpgradeStrategy::value_variants()
            .iter()
            .filter_map(|v| v.to_possible_value())
            .map(|p| p.get_name().to_string())
            .collect();
        assert_eq!(names, ["default", "fail-forward"]);
        assert_eq!(
            <UpgradeStrategy as ValueEnum>::from_str("TechPreviewUnsafeFailForward", false),
            Ok(UpgradeStrategy::TechPreviewUnsafeFailForward)
        );
        assert_eq!(
            <Resolver as ValueEnum>::from_str("v1", false),
            Ok(Resolver::V1)
        );
    }
}
