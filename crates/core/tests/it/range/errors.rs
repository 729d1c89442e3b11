//! blang's error texts, word for word, and the parser's corners.

use olm_graph_core::range::{quirks, Range};

use super::{perr, r, v};

// ---- Error texts and parser corners ----

#[test]
fn opm_message_example() {
    assert_eq!(
        perr(">v0.1.0"),
        "Could not parse Range \">v0.1.0\": Could not parse comparator \">v\" in \">v0.1.0\""
    );
    let e = Range::parse(">v0.1.0").unwrap_err();
    assert_eq!(
        format!("invalid skipRange {:?}: {e}", ">v0.1.0"),
        "invalid skipRange \">v0.1.0\": Could not parse Range \">v0.1.0\": Could not parse comparator \">v\" in \">v0.1.0\""
    );
    let boxed: Box<dyn std::error::Error> = Box::new(e);
    assert!(boxed.to_string().starts_with("Could not parse Range"));
}

#[test]
fn more_error_texts() {
    assert_eq!(perr("|| 1.0.0"), "First element in range is '||'");
    assert_eq!(perr("1.0.0 ||"), "Last element in range is '||'");
    assert_eq!(perr("   "), "Last element in range is '||'");
    assert_eq!(perr("a b c"), "Last element in range is '||'");
    assert_eq!(
        perr("string"),
        "Could not get version from string: \"string\""
    );
    assert_eq!(
        perr("fo.ob.ar.x"),
        "Could not get version from string: \"fo.ob.ar.x\""
    );
    assert_eq!(
        perr(">>1.2.3"),
        "Could not parse Range \">>1.2.3\": Could not parse comparator \">>\" in \">>1.2.3\""
    );
    assert_eq!(
        perr("=>1.2.3"),
        "Could not parse Range \"=>1.2.3\": Could not parse comparator \"=>\" in \"=>1.2.3\""
    );
    assert_eq!(
        perr("1.0"),
        "Could not parse Range \"1.0\": Could not parse version \"1.0\" in \"1.0\": No Major.Minor.Patch elements found"
    );
    assert_eq!(
        perr(">=01.0.0"),
        "Could not parse Range \">=01.0.0\": Could not parse version \"01.0.0\" in \">=01.0.0\": Major number must not contain leading zeroes \"01\""
    );
    // A trailing operator with nothing after it.
    assert_eq!(
        perr("1.0.0 >="),
        "Could not get version from string: \">=\""
    );
    // Wildcard errors are reported before comparator errors of earlier tokens.
    assert_eq!(
        perr("^1.0.0 || foox"),
        "Could not get version from string: \"foox\""
    );
    // ... while the broken expansion of an x pre-release fails in token order.
    assert_eq!(
        perr("^1.0.0 || 1.0.0-xyz"),
        "Could not parse Range \"^1.0.0\": Could not parse comparator \"^\" in \"^1.0.0\""
    );
    // Only ' ' separates tokens; a tab stays inside the version text.
    assert_eq!(
        perr(">=1.0.0\t<2.0.0"),
        "Could not parse Range \">=1.0.0\\t<2.0.0\": Could not parse version \"1.0.0\\t<2.0.0\" in \">=1.0.0\\t<2.0.0\": Invalid character(s) found in patch number \"0\\t<2.0.0\""
    );
    // ... but white space between operator and version is trimmed from the operator.
    assert!(r(">=\t1.0.0").contains(&v("1.0.0")));
    // Upper-case X and * are not wildcards.
    assert_eq!(
        perr("1.2.X"),
        "Could not parse Range \"1.2.X\": Could not parse version \"1.2.X\" in \"1.2.X\": Invalid character(s) found in patch number \"X\""
    );
    // A version may not be written with a v even after a space.
    assert_eq!(
        perr(">= v1.0.0"),
        "Could not parse Range \">=v1.0.0\": Could not parse comparator \">=v\" in \">=v1.0.0\""
    );
    // Go's unicode.IsDigit finds non-ASCII decimal digits.
    assert_eq!(
        perr(">=١.0.0"),
        "Could not parse Range \">=١.0.0\": Could not parse version \"١.0.0\" in \">=١.0.0\": Invalid character(s) found in major number \"١\""
    );
    // A two-byte character is a token of length 2 and is kept.
    assert_eq!(perr("1.0.0 é"), "Could not get version from string: \"é\"");
    // A space after an operator character glues the next token on.
    assert_eq!(
        perr("1.0.0= 2.0.0"),
        "Could not parse Range \"1.0.0=2.0.0\": Could not parse version \"1.0.0=2.0.0\" in \"1.0.0=2.0.0\": Invalid character(s) found in patch number \"0=2.0.0\""
    );
}

