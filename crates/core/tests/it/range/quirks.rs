//! The quirks the curator lint reports, with their messages and suggestions, and properties
//! of any text.

use olm_graph_core::range::{quirks, Range, RangeQuirk};
use olm_graph_core::semver::Version;

use super::{r, v};

use proptest::prelude::*;

// ---- Quirks ----

#[test]
fn quirk_dropped_token() {
    let q = quirks("1.2.3 - 2.0.0");
    assert_eq!(q, vec![RangeQuirk::DroppedToken { token: "-".into() }]);
    assert_eq!(
        q[0].message(),
        "the one-character token \"-\" is silently dropped by OLM's range parser, so a hyphen range like \"1.2.3 - 2.0.0\" means =1.2.3 AND =2.0.0"
    );
    assert_eq!(
        q[0].suggestion(),
        "write the range with explicit bounds, such as \">=1.2.3 <=2.0.0\""
    );
    let q = quirks("! 1.2.3");
    assert_eq!(q, vec![RangeQuirk::DroppedToken { token: "!".into() }]);
    assert!(q[0].message().contains("the opposite"));
    assert!(q[0].suggestion().contains("\"!=1.2.3\""));
    assert_eq!(
        quirks("1.0.0 | 2.0.0"),
        vec![RangeQuirk::DroppedToken { token: "|".into() }]
    );
    assert_eq!(
        quirks("*"),
        vec![RangeQuirk::DroppedToken { token: "*".into() }]
    );
    assert_eq!(
        quirks("1.0.0 <"),
        vec![RangeQuirk::DroppedToken { token: "<".into() }]
    );
    // Harmless stray white space is not reported.
    assert!(quirks("1.0.0 \t 2.0.0").is_empty());
}

#[test]
fn quirk_patch_wildcard_bug() {
    let q = quirks("1.x.x");
    assert_eq!(
        q,
        vec![RangeQuirk::PatchWildcardBug {
            token: "1.x.x".into()
        }]
    );
    assert_eq!(
        q[0].message(),
        "OLM's range parser reads \"1.x.x\" as a patch wildcard, so it means \">=1.0.0 <1.1.0\", not \">=1.0.0 <2.0.0\""
    );
    assert_eq!(
        q[0].suggestion(),
        "write \"1.x\" (which means \">=1.0.0 <2.0.0\") or explicit bounds"
    );
    assert_eq!(
        quirks(">1.x.x"),
        vec![RangeQuirk::PatchWildcardBug {
            token: ">1.x.x".into()
        }]
    );
    // With >= and < the bound is the same either way.
    assert!(quirks(">=1.x.x <3.x.x").is_empty());
    assert!(quirks("1.2.x").is_empty());
}

#[test]
fn quirk_unsatisfiable_not_equal_wildcard() {
    let q = quirks("!=1.2.x");
    assert_eq!(
        q,
        vec![RangeQuirk::UnsatisfiableNotEqualWildcard {
            token: "!=1.2.x".into()
        }]
    );
    assert!(q[0].message().contains("\"<1.2.0 >=1.3.0\""));
    assert_eq!(
        q[0].suggestion(),
        "to exclude those versions write \"<1.2.0 || >=1.3.0\" as its own alternatives"
    );
    // The suggestion does what it says.
    let fixed = r("<1.2.0 || >=1.3.0");
    assert!(fixed.contains(&v("1.3.0")) && !fixed.contains(&v("1.2.5")));
    assert_eq!(
        quirks("!1.x"),
        vec![RangeQuirk::UnsatisfiableNotEqualWildcard {
            token: "!1.x".into()
        }]
    );
    assert_eq!(
        quirks("!=1.x.x"),
        vec![
            RangeQuirk::PatchWildcardBug {
                token: "!=1.x.x".into()
            },
            RangeQuirk::UnsatisfiableNotEqualWildcard {
                token: "!=1.x.x".into()
            },
        ]
    );
}

#[test]
fn quirk_unknown_operator_dropped() {
    let range = r("~1.2.x");
    assert!(range.contains(&v("1.2.0")));
    assert!(!range.contains(&v("1.2.5")));
    assert_eq!(r("^1.x").to_string(), "=1.0.0");
    assert_eq!(r("=>1.x").to_string(), "=1.0.0");
    // Anything before the first digit counts as the operator, even a "v".
    assert_eq!(r("v1.2.x").to_string(), "=1.2.0");
    assert_eq!(r(">x1.0.0").to_string(), "=1.0.0");
    assert_eq!(
        quirks("v1.2.x"),
        vec![RangeQuirk::UnknownOperatorDropped {
            token: "v1.2.x".into(),
            operator: "v".into()
        }]
    );
    let q = quirks("~1.2.x");
    assert_eq!(
        q,
        vec![RangeQuirk::UnknownOperatorDropped {
            token: "~1.2.x".into(),
            operator: "~".into()
        }]
    );
    assert_eq!(
        q[0].message(),
        "OLM's range parser does not know the operator \"~\" but silently discards it in the wildcard token \"~1.2.x\", which then means exactly \"1.2.0\""
    );
    assert_eq!(
        q[0].suggestion(),
        "write explicit bounds with =, !=, >, >=, < or <=, such as \">=1.2.0 <1.3.0\""
    );
}

