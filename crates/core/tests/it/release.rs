//! A bundle's release and OLM v1's version-then-release order (spec/olm.md §1.1 and §8), with
//! operator-registry's and operator-controller's own test cases for releases, for building the
//! model, for reading a bundle's version and for comparing bundles.

use std::cmp::Ordering;

use olm_graph_core::release::{
    legacy_version_release, parse_bundle_release, version_release, Release, ReleaseError,
    VersionRelease,
};
use olm_graph_core::semver::{PrereleaseId, Version};

fn blang(text: &str) -> Version {
    Version::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

fn n(x: u64) -> PrereleaseId {
    PrereleaseId::Numeric(x)
}

fn a(s: &str) -> PrereleaseId {
    PrereleaseId::Alpha(s.to_string())
}

/// operator-registry `TestNewRelease`: the identifiers, or a part of the error.
#[test]
fn new_release_table() {
    let table: &[(&str, Result<Vec<PrereleaseId>, &str>)] = &[
        ("", Ok(vec![])),
        ("alpha", Ok(vec![a("alpha")])),
        ("1", Ok(vec![n(1)])),
        (
            "alpha.1.beta.2",
            Ok(vec![a("alpha"), n(1), a("beta"), n(2)]),
        ),
        ("rc-1.beta-2", Ok(vec![a("rc-1"), a("beta-2")])),
        ("12345678901234567890", Ok(vec![n(12345678901234567890)])),
        (
            "123456789012345678901",
            Err("exceeds maximum length of 20 characters"),
        ),
        (
            "01",
            Err("Numeric PreRelease version must not contain leading zeroes"),
        ),
        (
            "001",
            Err("Numeric PreRelease version must not contain leading zeroes"),
        ),
        ("0", Ok(vec![n(0)])),
        ("0alpha", Ok(vec![a("0alpha")])),
        ("alpha_beta", Err("Invalid character")),
    ];
    for (text, want) in table {
        match (Release::parse(text), want) {
            (Ok(r), Ok(ids)) => assert_eq!(r.identifiers(), ids.as_slice(), "{text:?}"),
            (Err(e), Err(part)) => assert!(e.to_string().contains(part), "{text:?}: {e}"),
            (got, want) => panic!("{text:?}: got {got:?}, want {want:?}"),
        }
    }
}

/// Every failing identifier is reported, one per line (Go's `errors.Join`).
#[test]
fn release_errors_name_every_bad_segment() {
    let err = Release::parse("a.01..b_c").err().map(|e| e.to_string());
    assert_eq!(
        err.as_deref(),
        Some(concat!(
            r#"invalid release "a.01..b_c": "#,
            r#"segment 1: Numeric PreRelease version must not contain leading zeroes "01""#,
            "\nsegment 2: Prerelease is empty",
            "\nsegment 3: Invalid character(s) found in prerelease \"b_c\""
        ))
    );
    assert_eq!(
        Release::parse("99999999999999999999").err().map(|e| e.to_string()),
        Some(
            r#"invalid release "99999999999999999999": segment 0: strconv.ParseUint: parsing "99999999999999999999": value out of range"#
                .to_string()
        )
    );
    assert!(matches!(
        Release::parse("123456789012345678901"),
        Err(ReleaseError::TooLong { .. })
    ));
}

/// operator-registry `Error/InvalidReleaseVersion`: opm's message for a bad explicit release.
#[test]
fn opm_rejects_an_invalid_explicit_release_with_its_message() {
    let err = parse_bundle_release("foo.v0.1.0", "!!!")
        .err()
        .map(|e| e.to_string());
    assert_eq!(
        err.as_deref(),
        Some(
            r#"error parsing bundle "foo.v0.1.0" release version "!!!": invalid release "!!!": segment 0: Invalid character(s) found in prerelease "!!!""#
        )
    );
    assert_eq!(
        parse_bundle_release("foo-v0.1.0-alpha.1.0.0", "alpha.1.0.0").map(|r| r.to_string()),
        Ok("alpha.1.0.0".to_string())
    );
}

/// operator-controller `TestGetVersionAndRelease` (legacy reading of build metadata) and
/// `TestGetVersionAndRelease_WithBundleReleaseSupport` (explicit release).
#[test]
fn version_and_release_of_a_bundle() {
    let legacy = legacy_version_release(&blang("1.0.0-pre+1.alpha.2"));
    assert_eq!(legacy.version.to_string(), "1.0.0-pre");
    assert_eq!(legacy.release.identifiers(), [n(1), a("alpha"), n(2)]);
    // Build metadata that is no release stays in the version.
    for text in ["1.0.0+001", "1.0.0+123456789012345678901", "1.0.0"] {
        let vr = legacy_version_release(&blang(text));
        assert_eq!(vr.version.to_string(), text);
        assert!(vr.release.is_empty(), "{text}");
    }
    let explicit =
        version_release(&blang("1.0.0+ignored"), Some("2")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(explicit.version.to_string(), "1.0.0+ignored");
    assert_eq!(explicit.release.identifiers(), [n(2)]);
    let complex =
        version_release(&blang("2.1.0"), Some("1.alpha.3")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(complex.release.identifiers(), [n(1), a("alpha"), n(3)]);
    assert!(version_release(&blang("1.0.0"), Some("001")).is_err());
    // Without an explicit release (operator-controller's default), build metadata decides.
    let gate_off = version_release(&blang("1.0.0+2"), None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(gate_off.version.to_string(), "1.0.0");
    assert_eq!(gate_off.release.identifiers(), [n(2)]);
}

/// `Release.Compare` and `VersionRelease.Compare`.
#[test]
fn release_order() {
    let r = |t: &str| Release::parse(t).unwrap_or_else(|e| panic!("{e}"));
    let table: &[(&str, &str, Ordering)] = &[
        ("", "", Ordering::Equal),
        ("", "0", Ordering::Less),
        ("1", "", Ordering::Greater),
        ("1", "2", Ordering::Less),
        ("2", "10", Ordering::Less),
        ("alpha", "1", Ordering::Greater),
        ("1", "1.0", Ordering::Less),
        ("RC", "rc", Ordering::Less),
        ("1.alpha", "1.alpha", Ordering::Equal),
    ];
    for (x, y, want) in table {
        assert_eq!(r(x).compare(&r(y)), *want, "{x:?} vs {y:?}");
    }
    let vr = |v: &str, rel: Option<&str>| {
        version_release(&blang(v), rel).unwrap_or_else(|e| panic!("{e}"))
    };
    // The version decides before the release, and build metadata never counts.
    assert_eq!(
        vr("1.0.1", None).compare(&vr("1.0.0", Some("99"))),
        Ordering::Greater
    );
    assert_eq!(
        vr("1.0.0+b", Some("1")).compare(&vr("1.0.0+a", Some("1"))),
        Ordering::Equal
    );
}

/// operator-controller `TestByVersionAndRelease`: highest version and release first.
#[test]
fn by_version_and_release_sorts_highest_first() {
    let mut sorted: Vec<(&str, VersionRelease)> =
        ["1.0.0-alpha+1", "0.0.1", "1.0.0-alpha+2", "1.0.0"]
            .into_iter()
            .map(|t| (t, legacy_version_release(&blang(t))))
            .collect();
    sorted.sort_by(|x, y| y.1.compare(&x.1));
    let order: Vec<&str> = sorted.iter().map(|(t, _)| *t).collect();
    assert_eq!(order, ["1.0.0", "1.0.0-alpha+2", "1.0.0-alpha+1", "0.0.1"]);
}
