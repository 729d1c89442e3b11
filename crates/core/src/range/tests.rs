//! Ports of blang v4's own range tests (spec/olm.md §4) for the grammar's inner steps (the
//! rest are in `tests/it/range/`).

use super::parse::*;
use super::Op;
use crate::semver::Version;

fn v(s: &str) -> Version {
    Version::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

fn strings(xs: &[&str]) -> Vec<String> {
    xs.iter().map(|s| s.to_string()).collect()
}

#[test]
fn go_split_and_trim() {
    let cases: &[(&str, &[&str])] = &[
        ("1.2.3 1.2.3", &["1.2.3", "1.2.3"]),
        ("     1.2.3     1.2.3     ", &["1.2.3", "1.2.3"]),
        ("  >=   1.2.3   <=  1.2.3   ", &[">=1.2.3", "<=1.2.3"]),
        (
            "1.2.3 || >=1.2.3 <1.2.3",
            &["1.2.3", "||", ">=1.2.3", "<1.2.3"],
        ),
        (
            "      1.2.3      ||     >=1.2.3     <1.2.3    ",
            &["1.2.3", "||", ">=1.2.3", "<1.2.3"],
        ),
        // Extra cases: one-byte pieces vanish, wherever they are.
        ("1.2.3 - 2.0.0", &["1.2.3", "2.0.0"]),
        ("a", &[]),
        ("ab", &["ab"]),
        ("a  b", &[]),
        ("1.0.0 <", &["1.0.0"]),
        ("< 1.0.0", &["<1.0.0"]),
        ("> = 1.0.0", &[">=1.0.0"]),
        ("1.0.0 >=", &["1.0.0", ">="]),
        ("é", &["é"]),
    ];
    for (input, want) in cases {
        assert_eq!(split_and_trim(input).tokens, strings(want), "{input:?}");
    }
    assert_eq!(split_and_trim("1.2.3 - 2.0.0").dropped, strings(&["-"]));
    assert_eq!(split_and_trim("a  b").dropped, strings(&["a", "b"]));
}

#[test]
fn go_split_comparator_version() {
    let cases = [
        (">1.2.3", ">", "1.2.3"),
        (">=1.2.3", ">=", "1.2.3"),
        ("<1.2.3", "<", "1.2.3"),
        ("<=1.2.3", "<=", "1.2.3"),
        ("1.2.3", "", "1.2.3"),
        ("=1.2.3", "=", "1.2.3"),
        ("==1.2.3", "==", "1.2.3"),
        ("!=1.2.3", "!=", "1.2.3"),
        ("!1.2.3", "!", "1.2.3"),
    ];
    for (input, op, ver) in cases {
        assert_eq!(split_comparator_version(input).unwrap(), (op, ver));
    }
    assert_eq!(
        split_comparator_version("error").unwrap_err().to_string(),
        "Could not get version from string: \"error\""
    );
}

#[test]
fn go_build_version_range() {
    for (op, want) in [
        (">", Op::Gt),
        (">=", Op::Ge),
        ("<", Op::Lt),
        ("<=", Op::Le),
        ("", Op::Eq),
        ("=", Op::Eq),
        ("==", Op::Eq),
        ("!=", Op::Ne),
        ("!", Op::Ne),
    ] {
        let c = build_version_range(op, "1.2.3", &format!("{op}1.2.3")).unwrap();
        assert_eq!(c.op, want);
        assert_eq!(c.version, v("1.2.3"));
    }
    assert_eq!(
        build_version_range(">>", "1.2.3", ">>1.2.3")
            .unwrap_err()
            .to_string(),
        "Could not parse Range \">>1.2.3\": Could not parse comparator \">>\" in \">>1.2.3\""
    );
    assert_eq!(
        build_version_range("=", "invalid", "=invalid")
            .unwrap_err()
            .to_string(),
        "Could not parse Range \"=invalid\": Could not parse version \"invalid\" in \"=invalid\": No Major.Minor.Patch elements found"
    );
}

#[test]
fn go_split_or_parts() {
    let ok = split_or_parts(&strings(&[">1.2.3", "||", "<1.2.3", "||", "=1.2.3"])).unwrap();
    assert_eq!(
        ok,
        vec![
            strings(&[">1.2.3"]),
            strings(&["<1.2.3"]),
            strings(&["=1.2.3"])
        ]
    );
    let ok = split_or_parts(&strings(&[">1.2.3", "<1.2.3", "||", "=1.2.3"])).unwrap();
    assert_eq!(
        ok,
        vec![strings(&[">1.2.3", "<1.2.3"]), strings(&["=1.2.3"])]
    );
    assert_eq!(
        split_or_parts(&strings(&[">1.2.3", "||"]))
            .unwrap_err()
            .to_string(),
        "Last element in range is '||'"
    );
    assert_eq!(
        split_or_parts(&strings(&["||", ">1.2.3"]))
            .unwrap_err()
            .to_string(),
        "First element in range is '||'"
    );
    assert_eq!(
        split_or_parts(&strings(&["1.0.0", "||", "||", "2.0.0"])).unwrap(),
        vec![strings(&["1.0.0"]), vec![], strings(&["2.0.0"])]
    );
}

#[test]
fn go_wildcard_helpers() {
    assert_eq!(wildcard_type("x"), Wildcard::Major);
    assert_eq!(wildcard_type("1.x"), Wildcard::Minor);
    assert_eq!(wildcard_type("1.2.x"), Wildcard::Patch);
    assert_eq!(wildcard_type("1.x.x"), Wildcard::Patch);
    assert_eq!(wildcard_type("fo.o.b.ar"), Wildcard::None);
    assert_eq!(wildcard_type("1.0.0-xyz"), Wildcard::None);

    assert_eq!(create_version_from_wildcard("1.2.x"), "1.2.0");
    assert_eq!(create_version_from_wildcard("1.x"), "1.0.0");
    assert_eq!(create_version_from_wildcard("1.x.x"), "1.0.0");
    assert_eq!(create_version_from_wildcard("1.0.0-rc.xyz"), "1.0.0-rc.0yz");

    assert_eq!(increment_part("1.2.3", 0).as_deref(), Some("2.2.3"));
    assert_eq!(increment_part("1.2", 0).as_deref(), Some("2.2"));
    assert_eq!(increment_part("foo.bar", 0), None);
    assert_eq!(increment_part("1.2.3", 1).as_deref(), Some("1.3.3"));
    assert_eq!(increment_part("1.2", 1).as_deref(), Some("1.3"));
    assert_eq!(increment_part("foo.bar", 1), None);
    assert_eq!(increment_part("1", 1), None);
    // Go's Atoi takes a sign and wraps on overflow in `i + 1`.
    assert_eq!(increment_part("+1.2", 0).as_deref(), Some("2.2"));
    assert_eq!(increment_part("-1.2", 0).as_deref(), Some("0.2"));
    assert_eq!(
        increment_part("9223372036854775807.0", 0).as_deref(),
        Some("-9223372036854775808.0")
    );
    assert_eq!(increment_part("9223372036854775808.0", 0), None);
    assert_eq!(go_atoi("-9223372036854775808"), Some(i64::MIN));
    assert_eq!(go_atoi("-"), None);
    assert_eq!(go_atoi(""), None);
    assert_eq!(go_atoi("1_000"), None);
}

#[test]
fn go_expand_wildcard_version() {
    let cases: &[(&str, &[&str])] = &[
        (">=1.2.x", &[">=1.2.0"]),
        ("<=1.2.x", &["<1.3.0"]),
        (">1.2.x", &[">=1.3.0"]),
        ("<1.2.x", &["<1.2.0"]),
        ("!=1.2.x", &["<1.2.0", ">=1.3.0"]),
        (">=1.x", &[">=1.0.0"]),
        ("<=1.x", &["<2.0.0"]),
        (">1.x", &[">=2.0.0"]),
        ("<1.x", &["<1.0.0"]),
        ("!=1.x", &["<1.0.0", ">=2.0.0"]),
        ("1.2.x", &[">=1.2.0", "<1.3.0"]),
        ("1.x", &[">=1.0.0", "<2.0.0"]),
        // Beyond the Go table.
        ("1.x.x", &[">=1.0.0", "<1.1.0"]),
        ("=1.2.x", &[">=1.2.0", "<1.3.0"]),
        ("==1.x", &[">=1.0.0", "<2.0.0"]),
        ("!1.2.x", &["<1.2.0", ">=1.3.0"]),
        ("~1.2.x", &["1.2.0"]),
        ("1.0.0-xyz", &[">=1.0.0-xyz", "<"]),
        (">=1.0.0-xyz", &[">=1.0.0-xyz"]),
        ("<1.0.0-beta.xyz", &["<1.0.0-beta.0yz"]),
        ("1.2.3", &["1.2.3"]),
    ];
    for (input, want) in cases {
        let got = expand_wildcard_version(&[vec![input.to_string()]]).unwrap();
        assert_eq!(got, vec![strings(want)], "{input:?}");
    }
    assert_eq!(
        expand_wildcard_version(&[strings(&["foox"])])
            .unwrap_err()
            .to_string(),
        "Could not get version from string: \"foox\""
    );
}
