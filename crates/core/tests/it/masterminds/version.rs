//! Masterminds' own version tests: parsing, printing and comparing versions.

use std::cmp::Ordering;

use olm_graph_core::masterminds::{Version, VersionError};

fn parse(text: &str) -> Version {
    Version::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

/// `TestStrictNewVersion`: `true` where the version is an error.
#[test]
fn strict_parsing_table() {
    let table: &[(&str, bool)] = &[
        ("1.2.3", false),
        ("1.2.3-alpha.01", true),
        ("1.2.3+test.01", false),
        ("1.2.3-alpha.-1", false),
        ("v1.2.3", true),
        ("1.0", true),
        ("v1.0", true),
        ("1", true),
        ("v1", true),
        ("1.2", true),
        ("1.2.beta", true),
        ("v1.2.beta", true),
        ("foo", true),
        ("1.2-5", true),
        ("v1.2-5", true),
        ("1.2-beta.5", true),
        ("v1.2-beta.5", true),
        ("\n1.2", true),
        ("\nv1.2", true),
        ("1.2.0-x.Y.0+metadata", false),
        ("v1.2.0-x.Y.0+metadata", true),
        ("1.2.0-x.Y.0+metadata-width-hypen", false),
        ("v1.2.0-x.Y.0+metadata-width-hypen", true),
        ("1.2.3-rc1-with-hypen", false),
        ("1.2.3-0abc123", false),
        ("1.2.3-beta.01", true),
        ("v1.2.3-rc1-with-hypen", true),
        ("1.2.3.4", true),
        ("v1.2.3.4", true),
        ("1.2.2147483648", false),
        ("1.2147483648.3", false),
        ("2147483648.3.0", false),
        ("20221209-update-renovatejson-v4", true),
        ("1.1.2+.123", true),
        ("1.0.0-alpha_beta", true),
        ("1.0.0-alpha..", true),
        ("1.0.0-alpha..1", true),
        ("01.1.1", true),
        ("1.01.1", true),
        ("1.1.01", true),
        ("9.8.7+meta+meta", true),
        ("1.2.31----RC-SNAPSHOT.12.09.1--.12+788", true),
        ("1.2.3-0123", true),
        ("1.2.3-0123.0123", true),
        ("+invalid", true),
        ("-invalid", true),
        ("-invalid.01", true),
        ("alpha+beta", true),
        ("1.2.3-alpha_beta+foo", true),
        ("1.0.0-alpha..1", true),
    ];
    for (text, fails) in table {
        assert_eq!(Version::parse_strict(text).is_err(), *fails, "{text:?}");
    }
}

/// `TestNewVersion` ("With loose NewVersion", the default operator-controller uses).
#[test]
fn lenient_parsing_table() {
    let table: &[(&str, bool)] = &[
        ("1.2.3", false),
        ("1.2.3-alpha.01", true),
        ("1.2.3+test.01", false),
        ("1.2.3-alpha.-1", false),
        ("v1.2.3", false),
        ("1.0", false),
        ("v1.0", false),
        ("1", false),
        ("v1", false),
        ("1.2.beta", true),
        ("v1.2.beta", true),
        ("foo", true),
        ("1.2-5", false),
        ("v1.2-5", false),
        ("1.2-beta.5", false),
        ("v1.2-beta.5", false),
        ("\n1.2", true),
        ("\nv1.2", true),
        ("1.2.0-x.Y.0+metadata", false),
        ("v1.2.0-x.Y.0+metadata", false),
        ("1.2.0-x.Y.0+metadata-width-hypen", false),
        ("v1.2.0-x.Y.0+metadata-width-hypen", false),
        ("1.2.3-rc1-with-hypen", false),
        ("v1.2.3-rc1-with-hypen", false),
        ("1.2.3-0abc123", false),
        ("1.2.3-beta.01", true),
        ("1.2.3.4", true),
        ("v1.2.3.4", true),
        ("1.2.2147483648", false),
        ("1.2147483648.3", false),
        ("2147483648.3.0", false),
        ("12.3.4.1234", true),
        ("12.23.4.1234", true),
        ("12.3.34.1234", true),
        ("20221209-update-renovatejson-v4", false),
        ("1.1.2+.123", true),
        ("1.0.0-alpha_beta", true),
        ("1.0.0-alpha..", true),
        ("1.0.0-alpha..1", true),
        ("9.8.7+meta+meta", true),
        ("1.2.31----RC-SNAPSHOT.12.09.1--.12+788", true),
        ("01.1.1", false),
        ("1.01.1", false),
        ("1.1.01", false),
    ];
    for (text, fails) in table {
        assert_eq!(Version::parse(text).is_err(), *fails, "{text:?}");
    }
}

/// Masterminds' error texts, and the text each error keeps.
#[test]
fn errors_carry_masterminds_messages() {
    let table: &[(&str, bool, &str)] = &[
        ("", true, "version string empty"),
        ("", false, "invalid semantic version"),
        ("1.2.beta", false, "invalid semantic version"),
        ("1.2.3-beta.01", false, "version segment starts with 0"),
        (
            "99999999999999999999.0.0",
            false,
            "error parsing version segment: strconv.ParseUint: parsing \"99999999999999999999\": value out of range",
        ),
        ("1.2", true, "invalid semantic version"),
        ("v1.2.3", true, "invalid characters in version"),
        ("01.2.3", true, "version segment starts with 0"),
        ("1.2.3+a..b", true, "invalid metadata string"),
        ("1.2.3-a_b", true, "invalid prerelease string"),
        ("1..3", true, "strconv.ParseUint: parsing \"\": invalid syntax"),
        (
            "1.2.18446744073709551616",
            true,
            "strconv.ParseUint: parsing \"18446744073709551616\": value out of range",
        ),
    ];
    for (text, strict, message) in table {
        let err = if *strict {
            Version::parse_strict(text).map(|_| ())
        } else {
            Version::parse(text).map(|_| ())
        };
        match err {
            Err(e) => {
                assert_eq!(e.to_string(), *message, "{text:?}");
                assert_eq!(e.version(), *text);
            }
            Ok(()) => panic!("{text:?} parsed"),
        }
    }
    assert!(matches!(
        Version::parse_strict(""),
        Err(VersionError::Empty)
    ));
}

/// `TestValidatePrerelease` and `TestValidateMetadata`, through `StrictNewVersion`.
#[test]
fn prerelease_and_metadata_validation() {
    let pre: &[(&str, &str)] = &[
        ("foo", ""),
        ("alpha.1", ""),
        ("alpha.01", "version segment starts with 0"),
        ("foo\u{2603}\u{fe0e}", "invalid prerelease string"),
        ("alpha.0-1", ""),
    ];
    for (p, want) in pre {
        let got = Version::parse_strict(&format!("1.2.3-{p}")).err();
        assert_eq!(
            got.map(|e| e.to_string()).unwrap_or_default(),
            *want,
            "{p:?}"
        );
    }
    let meta: &[(&str, &str)] = &[
        ("foo", ""),
        ("alpha.1", ""),
        ("alpha.01", ""),
        ("foo\u{2603}\u{fe0e}", "invalid metadata string"),
        ("alpha.0-1", ""),
        (
            "al-pha.1Phe70CgWe050H9K1mJwRUqTNQXZRERwLOEg37wpXUb4JgzgaD5YkL52ABnoyiE",
            "",
        ),
    ];
    for (m, want) in meta {
        let got = Version::parse_strict(&format!("1.2.3+{m}")).err();
        assert_eq!(
            got.map(|e| e.to_string()).unwrap_or_default(),
            *want,
            "{m:?}"
        );
    }
}

/// `TestNew`, `TestParts`, `TestOriginal`.
#[test]
fn parts_original_and_new() {
    assert_eq!(Version::new(0, 1, 2, "", "").to_string(), "0.1.2");
    assert_eq!(
        Version::new(1, 2, 3, "alpha.1", "foo.bar").to_string(),
        "1.2.3-alpha.1+foo.bar"
    );
    let v = parse("1.2.3-beta.1+build.123");
    assert_eq!(
        (
            v.major(),
            v.minor(),
            v.patch(),
            v.prerelease(),
            v.metadata()
        ),
        (1, 2, 3, "beta.1", "build.123")
    );
    for text in [
        "1.2.3",
        "v1.2.3",
        "1.0",
        "v1.0",
        "1",
        "v1",
        "1.2-5",
        "v1.2-5",
        "1.2-beta.5",
        "v1.2-beta.5",
        "1.2.0-x.Y.0+metadata",
        "v1.2.0-x.Y.0+metadata",
        "1.2.0-x.Y.0+metadata-width-hypen",
        "v1.2.0-x.Y.0+metadata-width-hypen",
        "1.2.3-rc1-with-hypen",
        "v1.2.3-rc1-with-hypen",
    ] {
        assert_eq!(parse(text).original(), text);
    }
}

/// `TestCoerceString`: how a lenient version prints.
#[test]
fn lenient_versions_print_coerced() {
    let table: &[(&str, &str)] = &[
        ("1.2.3", "1.2.3"),
        ("v1.2.3", "1.2.3"),
        ("1.0", "1.0.0"),
        ("v1.0", "1.0.0"),
        ("1", "1.0.0"),
        ("v1", "1.0.0"),
        ("1.2-5", "1.2.0-5"),
        ("v1.2-5", "1.2.0-5"),
        ("1.2-beta.5", "1.2.0-beta.5"),
        ("v1.2-beta.5", "1.2.0-beta.5"),
        ("1.2.0-x.Y.0+metadata", "1.2.0-x.Y.0+metadata"),
        ("v1.2.0-x.Y.0+metadata", "1.2.0-x.Y.0+metadata"),
        (
            "1.2.0-x.Y.0+metadata-width-hypen",
            "1.2.0-x.Y.0+metadata-width-hypen",
        ),
        (
            "v1.2.0-x.Y.0+metadata-width-hypen",
            "1.2.0-x.Y.0+metadata-width-hypen",
        ),
        ("1.2.3-rc1-with-hypen", "1.2.3-rc1-with-hypen"),
        ("v1.2.3-rc1-with-hypen", "1.2.3-rc1-with-hypen"),
        ("01.002.0003", "1.2.3"),
    ];
    for (text, want) in table {
        assert_eq!(parse(text).to_string(), *want, "{text:?}");
    }
}

/// `TestCompare`.
#[test]
fn compare_table() {
    let table: &[(&str, &str, Ordering)] = &[
        ("1.2.3", "1.5.1", Ordering::Less),
        ("2.2.3", "1.5.1", Ordering::Greater),
        ("2.2.3", "2.2.2", Ordering::Greater),
        ("3.2-beta", "3.2-beta", Ordering::Equal),
        ("1.3", "1.1.4", Ordering::Greater),
        ("4.2", "4.2-beta", Ordering::Greater),
        ("4.2-beta", "4.2", Ordering::Less),
        ("4.2-alpha", "4.2-beta", Ordering::Less),
        ("4.2-alpha", "4.2-alpha", Ordering::Equal),
        ("4.2-beta.2", "4.2-beta.1", Ordering::Greater),
        ("4.2-beta2", "4.2-beta1", Ordering::Greater),
        ("4.2-beta", "4.2-beta.2", Ordering::Less),
        ("4.2-beta", "4.2-beta.foo", Ordering::Less),
        ("4.2-beta.2", "4.2-beta", Ordering::Greater),
        ("4.2-beta.foo", "4.2-beta", Ordering::Greater),
        ("1.2+bar", "1.2+baz", Ordering::Equal),
        ("1.0.0-beta.4", "1.0.0-beta.-2", Ordering::Less),
        ("1.0.0-beta.-2", "1.0.0-beta.-3", Ordering::Less),
        ("1.0.0-beta.-3", "1.0.0-beta.5", Ordering::Greater),
    ];
    for (a, b, want) in table {
        assert_eq!(parse(a).compare(&parse(b)), *want, "{a} vs {b}");
    }
}

/// `TestLessThan`, `TestLessThanEqual`, `TestGreaterThan`, `TestGreaterThanEqual`, `TestEqual`.
#[test]
fn less_greater_equal_tables() {
    let less: &[(&str, &str, bool)] = &[
        ("1.2.3", "1.5.1", true),
        ("2.2.3", "1.5.1", false),
        ("3.2-beta", "3.2-beta", false),
    ];
    for (a, b, want) in less {
        assert_eq!(parse(a).less_than(&parse(b)), *want, "{a} < {b}");
    }
    let less_eq: &[(&str, &str, bool)] = &[
        ("1.2.3", "1.5.1", true),
        ("2.2.3", "1.5.1", false),
        ("1.5.1", "1.5.1", true),
    ];
    for (a, b, want) in less_eq {
        assert_eq!(!parse(a).greater_than(&parse(b)), *want, "{a} <= {b}");
    }
    let greater: &[(&str, &str, bool)] = &[
        ("1.2.3", "1.5.1", false),
        ("2.2.3", "1.5.1", true),
        ("3.2-beta", "3.2-beta", false),
        ("3.2.0-beta.1", "3.2.0-beta.5", false),
        ("3.2-beta.4", "3.2-beta.2", true),
        ("7.43.0-SNAPSHOT.99", "7.43.0-SNAPSHOT.103", false),
        ("7.43.0-SNAPSHOT.FOO", "7.43.0-SNAPSHOT.103", true),
        ("7.43.0-SNAPSHOT.99", "7.43.0-SNAPSHOT.BAR", false),
    ];
    for (a, b, want) in greater {
        assert_eq!(parse(a).greater_than(&parse(b)), *want, "{a} > {b}");
    }
    let greater_eq: &[(&str, &str, bool)] = &[
        ("1.2.3", "1.5.1", false),
        ("2.2.3", "1.5.1", true),
        ("1.5.1", "1.5.1", true),
    ];
    for (a, b, want) in greater_eq {
        assert_eq!(!parse(a).less_than(&parse(b)), *want, "{a} >= {b}");
    }
    let equal: &[(&str, &str, bool)] = &[
        ("1.2.3", "1.5.1", false),
        ("2.2.3", "1.5.1", false),
        ("3.2-beta", "3.2-beta", true),
        ("3.2-beta+foo", "3.2-beta+bar", true),
    ];
    for (a, b, want) in equal {
        assert_eq!(parse(a).equal(&parse(b)), *want, "{a} == {b}");
    }
}

/// Masterminds' pre-release part comparison keeps Go's quirk for numbers written two ways
/// (only reachable through `New`, which validates nothing).
#[test]
fn numbers_written_two_ways_never_compare_equal() {
    let a = Version::new(1, 0, 0, "01", "");
    let b = Version::new(1, 0, 0, "1", "");
    assert_eq!(a.compare(&b), Ordering::Less);
    assert_eq!(b.compare(&a), Ordering::Less);
}
