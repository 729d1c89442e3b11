//! Masterminds' tests of its unexported functions (`parseConstraint`, `constraint.check`,
//! `rewriteRange`, `isX`), as tables, and checks of the hand-read regular expressions.

use super::super::text::{leftmost_whole_suffix, match_whole, Numbers};
use super::*;
use proptest::prelude::*;

fn version(text: &str) -> Version {
    Version::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

/// Masterminds `TestParseConstraint`: the operator and the version compared against.
#[test]
fn parse_constraint_reads_operator_and_version() {
    let table: &[(&str, Option<(Operator, &str)>)] = &[
        (">= 1.2", Some((Operator::GreaterOrEqual, "1.2.0"))),
        ("1.0", Some((Operator::Equal, "1.0.0"))),
        ("foo", None),
        ("<= 1.2", Some((Operator::LessOrEqual, "1.2.0"))),
        ("=< 1.2", Some((Operator::LessOrEqual, "1.2.0"))),
        ("=> 1.2", Some((Operator::GreaterOrEqual, "1.2.0"))),
        ("v1.2", Some((Operator::Equal, "1.2.0"))),
        ("=1.5", Some((Operator::Equal, "1.5.0"))),
        ("> 1.3", Some((Operator::Greater, "1.3.0"))),
        ("< 1.4.1", Some((Operator::Less, "1.4.1"))),
        ("< 40.50.10", Some((Operator::Less, "40.50.10"))),
    ];
    for (text, want) in table {
        match (parse_constraint(text), want) {
            (Ok(c), Some((op, con))) => {
                assert_eq!(c.op, *op, "{text}");
                assert_eq!(c.con.to_string(), *con, "{text}");
            }
            (Err(e), None) => assert_eq!(e.to_string(), format!("improper constraint: {text:?}")),
            (got, want) => panic!("{text}: got {got:?}, want {want:?}"),
        }
    }
}

/// Masterminds `TestConstraintCheck`: one constraint, pre-releases admitted when the
/// constraint names one.
#[test]
fn single_constraint_check_table() {
    let table: &[(&str, &str, bool)] = &[
        ("=2.0.0", "1.2.3", false),
        ("=2.0.0", "2.0.0", true),
        ("=2.0", "1.2.3", false),
        ("=2.0", "2.0.0", true),
        ("=2.0", "2.0.1", true),
        ("4.1", "4.1.0", true),
        ("!=4.1.0", "4.1.0", false),
        ("!=4.1.0", "4.1.1", true),
        ("!=4.1", "4.1.0", false),
        ("!=4.1", "4.1.1", false),
        ("!=4.1", "5.1.0-alpha.1", false),
        ("!=4.1.0", "5.1.0-alpha.1", false),
        ("!=4.1-alpha", "4.1.0", true),
        ("!=4.1", "5.1.0", true),
        ("<11", "0.1.0", true),
        ("<11", "11.1.0", false),
        ("<1.1", "0.1.0", true),
        ("<1.1", "1.1.0", false),
        ("<1.1", "1.1.1", false),
        ("<=11", "1.2.3", true),
        ("<=11", "12.2.3", false),
        ("<=11", "11.2.3", true),
        ("<=1.1", "1.2.3", false),
        ("<=1.1", "0.1.0", true),
        ("<=1.1", "1.1.0", true),
        ("<=1.1", "1.1.1", true),
        (">1.1", "4.1.0", true),
        (">1.1", "1.1.0", false),
        (">0", "0", false),
        (">0", "1", true),
        (">0", "0.0.1-alpha", false),
        (">0.0", "0.0.1-alpha", false),
        (">0-0", "0.0.1-alpha", false),
        (">0.0-0", "0.0.1-alpha", false),
        (">0", "0.0.0-alpha", false),
        (">0-0", "0.0.0-alpha", false),
        (">0.0.0-0", "0.0.0-alpha", true),
        (">1.2.3-alpha.1", "1.2.3-alpha.2", true),
        (">1.2.3-alpha.1", "1.3.3-alpha.2", true),
        (">11", "11.1.0", false),
        (">11.1", "11.1.0", false),
        (">11.1", "11.1.1", false),
        (">11.1", "11.2.1", true),
        (">=11", "11.1.2", true),
        (">=11.1", "11.1.2", true),
        (">=11.1", "11.0.2", false),
        (">=1.1", "4.1.0", true),
        (">=1.1", "1.1.0", true),
        (">=1.1", "0.0.9", false),
        (">=0", "0.0.1-alpha", false),
        (">=0.0", "0.0.1-alpha", false),
        (">=0-0", "0.0.1-alpha", true),
        (">=0.0-0", "0.0.1-alpha", true),
        (">=0", "0.0.0-alpha", false),
        (">=0-0", "0.0.0-alpha", true),
        (">=0.0.0-0", "0.0.0-alpha", true),
        (">=0.0.0-0", "1.2.3", true),
        (">=0.0.0-0", "3.4.5-beta.1", true),
        ("<0", "0.0.0-alpha", false),
        ("<0-z", "0.0.0-alpha", true),
        (">=0", "0", true),
        ("=0", "1", false),
        ("*", "1", true),
        ("*", "4.5.6", true),
        ("*", "1.2.3-alpha.1", false),
        ("*-0", "1.2.3-alpha.1", true),
        ("2.*", "1", false),
        ("2.*", "3.4.5", false),
        ("2.*", "2.1.1", true),
        ("2.1.*", "2.1.1", true),
        ("2.1.*", "2.2.1", false),
        ("", "1", true),
        ("", "4.5.6", true),
        ("", "1.2.3-alpha.1", false),
        ("2", "1", false),
        ("2", "3.4.5", false),
        ("2", "2.1.1", true),
        ("2.1", "2.1.1", true),
        ("2.1", "2.2.1", false),
        ("~1.2.3", "1.2.4", true),
        ("~1.2.3", "1.3.4", false),
        ("~1.2", "1.2.4", true),
        ("~1.2", "1.3.4", false),
        ("~1", "1.2.4", true),
        ("~1", "2.3.4", false),
        ("~0.2.3", "0.2.5", true),
        ("~0.2.3", "0.3.5", false),
        ("~1.2.3-beta.2", "1.2.3-beta.4", true),
        ("~1.2.3-beta.2", "1.2.4-beta.2", true),
        ("~1.2.3-beta.2", "1.3.4-beta.2", false),
        ("^1.2.3", "1.8.9", true),
        ("^1.2.3", "2.8.9", false),
        ("^1.2.3", "1.2.1", false),
        ("^1.1.0", "2.1.0", false),
        ("^1.2.0", "2.2.1", false),
        ("^1.2.0", "1.2.1-alpha.1", false),
        ("^1.2.0-alpha.0", "1.2.1-alpha.1", true),
        ("^1.2.0-alpha.0", "1.2.1-alpha.0", true),
        ("^1.2.0-alpha.2", "1.2.0-alpha.1", false),
        ("^1.2", "1.8.9", true),
        ("^1.2", "2.8.9", false),
        ("^1", "1.8.9", true),
        ("^1", "2.8.9", false),
        ("^0.2.3", "0.2.5", true),
        ("^0.2.3", "0.5.6", false),
        ("^0.2", "0.2.5", true),
        ("^0.2", "0.5.6", false),
        ("^0.0.3", "0.0.3", true),
        ("^0.0.3", "0.0.4", false),
        ("^0.0", "0.0.3", true),
        ("^0.0", "0.1.4", false),
        ("^0.0", "1.0.4", false),
        ("^0", "0.2.3", true),
        ("^0", "1.1.4", false),
        ("^0.2.3-beta.2", "0.2.3-beta.4", true),
        ("^0.2.3-beta.2", "0.2.4-beta.2", true),
        ("^0.2.3-beta.2", "0.3.4-beta.2", false),
        ("^0.2.3-beta.2", "0.2.3-beta.2", true),
    ];
    for (text, v, want) in table {
        let c = parse_constraint(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        let include_pre = !c.con.prerelease().is_empty();
        assert_eq!(
            c.check(&version(v), include_pre).is_ok(),
            *want,
            "{text:?} against {v:?}"
        );
    }
}

/// Masterminds `TestRewriteRange`, plus texts where Go's first-occurrence replacement
/// lands before the range it found.
#[test]
fn rewrite_range_table() {
    let table: &[(&str, &str)] = &[
        ("2 - 3", ">= 2, <= 3 "),
        ("2 - 3, 2 - 3", ">= 2, <= 3 ,>= 2, <= 3 "),
        ("2 - 3, 4.0.0 - 5.1", ">= 2, <= 3 ,>= 4.0.0, <= 5.1 "),
        ("2 - 3 4.0.0 - 5.1", ">= 2, <= 3 >= 4.0.0, <= 5.1 "),
        ("1.0.0 - 2.0.0 <=2.0.0", ">= 1.0.0, <= 2.0.0 <=2.0.0"),
        // The range starts where the rest of the token is a version.
        ("1.0.0.0 - 2", "1.>= 0.0.0, <= 2 "),
        // The upper version ends where its pattern ends.
        ("1 - 2.0.0.0", ">= 1, <= 2.0.0 .0"),
        ("1 - 2 - 3", ">= 1, <= 2 - 3"),
        // Go replaces the first occurrence of " 2 - 2", inside the first replacement.
        ("1 - 2 - 2 - 2", ">= 1, <=>= 2, <= 2  - 2"),
        (
            "1 - 2 - 3 5 - 6 2 - 3",
            ">= 1, <= >= 2, <= 3 >= 5, <= 6 2 - 3",
        ),
        ("no range here", "no range here"),
        ("1 -2", "1 -2"),
        ("\t1\t-\t2\t", ">= 1, <= 2 "),
    ];
    for (text, want) in table {
        assert_eq!(rewrite_range(text), *want, "{text:?}");
    }
}

#[test]
fn wildcards_are_x_upper_x_and_star() {
    for (part, want) in [
        ("A", false),
        ("%", false),
        ("X", true),
        ("x", true),
        ("*", true),
    ] {
        assert_eq!(is_wildcard(part), want, "{part}");
    }
}

/// The smallest start from which a token is a whole version, found the slow way.
fn naive_leftmost(s: &[u8]) -> Option<usize> {
    (0..s.len()).find(|&i| match_whole(&s[i..], Numbers::Wildcards).is_some())
}

proptest! {
    #[test]
    fn leftmost_whole_suffix_agrees_with_trying_every_start(
        s in "[0-9vxX*|.+a-c-]{0,14}"
    ) {
        let b = s.as_bytes();
        prop_assert_eq!(leftmost_whole_suffix(b, 0, b.len()), naive_leftmost(b));
    }

    #[test]
    fn parsing_never_panics(s in "[ 0-9vxX*|.,+<>=!~^a-c-]{0,40}") {
        if let Ok(c) = Constraints::parse(&s) {
            // What parses prints to something that parses again.
            prop_assert!(Constraints::parse(&c.to_string()).is_ok());
        }
    }
}

proptest! {
    #[test]
    fn any_text_is_answered_without_panic(s in "\\PC{0,40}", v in "\\PC{0,12}") {
        let checked = Constraints::parse(&s).map(|c| {
            Version::parse(&v).map(|v| (c.check(&v), c.validate(&v).is_ok()))
        });
        if let Ok(Ok((check, valid))) = checked {
            prop_assert_eq!(check, valid);
        }
        let _ = Version::parse_strict(&v);
        let _ = super::super::admit_version(&s);
    }
}

#[test]
fn hostile_input_is_refused_or_read_in_linear_time() {
    let long = "1 ".repeat(MAX_CONSTRAINT_LEN);
    assert_eq!(
        Constraints::parse(&long).map(|_| ()),
        Err(ConstraintError::TooLong { len: long.len() })
    );
    let ranges = "1 - 2 ".repeat(MAX_CONSTRAINT_LEN / 6);
    let c = Constraints::parse(&ranges).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(c.groups()[0].len(), 2 * (MAX_CONSTRAINT_LEN / 6));
    let ors = "||".repeat(MAX_CONSTRAINT_LEN / 2);
    assert_eq!(
        Constraints::parse(&ors).map(|_| ()),
        Err(ConstraintError::Improper {
            group: String::new()
        })
    );
    let anomaly = "1 - 2 - 2 - 2 ".repeat(MAX_CONSTRAINT_LEN / 14);
    assert!(Constraints::parse(&anomaly).is_err());
}
