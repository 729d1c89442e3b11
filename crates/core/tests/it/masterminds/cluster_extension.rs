//! A ClusterExtension's `spec.source.catalog.version`: the API server's admission rules and
//! operator-controller's `NewVersionRange`, with operator-controller's own test tables.

use olm_graph_core::masterminds::{admit_version, AdmissionError, VersionRange};
use olm_graph_core::range::Range;
use olm_graph_core::semver::Version;

fn blang(text: &str) -> Version {
    Version::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

fn range(text: &str) -> VersionRange {
    VersionRange::parse(text).unwrap_or_else(|e| panic!("{e}"))
}

/// operator-controller `TestClusterExtensionAdmissionVersion`: `None` where admitted,
/// else the end of the API server's message.
#[test]
fn admission_table() {
    const TOO_LONG: &str = "Too long: may not be more than 64 bytes";
    const INVALID: &str = "invalid version expression";
    let table: &[(&str, Option<&str>)] = &[
        ("", None),
        ("1.2.3", None),
        ("1.2.3-alpha.1+metadata", None),
        ("1.2.3-alpha-beta", None),
        (">=1.2.3", None),
        ("=>1.2.3", None),
        (">= 1.2.3", None),
        (">=v1.2.3", None),
        (">= v1.2.3", None),
        ("<=1.2.3", None),
        ("=<1.2.3", None),
        ("=1.2.3", None),
        ("!=1.2.3", None),
        ("<1.2.3", None),
        (">1.2.3", None),
        ("~1.2.2", None),
        ("~>1.2.3", None),
        ("^1.2.3", None),
        ("v1.2.3", None),
        ("1.x", None),
        ("1.X", None),
        ("1.*", None),
        ("1.2.x", None),
        ("1.2.X", None),
        ("1.2.*", None),
        (">=1.2.3 <2.3.4", None),
        (">=1.2.3,<2.3.4", None),
        (">=1.2.3, <2.3.4", None),
        ("<1.2.3||>2.3.4", None),
        ("<1.2.3|| >2.3.4", None),
        ("<1.2.3 ||>2.3.4", None),
        ("<1.2.3 || >2.3.4", None),
        (">1.0.0,<1.2.3 || >2.1.0", None),
        ("<1.2.3-abc >2.3.4-def", None),
        ("<1.2.3-abc+def >2.3.4-ghi+jkl", None),
        ("invalid-semver", Some(INVALID)),
        ("1.2.3.4", Some(INVALID)),
        ("1.2.3-beta!", Some(INVALID)),
        ("1.2.3.alpha", Some(INVALID)),
        ("1..2.3", Some(INVALID)),
        ("1.2.3-pre+bad_metadata", Some(INVALID)),
        ("1.2.-3", Some(INVALID)),
        (".1.2.3", Some(INVALID)),
        ("<<1.2.3", Some(INVALID)),
        (">>1.2.3", Some(INVALID)),
        (">~1.2.3", Some(INVALID)),
        ("==1.2.3", Some(INVALID)),
        ("=!1.2.3", Some(INVALID)),
        ("!1.2.3", Some(INVALID)),
        ("1.Y", Some(INVALID)),
        (">1.2.3 && <2.3.4", Some(INVALID)),
        (">1.2.3;<2.3.4", Some(INVALID)),
        ("01.2.3", Some(INVALID)),
        ("1.02.3", Some(INVALID)),
        ("1.2.03", Some(INVALID)),
        ("1.2.3 - 2.3.4", Some(INVALID)),
        (
            "1234567890.1234567890.12345678901234567890123456789012345678901234",
            Some(TOO_LONG),
        ),
    ];
    for (version, want) in table {
        let got = admit_version(version).err().map(|e| e.to_string());
        match (got, want) {
            (None, None) => {}
            (Some(message), Some(end)) => {
                assert!(message.ends_with(end), "{version:?}: {message}");
                assert!(message.starts_with("spec.source.catalog.version: "));
            }
            (got, want) => panic!("{version:?}: got {got:?}, want {want:?}"),
        }
    }
}

/// The CRD's pattern has `\*]` where `\*` was meant in three places, so a `*` is admitted as
/// the first constraint's patch but not as a later constraint's major or patch; Masterminds
/// itself takes all of them.
#[test]
fn admission_follows_the_patterns_typos() {
    for admitted in ["1.*", "*", "1.2.*", "<1 >=2.*", "| "] {
        assert_eq!(admit_version(admitted), Ok(()), "{admitted:?}");
    }
    for refused in ["1.*.3", ">=1 <*", "<1 >=2.3.*"] {
        assert_eq!(
            admit_version(refused),
            Err(AdmissionError::InvalidExpression {
                version: refused.to_string()
            }),
            "{refused:?}"
        );
        assert!(VersionRange::parse(refused).is_ok(), "{refused:?}");
    }
    // 64 characters are admitted, 65 are not (characters, not bytes).
    assert_eq!(admit_version(&"1".repeat(64)), Ok(()));
    assert!(matches!(
        admit_version(&"1".repeat(65)),
        Err(AdmissionError::TooLong { chars: 65, .. })
    ));
}

/// operator-controller `TestNewVersionRange`: build metadata never counts.
#[test]
fn new_version_range_table() {
    let table: &[(&str, &str, bool)] = &[
        ("1.0.0+1", "1.0.0", true),
        ("1.0.0+1", "1.0.0+2", true),
        ("1.0.0+1", "1.0.0+1", true),
        ("1.0.0", "1.0.0", true),
        ("1.0.0", "1.0.0+1", true),
        (">=2.0.0", "1.0.0", false),
    ];
    for (text, v, want) in table {
        assert_eq!(
            range(text).contains(&blang(v)),
            *want,
            "{text:?} against {v:?}"
        );
    }
    assert!(VersionRange::parse("not-a-valid-version").is_err());
}

/// operator-controller `TestInvalidClusterExtensionVersionRange`: the resolution error.
#[test]
fn invalid_range_message_is_operator_controllers() {
    let err = VersionRange::parse("foobar").err().map(|e| e.to_string());
    assert_eq!(
        err.as_deref(),
        Some(r#"desired version range "foobar" is invalid: improper constraint: "foobar""#)
    );
}

/// The question from the planner's issue: `>=1.2, <1.4` keeps 1.2.0 to 1.3.x releases and no
/// pre-release, and says why it refuses the others.
#[test]
fn a_range_keeps_releases_in_bounds_and_explains_the_rest() {
    let r = range(">=1.2, <1.4");
    let kept: Vec<&str> = [
        "1.1.9",
        "1.2.0",
        "1.3.7",
        "1.3.9-rc.1",
        "1.4.0",
        "1.4.0-rc.1",
    ]
    .into_iter()
    .filter(|v| r.contains(&blang(v)))
    .collect();
    assert_eq!(kept, ["1.2.0", "1.3.7"]);
    let why = |v: &str| -> Vec<String> {
        r.explain(&blang(v))
            .err()
            .unwrap_or_default()
            .iter()
            .map(|x| x.to_string())
            .collect()
    };
    assert_eq!(
        why("1.4.0"),
        [r#""1.4.0" is greater than or equal to "1.4""#]
    );
    assert_eq!(
        why("1.3.9-rc.1"),
        [
            r#""1.3.9-rc.1" is a prerelease version and the constraint is only looking for release versions"#
        ]
    );
}

/// The same text means different things as a ClusterExtension `version` (Masterminds) and
/// as a `skipRange` (blang), as the semantics notes list; `None` is a parse error.
#[test]
fn masterminds_and_blang_disagree_on_the_same_text() {
    let table: &[(&str, &str, Option<bool>, Option<bool>)] = &[
        // (text, version, Masterminds, blang)
        (">=1.0.0 <2.0.0", "2.0.0-rc.1", Some(false), Some(true)),
        (">=1.0.0 <2.0.0", "1.5.0-beta", Some(false), Some(true)),
        ("1.x", "2.0.0-alpha", Some(false), Some(true)),
        ("1.x.x", "1.5.0", Some(true), Some(false)),
        ("!=1.2.x", "1.3.0", Some(true), Some(false)),
        ("1.2.3 - 2.0.0", "1.5.0", Some(true), Some(false)),
        (">=1.2.0,<1.3.0", "1.2.5", Some(true), None),
        (">=1.0.0||<0.5.0", "0.4.0", Some(true), None),
        ("^1.2.0", "1.9.0", Some(true), None),
        ("~1.2.0", "1.2.9", Some(true), None),
        (">=v1.0.0", "1.0.0", Some(true), None),
        ("1.2.3", "1.2.3", Some(true), Some(true)),
        (">1.0.0", "1.0.0+build.5", Some(false), Some(false)),
    ];
    for (text, v, masterminds, blang_result) in table {
        let mm = VersionRange::parse(text)
            .ok()
            .map(|r| r.contains(&blang(v)));
        let bl = Range::parse(text).ok().map(|r| r.contains(&blang(v)));
        assert_eq!(mm, *masterminds, "Masterminds {text:?} against {v:?}");
        assert_eq!(bl, *blang_result, "blang {text:?} against {v:?}");
    }
}
