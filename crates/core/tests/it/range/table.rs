//! The semantics table: a range, a version, and what blang answers.

use super::{perr, r, v};

// ---- The semantics table (range, version, blang result) ----

#[test]
fn table_01_prerelease_of_upper_bound_is_inside() {
    assert!(r(">=1.0.0 <2.0.0").contains(&v("2.0.0-rc.1")));
}

#[test]
fn table_02_prerelease_inside_bounds() {
    assert!(r(">=1.0.0 <2.0.0").contains(&v("1.5.0-beta")));
}

#[test]
fn table_03_prerelease_of_lower_bound_is_below() {
    assert!(!r(">=1.0.0").contains(&v("1.0.0-rc.1")));
}

#[test]
fn table_04_prerelease_lower_bound() {
    assert!(r(">=4.1.0-0 <4.1.2").contains(&v("4.1.0-0")));
}

#[test]
fn table_05_minor_wildcard_admits_next_major_prerelease() {
    assert!(r("1.x").contains(&v("2.0.0-alpha")));
}

#[test]
fn table_06_x_x_is_a_patch_wildcard() {
    let range = r("1.x.x");
    assert!(!range.contains(&v("1.5.0")));
    assert_eq!(range.to_string(), ">=1.0.0 <1.1.0");
}

#[test]
fn table_07_not_equal_wildcard_matches_nothing() {
    let range = r("!=1.2.x");
    assert!(!range.contains(&v("1.3.0")));
    assert_eq!(range.to_string(), "<1.2.0 >=1.3.0");
}

#[test]
fn table_08_bang_space_drops_the_bang() {
    assert!(r("! 1.2.3").contains(&v("1.2.3")));
}

#[test]
fn table_09_hyphen_range_is_two_equalities() {
    let range = r("1.2.3 - 2.0.0");
    assert!(!range.contains(&v("1.5.0")));
    assert_eq!(range.to_string(), "=1.2.3 =2.0.0");
}

#[test]
fn table_10_comma_is_a_parse_error() {
    assert_eq!(
        perr(">=1.2.0,<1.3.0"),
        "Could not parse Range \">=1.2.0,<1.3.0\": Could not parse version \"1.2.0,<1.3.0\" in \">=1.2.0,<1.3.0\": Invalid character(s) found in patch number \"0,<1.3.0\""
    );
}

#[test]
fn table_11_space_after_operator() {
    assert!(r(">= 1.2.0 < 1.3.0").contains(&v("1.2.9")));
}

#[test]
fn table_12_or_without_spaces_is_a_parse_error() {
    assert_eq!(
        perr(">=1.0.0||<0.5.0"),
        "Could not parse Range \">=1.0.0||<0.5.0\": Could not parse version \"1.0.0||<0.5.0\" in \">=1.0.0||<0.5.0\": Invalid character(s) found in patch number \"0||<0.5.0\""
    );
}

#[test]
fn table_13_build_metadata_ignored() {
    assert!(!r(">1.0.0").contains(&v("1.0.0+build.5")));
}

#[test]
fn table_14_uppercase_prerelease_sorts_first() {
    assert!(r("<1.2.3-rc.1").contains(&v("1.2.3-RC.2")));
}

#[test]
fn table_15_bare_version_is_equality() {
    assert!(!r("1.2.3").contains(&v("1.5.0")));
    assert!(r("1.2.3").contains(&v("1.2.3+meta")));
}

#[test]
fn table_16_unsupported_syntax_errors() {
    assert_eq!(
        perr(">=1.2"),
        "Could not parse Range \">=1.2\": Could not parse version \"1.2\" in \">=1.2\": No Major.Minor.Patch elements found"
    );
    assert_eq!(
        perr("^1.2.0"),
        "Could not parse Range \"^1.2.0\": Could not parse comparator \"^\" in \"^1.2.0\""
    );
    assert_eq!(
        perr("~1.2.0"),
        "Could not parse Range \"~1.2.0\": Could not parse comparator \"~\" in \"~1.2.0\""
    );
    // One-byte tokens are dropped, leaving nothing.
    assert_eq!(perr("*"), "Last element in range is '||'");
    assert_eq!(perr("x"), "Last element in range is '||'");
    assert_eq!(
        perr(">=v1.0.0"),
        "Could not parse Range \">=v1.0.0\": Could not parse comparator \">=v\" in \">=v1.0.0\""
    );
    assert_eq!(perr(""), "Last element in range is '||'");
}

#[test]
fn table_17_x_in_prerelease_goes_down_the_wildcard_path() {
    assert_eq!(
        perr("1.0.0-xyz"),
        "Could not get version from string: \"<\""
    );
    assert_eq!(
        perr("=1.0.0-fix"),
        "Could not get version from string: \"<\""
    );
}

#[test]
fn table_18_prerelease_of_zero() {
    assert!(!r(">=0.0.0").contains(&v("0.0.0-0")));
}
