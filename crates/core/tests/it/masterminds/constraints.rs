//! Masterminds' own constraint tests: parsing constraints, checking and validating versions
//! against them, printing them.

use olm_graph_core::masterminds::{ConstraintError, Constraints, Version};

fn constraints(text: &str) -> Constraints {
    Constraints::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

fn version(text: &str) -> Version {
    Version::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

fn strict(text: &str) -> Version {
    Version::parse_strict(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

/// `TestNewConstraint`: how many OR groups, how many constraints in the first; `None` where
/// the text is rejected.
#[test]
fn new_constraint_table() {
    let table: &[(&str, Option<(usize, usize)>)] = &[
        (">= 1.1", Some((1, 1))),
        (">40.50.60, < 50.70", Some((1, 2))),
        ("2.0", Some((1, 1))),
        ("v2.3.5-20161202202307-sha.e8fc5e5", Some((1, 1))),
        ("v1.2.3-0abc", Some((1, 1))),
        ("v1.2.3-beta.01", None),
        (">= bar", None),
        ("BAR >= 1.2.3", None),
        (">= 1.2.3 < 2.0", Some((1, 2))),
        (">= 1.2.3 < 2.0 || => 3.0 < 4", Some((2, 2))),
        (">= 1.2.3, < 2.0", Some((1, 2))),
        (">= 1.2.3, < 2.0 || => 3.0, < 4", Some((2, 2))),
        ("3 - 4 || => 3.0, < 4", Some((2, 2))),
        ("12.3.4.1234", None),
        ("12.23.4.1234", None),
        ("12.3.34.1234", None),
        ("12.3.34 ~1.2.3", Some((1, 2))),
        ("12.3.34~ 1.2.3", None),
        ("1.0.0 - 2.0.0, <=2.0.0", Some((1, 3))),
    ];
    for (text, want) in table {
        let got = Constraints::parse(text)
            .ok()
            .map(|c| (c.groups().len(), c.groups()[0].len()));
        assert_eq!(got, *want, "{text:?}");
    }
}

fn check_table(table: &[(&str, &str, bool)], include_prerelease: bool) {
    for (text, v, want) in table {
        let mut c = constraints(text);
        c.include_prerelease = include_prerelease;
        assert_eq!(c.check(&version(v)), *want, "{text:?} against {v:?}");
    }
}

/// `TestConstraintsCheck`.
#[test]
fn check_table_without_prereleases() {
    check_table(
        &[
            ("*", "1.2.3", true),
            ("~0.0.0", "1.2.3", true),
            ("0.x.x", "1.2.3", false),
            ("0.0.x", "1.2.3", false),
            ("0.0.0", "1.2.3", false),
            ("*", "1.2.3", true),
            ("^0.0.0", "1.2.3", false),
            ("= 2.0", "1.2.3", false),
            ("= 2.0", "2.0.0", true),
            ("4.1", "4.1.0", true),
            ("4.1.x", "4.1.3", true),
            ("1.x", "1.4", true),
            ("!=4.1", "4.1.0", false),
            ("!=4.1-alpha", "4.1.0-alpha", false),
            ("!=4.1-alpha", "4.1.1-alpha", false),
            ("!=4.1-alpha", "4.1.0", true),
            ("!=4.1", "5.1.0", true),
            ("!=4.x", "5.1.0", true),
            ("!=4.x", "4.1.0", false),
            ("!=4.1.x", "4.2.0", true),
            ("!=4.2.x", "4.2.3", false),
            (">1.1", "4.1.0", true),
            (">1.1", "1.1.0", false),
            ("<1.1", "0.1.0", true),
            ("<1.1", "1.1.0", false),
            ("<1.1", "1.1.1", false),
            ("<1.x", "1.1.1", false),
            ("<1.x", "0.1.1", true),
            ("<1.x", "2.0.0", false),
            ("<1.1.x", "1.2.1", false),
            ("<1.1.x", "1.1.500", false),
            ("<1.1.x", "1.0.500", true),
            ("<1.2.x", "1.1.1", true),
            (">=1.1", "4.1.0", true),
            (">=1.1", "4.1.0-beta", false),
            (">=1.1", "1.1.0", true),
            (">=1.1", "0.0.9", false),
            ("<=1.1", "0.1.0", true),
            ("<=1.1", "0.1.0-alpha", false),
            ("<=1.1-a", "0.1.0-alpha", true),
            ("<=1.1", "1.1.0", true),
            ("<=1.x", "1.1.0", true),
            ("<=2.x", "3.0.0", false),
            ("<=1.1", "1.1.1", true),
            ("<=1.1.x", "1.2.500", false),
            ("<=4.5", "3.4.0", true),
            ("<=4.5", "3.7.0", true),
            ("<=4.5", "4.6.3", false),
            (">1.1, <2", "1.1.1", false),
            (">1.1, <2", "1.2.1", true),
            (">1.1, <3", "4.3.2", false),
            (">=1.1, <2, !=1.2.3", "1.2.3", false),
            (">1.1 <2", "1.1.1", false),
            (">1.1 <2", "1.2.1", true),
            (">1.1    <3", "4.3.2", false),
            (">=1.1    <2    !=1.2.3", "1.2.3", false),
            (">=1.1, <2, !=1.2.3 || > 3", "4.1.2", true),
            (">=1.1, <2, !=1.2.3 || > 3", "3.1.2", false),
            (">=1.1, <2, !=1.2.3 || >= 3", "3.0.0", true),
            (">=1.1, <2, !=1.2.3 || > 3", "3.0.0", false),
            (">=1.1, <2, !=1.2.3 || > 3", "1.2.3", false),
            (">=1.1 <2 !=1.2.3", "1.2.3", false),
            (">=1.1 <2 !=1.2.3 || > 3", "4.1.2", true),
            (">=1.1 <2 !=1.2.3 || > 3", "3.1.2", false),
            (">=1.1 <2 !=1.2.3 || >= 3", "3.0.0", true),
            (">=1.1 <2 !=1.2.3 || > 3", "3.0.0", false),
            (">=1.1 <2 !=1.2.3 || > 3", "1.2.3", false),
            ("> 1.1, <     2", "1.1.1", false),
            (">   1.1, <2", "1.2.1", true),
            (">1.1, <  3", "4.3.2", false),
            (">= 1.1, <     2, !=1.2.3", "1.2.3", false),
            ("> 1.1 < 2", "1.1.1", false),
            (">1.1 < 2", "1.2.1", true),
            ("> 1.1    <3", "4.3.2", false),
            (">=1.1    < 2    != 1.2.3", "1.2.3", false),
            (">= 1.1, <2, !=1.2.3 || > 3", "4.1.2", true),
            (">= 1.1, <2, != 1.2.3 || > 3", "3.1.2", false),
            (">= 1.1, <2, != 1.2.3 || >= 3", "3.0.0", true),
            (">= 1.1, <2, !=1.2.3 || > 3", "3.0.0", false),
            (">= 1.1, <2, !=1.2.3 || > 3", "1.2.3", false),
            (">= 1.1 <2 != 1.2.3", "1.2.3", false),
            (">= 1.1 <2 != 1.2.3 || > 3", "4.1.2", true),
            (">= 1.1 <2 != 1.2.3 || > 3", "3.1.2", false),
            (">= 1.1 <2 != 1.2.3 || >= 3", "3.0.0", true),
            (">= 1.1 < 2 !=1.2.3 || > 3", "3.0.0", false),
            (">=1.1 < 2 !=1.2.3 || > 3", "1.2.3", false),
            (">= 1.0.0  <= 2.0.0-beta", "1.0.1-beta", true),
            (">= 1.0.0  <= 2.0.0-beta", "1.0.1", true),
            (">= 1.0.0  <= 2.0.0-beta", "3.0.0", false),
            (">= 1.0.0  <= 2.0.0-beta || > 3", "1.0.1-beta", true),
            (">= 1.0.0  <= 2.0.0-beta || > 3", "3.0.1-beta", false),
            (
                ">= 1.0.0  <= 2.0.0-beta != 1.0.1 || > 3",
                "1.0.1-beta",
                true,
            ),
            (
                ">= 1.0.0  <= 2.0.0-beta != 1.0.1-beta || > 3",
                "1.0.1-beta",
                false,
            ),
            (">= 1.0.0-0  <= 2.0.0", "1.0.1-beta", true),
            ("1.1 - 2", "1.1.1", true),
            ("1.5.0 - 4.5", "3.7.0", true),
            ("1.1-3", "4.3.2", false),
            ("^1.1", "1.1.1", true),
            ("^1.1", "4.3.2", false),
            ("^1.x", "1.1.1", true),
            ("^2.x", "1.1.1", false),
            ("^1.x", "2.1.1", false),
            ("^1.x", "1.1.1-beta1", false),
            ("^1.1.2-alpha", "1.2.1-beta1", true),
            ("^1.2.x-alpha", "1.1.1-beta1", false),
            ("^0.0.1", "0.0.1", true),
            ("^0.0.1", "0.3.1", false),
            ("~*", "2.1.1", true),
            ("~1", "2.1.1", false),
            ("~1", "1.3.5", true),
            ("~1", "1.4", true),
            ("~1.x", "2.1.1", false),
            ("~1.x", "1.3.5", true),
            ("~1.x", "1.4", true),
            ("~1.1", "1.1.1", true),
            ("~1.1", "1.1.1-alpha", false),
            ("~1.1-alpha", "1.1.1-beta", true),
            ("~1.1.1-beta", "1.1.1-alpha", false),
            ("~1.1.1-beta", "1.1.1", true),
            ("~1.2.3", "1.2.5", true),
            ("~1.2.3", "1.2.2", false),
            ("~1.2.3", "1.3.2", false),
            ("~1.1", "1.2.3", false),
            ("~1.3", "2.4.5", false),
            ("1.0.0 - 2.0.0 <=2.0.0", "1.5.0", true),
            ("1.0.0 - 2.0.0, <=2.0.0", "1.5.0", true),
        ],
        false,
    );
}

/// `TestConstraintsCheckIncludePrerelease`.
#[test]
fn check_table_including_prereleases() {
    check_table(
        &[
            (">=1.1", "4.1.0-beta", true),
            (">1.1", "4.1.0-beta", true),
            ("<=1.1", "0.1.0-alpha", true),
            ("<1.1", "0.1.0-alpha", true),
            ("^1.x", "1.1.1-beta1", true),
            ("~1.1", "1.1.1-alpha", true),
            ("*", "1.2.3-alpha", true),
            ("= 2.0", "2.0.1-beta", true),
            ("*", "1.2.3", true),
            ("~0.0.0", "1.2.3", true),
            ("0.x.x", "1.2.3", false),
            ("0.0.x", "1.2.3", false),
            ("0.0.0", "1.2.3", false),
            ("*", "1.2.3", true),
            ("^0.0.0", "1.2.3", false),
            ("= 2.0", "1.2.3", false),
            ("= 2.0", "2.0.0", true),
            ("4.1", "4.1.0", true),
            ("4.1.x", "4.1.3", true),
            ("1.x", "1.4", true),
            ("!=4.1", "4.1.0", false),
            ("!=4.1-alpha", "4.1.0-alpha", false),
            ("!=4.1-alpha", "4.1.1-alpha", false),
            ("!=4.1-alpha", "4.1.0", true),
            ("!=4.1", "5.1.0", true),
            ("!=4.x", "5.1.0", true),
            ("!=4.x", "4.1.0", false),
            ("!=4.1.x", "4.2.0", true),
            ("!=4.2.x", "4.2.3", false),
            (">1.1", "4.1.0", true),
            (">1.1", "1.1.0", false),
            ("<1.1", "0.1.0", true),
            ("<1.1", "1.1.0", false),
            ("<1.1", "1.1.1", false),
            ("<1.x", "1.1.1", false),
            ("<1.x", "0.1.1", true),
            ("<1.x", "2.0.0", false),
            ("<1.1.x", "1.2.1", false),
            ("<1.1.x", "1.1.500", false),
            ("<1.1.x", "1.0.500", true),
            ("<1.2.x", "1.1.1", true),
            (">=1.1", "4.1.0", true),
            (">=1.1", "1.1.0", true),
            (">=1.1", "0.0.9", false),
            ("<=1.1", "0.1.0", true),
            ("<=1.1-a", "0.1.0-alpha", true),
            ("<=1.1", "1.1.0", true),
            ("<=1.x", "1.1.0", true),
            ("<=2.x", "3.0.0", false),
            ("<=1.1", "1.1.1", true),
            ("<=1.1.x", "1.2.500", false),
            ("<=4.5", "3.4.0", true),
            ("<=4.5", "3.7.0", true),
            ("<=4.5", "4.6.3", false),
            (">1.1, <2", "1.1.1", false),
            (">1.1, <2", "1.2.1", true),
            (">1.1, <3", "4.3.2", false),
            (">=1.1, <2, !=1.2.3", "1.2.3", false),
            (">1.1 <2", "1.1.1", false),
            (">1.1 <2", "1.2.1", true),
            (">1.1    <3", "4.3.2", false),
            (">=1.1    <2    !=1.2.3", "1.2.3", false),
            (">=1.1, <2, !=1.2.3 || > 3", "4.1.2", true),
            (">=1.1, <2, !=1.2.3 || > 3", "3.1.2", false),
            (">=1.1, <2, !=1.2.3 || >= 3", "3.0.0", true),
            (">=1.1, <2, !=1.2.3 || > 3", "3.0.0", false),
            (">=1.1, <2, !=1.2.3 || > 3", "1.2.3", false),
            (">=1.1 <2 !=1.2.3", "1.2.3", false),
            (">=1.1 <2 !=1.2.3 || > 3", "4.1.2", true),
            (">=1.1 <2 !=1.2.3 || > 3", "3.1.2", false),
            (">=1.1 <2 !=1.2.3 || >= 3", "3.0.0", true),
            (">=1.1 <2 !=1.2.3 || > 3", "3.0.0", false),
            (">=1.1 <2 !=1.2.3 || > 3", "1.2.3", false),
            ("> 1.1, <     2", "1.1.1", false),
            (">   1.1, <2", "1.2.1", true),
            (">1.1, <  3", "4.3.2", false),
            (">= 1.1, <     2, !=1.2.3", "1.2.3", false),
            ("> 1.1 < 2", "1.1.1", false),
            (">1.1 < 2", "1.2.1", true),
            ("> 1.1    <3", "4.3.2", false),
            (">=1.1    < 2    != 1.2.3", "1.2.3", false),
            (">= 1.1, <2, !=1.2.3 || > 3", "4.1.2", true),
            (">= 1.1, <2, != 1.2.3 || > 3", "3.1.2", false),
            (">= 1.1, <2, != 1.2.3 || >= 3", "3.0.0", true),
            (">= 1.1, <2, !=1.2.3 || > 3", "3.0.0", false),
            (">= 1.1, <2, !=1.2.3 || > 3", "1.2.3", false),
            (">= 1.1 <2 != 1.2.3", "1.2.3", false),
            (">= 1.1 <2 != 1.2.3 || > 3", "4.1.2", true),
            (">= 1.1 <2 != 1.2.3 || > 3", "3.1.2", false),
            (">= 1.1 <2 != 1.2.3 || >= 3", "3.0.0", true),
            (">= 1.1 < 2 !=1.2.3 || > 3", "3.0.0", false),
            (">=1.1 < 2 !=1.2.3 || > 3", "1.2.3", false),
            (">= 1.0.0  <= 2.0.0-beta", "1.0.1-beta", true),
            (">= 1.0.0  <= 2.0.0-beta", "1.0.1", true),
            (">= 1.0.0  <= 2.0.0-beta", "3.0.0", false),
            (">= 1.0.0  <= 2.0.0-beta || > 3", "1.0.1-beta", true),
            (">= 1.0.0  <= 2.0.0-beta || > 3", "3.0.1-beta", false),
            (
                ">= 1.0.0  <= 2.0.0-beta != 1.0.1 || > 3",
                "1.0.1-beta",
                true,
            ),
            (
                ">= 1.0.0  <= 2.0.0-beta != 1.0.1-beta || > 3",
                "1.0.1-beta",
                false,
            ),
            (">= 1.0.0-0  <= 2.0.0", "1.0.1-beta", true),
            ("1.1 - 2", "1.1.1", true),
            ("1.5.0 - 4.5", "3.7.0", true),
            ("1.1-3", "4.3.2", false),
            ("^1.1", "1.1.1", true),
            ("^1.1", "4.3.2", false),
            ("^1.x", "1.1.1", true),
            ("^2.x", "1.1.1", false),
            ("^1.x", "2.1.1", false),
            ("^1.1.2-alpha", "1.2.1-beta1", true),
            ("^1.2.x-alpha", "1.1.1-beta1", false),
            ("^0.0.1", "0.0.1", true),
            ("^0.0.1", "0.3.1", false),
            ("~*", "2.1.1", true),
            ("~1", "2.1.1", false),
            ("~1", "1.3.5", true),
            ("~1", "1.4", true),
            ("~1.x", "2.1.1", false),
            ("~1.x", "1.3.5", true),
            ("~1.x", "1.4", true),
            ("~1.1", "1.1.1", true),
            ("~1.1-alpha", "1.1.1-beta", true),
            ("~1.1.1-beta", "1.1.1-alpha", false),
            ("~1.1.1-beta", "1.1.1", true),
            ("~1.2.3", "1.2.5", true),
            ("~1.2.3", "1.2.2", false),
            ("~1.2.3", "1.3.2", false),
            ("~1.1", "1.2.3", false),
            ("~1.3", "2.4.5", false),
            ("1.0.0 - 2.0.0 <=2.0.0", "1.5.0", true),
            ("1.0.0 - 2.0.0, <=2.0.0", "1.5.0", true),
        ],
        true,
    );
}

fn validate_table(table: &[(&str, &str, bool)], include_prerelease: bool) {
    for (text, v, want) in table {
        let mut c = constraints(text);
        c.include_prerelease = include_prerelease;
        match c.validate(&version(v)) {
            Ok(()) => assert!(*want, "{text:?} admitted {v:?}"),
            Err(reasons) => {
                assert!(!*want, "{text:?} refused {v:?}: {reasons:?}");
                assert!(
                    !reasons.is_empty(),
                    "{text:?} refused {v:?} without a reason"
                );
            }
        }
    }
}

/// The first reason `Validate` gives, word for word.
fn first_reason_table(table: &[(&str, &str, &str)], include_prerelease: bool) {
    for (text, v, want) in table {
        let mut c = constraints(text);
        c.include_prerelease = include_prerelease;
        let reasons = c.validate(&strict(v)).err().unwrap_or_default();
        assert_eq!(
            reasons.first().map(|r| r.to_string()).as_deref(),
            Some(*want),
            "{text:?} against {v:?}"
        );
    }
}

/// `TestConstraintsValidate`.
#[test]
fn validate_table_without_prereleases() {
    validate_table(
        &[
            ("*", "1.2.3", true),
            ("~0.0.0", "1.2.3", true),
            ("= 2.0", "1.2.3", false),
            ("= 2.0", "2.0.0", true),
            ("4.1", "4.1.0", true),
            ("4.1.x", "4.1.3", true),
            ("1.x", "1.4", true),
            ("!=4.1", "4.1.0", false),
            ("!=4.1", "5.1.0", true),
            ("!=4.x", "5.1.0", true),
            ("!=4.x", "4.1.0", false),
            ("!=4.1.x", "4.2.0", true),
            ("!=4.2.x", "4.2.3", false),
            (">1.1", "4.1.0", true),
            (">1.1", "1.1.0", false),
            ("<1.1", "0.1.0", true),
            ("<1.1", "1.1.0", false),
            ("<1.1", "1.1.1", false),
            ("<1.x", "1.1.1", false),
            ("<2.x", "1.1.1", true),
            ("<1.x", "2.1.1", false),
            ("<1.1.x", "1.2.1", false),
            ("<1.1.x", "1.1.500", false),
            ("<1.2.x", "1.1.1", true),
            (">=1.1", "4.1.0", true),
            (">=1.1", "1.1.0", true),
            (">=1.1", "0.0.9", false),
            ("<=1.1", "0.1.0", true),
            ("<=1.1", "1.1.0", true),
            ("<=1.x", "1.1.0", true),
            ("<=2.x", "3.1.0", false),
            ("<=1.1", "1.1.1", true),
            ("<=1.1.x", "1.2.500", false),
            (">1.1, <2", "1.1.1", false),
            (">1.1, <2", "1.2.1", true),
            (">1.1, <3", "4.3.2", false),
            (">=1.1, <2, !=1.2.3", "1.2.3", false),
            (">=1.1, <2, !=1.2.3 || > 3", "3.1.2", false),
            (">=1.1, <2, !=1.2.3 || > 3", "4.1.2", true),
            (">=1.1, <2, !=1.2.3 || >= 3", "3.0.0", true),
            (">=1.1, <2, !=1.2.3 || > 3", "3.0.0", false),
            (">=1.1, <2, !=1.2.3 || > 3", "1.2.3", false),
            ("1.1 - 2", "1.1.1", true),
            ("1.1-3", "4.3.2", false),
            ("^1.1", "1.1.1", true),
            ("^1.1", "1.1.1-alpha", false),
            ("^1.1.1-alpha", "1.1.1-beta", true),
            ("^1.1.1-beta", "1.1.1-alpha", false),
            ("^1.1", "4.3.2", false),
            ("^1.x", "1.1.1", true),
            ("^2.x", "1.1.1", false),
            ("^1.x", "2.1.1", false),
            ("^0.0.1", "0.1.3", false),
            ("^0.0.1", "0.0.1", true),
            ("~*", "2.1.1", true),
            ("~1", "2.1.1", false),
            ("~1", "1.3.5", true),
            ("~1", "1.3.5-beta", false),
            ("~1.x", "2.1.1", false),
            ("~1.x", "1.3.5", true),
            ("~1.x", "1.3.5-beta", false),
            ("~1.3.6-alpha", "1.3.5-beta", false),
            ("~1.3.5-alpha", "1.3.5-beta", true),
            ("~1.3.5-beta", "1.3.5-alpha", false),
            ("~1.x", "1.4", true),
            ("~1.1", "1.1.1", true),
            ("~1.2.3", "1.2.5", true),
            ("~1.2.3", "1.2.2", false),
            ("~1.2.3", "1.3.2", false),
            ("~1.1", "1.2.3", false),
            ("~1.3", "2.4.5", false),
        ],
        false,
    );
    first_reason_table(
        &[
        ("2.x", "1.2.3", "\"1.2.3\" is less than \"2.x\""),
        ("2", "1.2.3", "\"1.2.3\" is less than \"2\""),
        ("= 2.0", "1.2.3", "\"1.2.3\" is less than \"2.0\""),
        ("!=4.1", "4.1.0", "\"4.1.0\" is equal to \"4.1\""),
        ("!=4.x", "4.1.0", "\"4.1.0\" is equal to \"4.x\""),
        ("!=4.2.x", "4.2.3", "\"4.2.3\" is equal to \"4.2.x\""),
        (">1.1", "1.1.0", "\"1.1.0\" is less than or equal to \"1.1\""),
        ("<1.1", "1.1.0", "\"1.1.0\" is greater than or equal to \"1.1\""),
        ("<1.1", "1.1.1", "\"1.1.1\" is greater than or equal to \"1.1\""),
        ("<1.x", "2.1.1", "\"2.1.1\" is greater than or equal to \"1.x\""),
        ("<1.1.x", "1.2.1", "\"1.2.1\" is greater than or equal to \"1.1.x\""),
        (">=1.1", "0.0.9", "\"0.0.9\" is less than \"1.1\""),
        ("<=2.x", "3.1.0", "\"3.1.0\" is greater than \"2.x\""),
        ("<=1.1", "1.2.1", "\"1.2.1\" is greater than \"1.1\""),
        ("<=1.1.x", "1.2.500", "\"1.2.500\" is greater than \"1.1.x\""),
        (">1.1, <3", "4.3.2", "\"4.3.2\" is greater than or equal to \"3\""),
        (">=1.1, <2, !=1.2.3", "1.2.3", "\"1.2.3\" is equal to \"1.2.3\""),
        (">=1.1, <2, !=1.2.3 || > 3", "3.0.0", "\"3.0.0\" is greater than or equal to \"2\""),
        (">=1.1, <2, !=1.2.3 || > 3", "1.2.3", "\"1.2.3\" is equal to \"1.2.3\""),
        ("1.1 - 3", "4.3.2", "\"4.3.2\" is greater than \"3\""),
        ("^1.1", "4.3.2", "\"4.3.2\" does not have same major version as \"1.1\""),
        ("^1.12.7", "1.6.6", "\"1.6.6\" is less than \"1.12.7\""),
        ("^2.x", "1.1.1", "\"1.1.1\" is less than \"2.x\""),
        ("^1.x", "2.1.1", "\"2.1.1\" does not have same major version as \"1.x\""),
        ("^0.2", "0.3.0", "\"0.3.0\" does not have same minor version as \"0.2\". Expected minor versions to match when constraint major version is 0"),
        ("^0.2", "0.1.1", "\"0.1.1\" is less than \"0.2\""),
        ("^0.0.3", "0.1.1", "\"0.1.1\" does not have same minor version as \"0.0.3\""),
        ("^0.0.3", "0.0.4", "\"0.0.4\" does not equal \"0.0.3\". Expect version and constraint to equal when major and minor versions are 0"),
        ("^0.0.3", "0.0.2", "\"0.0.2\" is less than \"0.0.3\""),
        ("~1", "2.1.2", "\"2.1.2\" does not have same major version as \"1\""),
        ("~1.x", "2.1.1", "\"2.1.1\" does not have same major version as \"1.x\""),
        ("~1.2.3", "1.2.2", "\"1.2.2\" is less than \"1.2.3\""),
        ("~1.2.3", "1.3.2", "\"1.3.2\" does not have same major and minor version as \"1.2.3\""),
        ("~1.1", "1.2.3", "\"1.2.3\" does not have same major and minor version as \"1.1\""),
        ("~1.3", "2.4.5", "\"2.4.5\" does not have same major version as \"1.3\""),
        ("> 1.2.3", "1.2.3-beta.1", "\"1.2.3-beta.1\" is a prerelease version and the constraint is only looking for release versions"),
        ],
        false,
    );
}

/// `TestConstraintsValidateIncludePrerelease`.
#[test]
fn validate_table_including_prereleases() {
    validate_table(
        &[
            ("^1.1", "1.1.1-alpha", true),
            ("~1", "1.3.5-beta", true),
            ("~1.x", "1.3.5-beta", true),
            (">=1.1", "4.1.0-beta", true),
            (">1.1", "4.1.0-beta", true),
            ("<=1.1", "0.1.0-alpha", true),
            ("<1.1", "0.1.0-alpha", true),
            ("^1.x", "1.1.1-beta1", true),
            ("~1.1", "1.1.1-alpha", true),
            ("*", "1.2.3-alpha", true),
            ("= 2.0", "2.0.1-beta", true),
            ("*", "1.2.3", true),
            ("~0.0.0", "1.2.3", true),
            ("= 2.0", "1.2.3", false),
            ("= 2.0", "2.0.0", true),
            ("4.1", "4.1.0", true),
            ("4.1.x", "4.1.3", true),
            ("1.x", "1.4", true),
            ("!=4.1", "4.1.0", false),
            ("!=4.1", "5.1.0", true),
            ("!=4.x", "5.1.0", true),
            ("!=4.x", "4.1.0", false),
            ("!=4.1.x", "4.2.0", true),
            ("!=4.2.x", "4.2.3", false),
            (">1.1", "4.1.0", true),
            (">1.1", "1.1.0", false),
            ("<1.1", "0.1.0", true),
            ("<1.1", "1.1.0", false),
            ("<1.1", "1.1.1", false),
            ("<1.x", "1.1.1", false),
            ("<2.x", "1.1.1", true),
            ("<1.x", "2.1.1", false),
            ("<1.1.x", "1.2.1", false),
            ("<1.1.x", "1.1.500", false),
            ("<1.2.x", "1.1.1", true),
            (">=1.1", "4.1.0", true),
            (">=1.1", "1.1.0", true),
            (">=1.1", "0.0.9", false),
            ("<=1.1", "0.1.0", true),
            ("<=1.1", "1.1.0", true),
            ("<=1.x", "1.1.0", true),
            ("<=2.x", "3.1.0", false),
            ("<=1.1", "1.1.1", true),
            ("<=1.1.x", "1.2.500", false),
            (">1.1, <2", "1.1.1", false),
            (">1.1, <2", "1.2.1", true),
            (">1.1, <3", "4.3.2", false),
            (">=1.1, <2, !=1.2.3", "1.2.3", false),
            (">=1.1, <2, !=1.2.3 || > 3", "3.1.2", false),
            (">=1.1, <2, !=1.2.3 || > 3", "4.1.2", true),
            (">=1.1, <2, !=1.2.3 || >= 3", "3.0.0", true),
            (">=1.1, <2, !=1.2.3 || > 3", "3.0.0", false),
            (">=1.1, <2, !=1.2.3 || > 3", "1.2.3", false),
            ("1.1 - 2", "1.1.1", true),
            ("1.1-3", "4.3.2", false),
            ("^1.1", "1.1.1", true),
            ("^1.1.1-alpha", "1.1.1-beta", true),
            ("^1.1.1-beta", "1.1.1-alpha", false),
            ("^1.1", "4.3.2", false),
            ("^1.x", "1.1.1", true),
            ("^2.x", "1.1.1", false),
            ("^1.x", "2.1.1", false),
            ("^0.0.1", "0.1.3", false),
            ("^0.0.1", "0.0.1", true),
            ("~*", "2.1.1", true),
            ("~1", "2.1.1", false),
            ("~1", "1.3.5", true),
            ("~1.x", "2.1.1", false),
            ("~1.x", "1.3.5", true),
            ("~1.3.6-alpha", "1.3.5-beta", false),
            ("~1.3.5-alpha", "1.3.5-beta", true),
            ("~1.3.5-beta", "1.3.5-alpha", false),
            ("~1.x", "1.4", true),
            ("~1.1", "1.1.1", true),
            ("~1.2.3", "1.2.5", true),
            ("~1.2.3", "1.2.2", false),
            ("~1.2.3", "1.3.2", false),
            ("~1.1", "1.2.3", false),
            ("~1.3", "2.4.5", false),
        ],
        true,
    );
    first_reason_table(
        &[
        ("> 1.2.3", "1.2.3-beta.1", "\"1.2.3-beta.1\" is less than or equal to \"1.2.3\""),
        ("< 1.2.3", "1.2.4-beta.1", "\"1.2.4-beta.1\" is greater than or equal to \"1.2.3\""),
        (">= 1.2.3", "1.2.3-beta.1", "\"1.2.3-beta.1\" is less than \"1.2.3\""),
        ("<= 1.2.3", "1.2.4-beta.1", "\"1.2.4-beta.1\" is greater than \"1.2.3\""),
        ("2.x", "1.2.3", "\"1.2.3\" is less than \"2.x\""),
        ("2", "1.2.3", "\"1.2.3\" is less than \"2\""),
        ("= 2.0", "1.2.3", "\"1.2.3\" is less than \"2.0\""),
        ("!=4.1", "4.1.0", "\"4.1.0\" is equal to \"4.1\""),
        ("!=4.x", "4.1.0", "\"4.1.0\" is equal to \"4.x\""),
        ("!=4.2.x", "4.2.3", "\"4.2.3\" is equal to \"4.2.x\""),
        (">1.1", "1.1.0", "\"1.1.0\" is less than or equal to \"1.1\""),
        ("<1.1", "1.1.0", "\"1.1.0\" is greater than or equal to \"1.1\""),
        ("<1.1", "1.1.1", "\"1.1.1\" is greater than or equal to \"1.1\""),
        ("<1.x", "2.1.1", "\"2.1.1\" is greater than or equal to \"1.x\""),
        ("<1.1.x", "1.2.1", "\"1.2.1\" is greater than or equal to \"1.1.x\""),
        (">=1.1", "0.0.9", "\"0.0.9\" is less than \"1.1\""),
        ("<=2.x", "3.1.0", "\"3.1.0\" is greater than \"2.x\""),
        ("<=1.1", "1.2.1", "\"1.2.1\" is greater than \"1.1\""),
        ("<=1.1.x", "1.2.500", "\"1.2.500\" is greater than \"1.1.x\""),
        (">1.1, <3", "4.3.2", "\"4.3.2\" is greater than or equal to \"3\""),
        (">=1.1, <2, !=1.2.3", "1.2.3", "\"1.2.3\" is equal to \"1.2.3\""),
        (">=1.1, <2, !=1.2.3 || > 3", "3.0.0", "\"3.0.0\" is greater than or equal to \"2\""),
        (">=1.1, <2, !=1.2.3 || > 3", "1.2.3", "\"1.2.3\" is equal to \"1.2.3\""),
        ("1.1 - 3", "4.3.2", "\"4.3.2\" is greater than \"3\""),
        ("^1.1", "4.3.2", "\"4.3.2\" does not have same major version as \"1.1\""),
        ("^1.12.7", "1.6.6", "\"1.6.6\" is less than \"1.12.7\""),
        ("^2.x", "1.1.1", "\"1.1.1\" is less than \"2.x\""),
        ("^1.x", "2.1.1", "\"2.1.1\" does not have same major version as \"1.x\""),
        ("^0.2", "0.3.0", "\"0.3.0\" does not have same minor version as \"0.2\". Expected minor versions to match when constraint major version is 0"),
        ("^0.2", "0.1.1", "\"0.1.1\" is less than \"0.2\""),
        ("^0.0.3", "0.1.1", "\"0.1.1\" does not have same minor version as \"0.0.3\""),
        ("^0.0.3", "0.0.4", "\"0.0.4\" does not equal \"0.0.3\". Expect version and constraint to equal when major and minor versions are 0"),
        ("^0.0.3", "0.0.2", "\"0.0.2\" is less than \"0.0.3\""),
        ("~1", "2.1.2", "\"2.1.2\" does not have same major version as \"1\""),
        ("~1.x", "2.1.1", "\"2.1.1\" does not have same major version as \"1.x\""),
        ("~1.2.3", "1.2.2", "\"1.2.2\" is less than \"1.2.3\""),
        ("~1.2.3", "1.3.2", "\"1.3.2\" does not have same major and minor version as \"1.2.3\""),
        ("~1.1", "1.2.3", "\"1.2.3\" does not have same major and minor version as \"1.1\""),
        ("~1.3", "2.4.5", "\"2.4.5\" does not have same major version as \"1.3\""),
        ],
        true,
    );
}

/// `Validate` lists every reason of every group, in order.
#[test]
fn validate_lists_every_reason() {
    for include_prerelease in [false, true] {
        let mut c = constraints("!= 1.2.5, ^2, <= 1.1.x");
        c.include_prerelease = include_prerelease;
        let reasons: Vec<String> = c
            .validate(&strict("1.2.3"))
            .err()
            .unwrap_or_default()
            .iter()
            .map(|r| r.to_string())
            .collect();
        assert_eq!(
            reasons,
            [
                r#""1.2.3" is less than "2""#,
                r#""1.2.3" is greater than "1.1.x""#
            ]
        );
    }
    // The pre-release reason is given once, however many groups refuse for it.
    let reasons = constraints(">1 <3 || ~2").validate(&version("2.0.0-rc.1"));
    assert_eq!(reasons.map_err(|r| r.len()), Err(1));
}

/// `TestConstraintString`, `TestTextMarshalConstraints`, `TestTextUnmarshalConstraints`: the
/// printed form, which parses again.
#[test]
fn constraints_print_as_masterminds_does() {
    let table: &[(&str, &str)] = &[
        ("*", "*"),
        (">=1.2.3", ">=1.2.3"),
        (">= 1.2.3", ">=1.2.3"),
        (
            "2.x,   >=1.2.3 || >4.5.6, < 5.7",
            "2.x >=1.2.3 || >4.5.6 <5.7",
        ),
        (
            "2.x,   >=1.2.3 || >4.5.6, < 5.7 || >40.50.60, < 50.70",
            "2.x >=1.2.3 || >4.5.6 <5.7 || >40.50.60 <50.70",
        ),
        ("1.2", "1.2"),
        ("1.2.3", "1.2.3"),
        (">=1.2.3", ">=1.2.3"),
        ("<=1.2.3", "<=1.2.3"),
        ("1 <=1.2.3", "1 <=1.2.3"),
        ("1, <=1.2.3", "1 <=1.2.3"),
        (">1, <=1.2.3", ">1 <=1.2.3"),
        ("> 1 , <=1.2.3", ">1 <=1.2.3"),
        ("1.2.3", "1.2.3"),
        (">=1.2.3", ">=1.2.3"),
        ("<=1.2.3", "<=1.2.3"),
        (">1 <=1.2.3", ">1 <=1.2.3"),
        ("> 1 <=1.2.3", ">1 <=1.2.3"),
        (">1, <=1.2.3", ">1 <=1.2.3"),
    ];
    for (text, want) in table {
        let printed = constraints(text).to_string();
        assert_eq!(printed, *want, "{text:?}");
        assert_eq!(constraints(&printed).to_string(), *want, "{printed:?}");
    }
}

/// Masterminds v3.5.0's parse errors (quoted, as operator-controller's tests expect).
#[test]
fn parse_errors_are_masterminds_messages() {
    let table: &[(&str, &str)] = &[
        ("foobar", r#"improper constraint: "foobar""#),
        (
            "not-a-valid-version",
            r#"improper constraint: "not-a-valid-version""#,
        ),
        ("", r#"improper constraint: """#),
        (">= 1.0 || ", r#"improper constraint: " ""#),
        ("1.0.0 - ", r#"improper constraint: "1.0.0 - ""#),
        ("1 - 2 - 3", r#"improper constraint: ">= 1, <= 2 - 3""#),
        (">=1.2.3,,<2", r#"improper constraint: ">=1.2.3,,<2""#),
        ("12.3.34~ 1.2.3", r#"improper constraint: "12.3.34~ 1.2.3""#),
        ("1.2.3 && 2", r#"improper constraint: "1.2.3 && 2""#),
        ("v1.2.3-beta.01", "constraint parser error"),
        ("1x", "constraint parser error"),
        ("99999999999999999999", "constraint parser error"),
    ];
    for (text, want) in table {
        match Constraints::parse(text) {
            Err(e) => assert_eq!(e.to_string(), *want, "{text:?}"),
            Ok(c) => panic!("{text:?} parsed as {c}"),
        }
    }
    assert_eq!(
        Constraints::parse("1x").err(),
        Some(ConstraintError::Parser {
            constraint: "1x".to_string()
        })
    );
}