#[test]
fn quirk_x_outside_wildcard() {
    let q = quirks("1.0.0-xyz");
    assert_eq!(
        q,
        vec![RangeQuirk::XOutsideWildcard {
            token: "1.0.0-xyz".into()
        }]
    );
    assert!(
        q[0].message()
            .ends_with("which makes the range fail to parse"),
        "{}",
        q[0].message()
    );
    assert!(q[0].suggestion().contains(">= or <"));
    assert_eq!(
        quirks("=1.0.0-fix"),
        vec![RangeQuirk::XOutsideWildcard {
            token: "=1.0.0-fix".into()
        }]
    );
    // Rewritten rather than rejected: ".x" becomes ".0" inside the pre-release.
    let q = quirks("<1.0.0-beta.xyz");
    assert_eq!(
        q,
        vec![RangeQuirk::XOutsideWildcard {
            token: "<1.0.0-beta.xyz".into()
        }]
    );
    assert!(q[0]
        .message()
        .ends_with("rewrites it to \"<1.0.0-beta.0yz\""));
    let range = r("<1.0.0-beta.xyz");
    assert!(range.contains(&v("1.0.0-beta.1")));
    assert!(!range.contains(&v("1.0.0-beta.abc")), "beta.abc > beta.0yz");
    // Kept intact: >= and < without a dot before the x.
    assert!(quirks(">=1.0.0-xyz").is_empty());
    assert!(r(">=1.0.0-xyz").contains(&v("1.0.0-xyz")));
    assert!(quirks("<1.0.0+exp").is_empty());
}

#[test]
fn quirk_empty_or_group() {
    let q = quirks("<1.0.0 || || >=2.0.0");
    assert_eq!(q, vec![RangeQuirk::EmptyOrGroup]);
    assert!(q[0].message().contains("crashes"));
    assert_eq!(q[0].suggestion(), "remove the extra \"||\"");
}

#[test]
fn quirks_on_unparsable_text_and_clean_text() {
    assert_eq!(
        quirks("- 1.x.x ^1.0.0"),
        vec![
            RangeQuirk::DroppedToken { token: "-".into() },
            RangeQuirk::PatchWildcardBug {
                token: "1.x.x".into()
            },
        ]
    );
    for clean in [
        ">=1.0.0 <2.0.0",
        "1.2.x",
        ">= 1.18.0 < 1.28.0",
        "<1.0.0 || >=3.0.0",
        "",
    ] {
        assert!(quirks(clean).is_empty(), "{clean:?}");
    }
}

#[test]
fn display_of_ranges() {
    assert_eq!(r("1.2.x || >2.0.0").to_string(), ">=1.2.0 <1.3.0 || >2.0.0");
    assert_eq!(r("== 1.0.0+b").to_string(), "=1.0.0+b");
    // The display text parses back to the same range.
    for text in ["1.x || >=2.0.x <2.2.x", "!1.2.3", ">=4.1.0-0 <4.1.2"] {
        let range = r(text);
        assert_eq!(r(&range.to_string()), range);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn parse_and_quirks_never_panic(s in any::<String>()) {
        let _ = Range::parse(&s);
        for q in quirks(&s) {
            let _ = (q.message(), q.suggestion());
        }
    }

    #[test]
    fn parse_never_panics_on_rangeish_text(s in "[0-9x.<>=!|~^*, +\\-a-zé١\t]{0,24}") {
        if let Ok(range) = Range::parse(&s) {
            let _ = range.contains_checked(&Version::new(1, 2, 3));
            let _ = range.to_string();
        }
        for q in quirks(&s) {
            prop_assert!(!q.message().is_empty() && !q.suggestion().is_empty());
        }
    }

    #[test]
    fn bounds_agree_with_compare(
        a in (0u64..3, 0u64..3, 0u64..3),
        b in (0u64..3, 0u64..3, 0u64..3),
        c in (0u64..3, 0u64..3, 0u64..3, prop::option::of(0u64..3)),
    ) {
        let a = Version::new(a.0, a.1, a.2);
        let b = Version::new(b.0, b.1, b.2);
        let mut x = Version::new(c.0, c.1, c.2);
        if let Some(n) = c.3 {
            x.pre.push(olm_graph_core::semver::PrereleaseId::Numeric(n));
        }
        let range = r(&format!(">={a} <{b}"));
        prop_assert_eq!(range.contains(&x), a <= x && x < b);
        let range = r(&format!("<{a} || >{b}"));
        prop_assert_eq!(range.contains(&x), x < a || x > b);
        let range = r(&format!("!{a} <={b}"));
        prop_assert_eq!(range.contains(&x), x != a && x <= b);
        let range = r(&format!("{}.{}.x", a.major, a.minor));
        prop_assert_eq!(
            range.contains(&x),
            x >= Version::new(a.major, a.minor, 0) && x < Version::new(a.major, a.minor + 1, 0)
        );
    }
}