#[test]
fn or_ranges() {
    let range = r("<1.0.0 || >=3.0.0");
    assert!(range.contains(&v("0.9.9")));
    assert!(!range.contains(&v("1.0.0")));
    assert!(!range.contains(&v("2.9.9")));
    assert!(range.contains(&v("3.0.0")));
    assert!(range.contains(&v("3.0.0+b")));
    assert!(!range.contains(&v("3.0.0-rc.1")));
    assert_eq!(range.groups().len(), 2);
    assert_eq!(range.to_string(), "<1.0.0 || >=3.0.0");
    // AND binds tighter than OR.
    let range = r(">1.0.0 <2.0.0 || >3.0.0 !4.2.1");
    for (s, want) in [
        ("1.2.3", true),
        ("1.9.9", true),
        ("3.1.1", true),
        ("4.2.1", false),
        ("2.1.1", false),
    ] {
        assert_eq!(range.contains(&v(s)), want, "{s}");
    }
}

#[test]
fn real_catalog_ranges() {
    let cases: &[(&str, &[(&str, bool)])] = &[
        (
            ">=2.4.18 <2.5.7",
            &[
                ("2.4.17", false),
                ("2.4.18", true),
                ("2.5.6", true),
                ("2.5.7", false),
            ],
        ),
        (
            ">= 1.18.0 < 1.28.0",
            &[
                ("1.17.9", false),
                ("1.18.0", true),
                ("1.27.99", true),
                ("1.28.0", false),
            ],
        ),
        (
            ">=0.8.0 <0.8.1-rc.1",
            &[
                ("0.8.0", true),
                ("0.8.1-rc.0", true),
                ("0.8.1-beta", true),
                ("0.8.1-rc.1", false),
                ("0.8.1", false),
            ],
        ),
        (
            ">=5.0.0",
            &[("4.99.99", false), ("5.0.0", true), ("100.0.0", true)],
        ),
        (
            ">=2.1.x <2.2.1",
            &[
                ("2.0.9", false),
                ("2.1.0", true),
                ("2.2.0", true),
                ("2.2.1", false),
            ],
        ),
    ];
    for (text, versions) in cases {
        let range = r(text);
        for (s, want) in *versions {
            assert_eq!(range.contains(&v(s)), *want, "{text} / {s}");
        }
        assert!(quirks(text).is_empty(), "{text}: {:?}", quirks(text));
    }
    assert_eq!(r(">=2.1.x <2.2.1").to_string(), ">=2.1.0 <2.2.1");
}

#[test]
fn empty_or_group_is_accepted_but_blang_would_crash() {
    let range = r(">=2.0.0 || || <1.0.0");
    assert_eq!(range.groups().len(), 3);
    assert!(range.groups()[1].is_empty());
    assert_eq!(range.contains_checked(&v("2.5.0")), Some(true));
    // Evaluation reaches the empty alternative: blang calls a nil function here.
    assert_eq!(range.contains_checked(&v("0.5.0")), None);
    assert!(!range.contains(&v("0.5.0")));
    assert_eq!(perr(">=2.0.0 || ||"), "Last element in range is '||'");
}
