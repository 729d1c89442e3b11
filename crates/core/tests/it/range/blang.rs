//! Ports of blang v4's own range tests (spec/olm.md §4) through the public API.

use olm_graph_core::range::{Comparator, Op, Range};
use olm_graph_core::semver::Version;

use super::{r, v};

#[test]
fn go_parse_comparator() {
    let cases = [
        (">", Some(Op::Gt)),
        (">=", Some(Op::Ge)),
        ("<", Some(Op::Lt)),
        ("<=", Some(Op::Le)),
        ("", Some(Op::Eq)),
        ("=", Some(Op::Eq)),
        ("==", Some(Op::Eq)),
        ("!=", Some(Op::Ne)),
        ("!", Some(Op::Ne)),
        ("-", None),
        ("<==", None),
        ("<<", None),
        (">>", None),
    ];
    for (s, want) in cases {
        assert_eq!(Op::parse(s), want, "{s:?}");
    }
    // The comparator functions (testEQ ... testLE).
    let (v1, v2, v3) = (v("1.2.2"), v("1.2.3"), v("1.2.4"));
    let c = |op, bound: &Version, x: &Version| {
        Comparator {
            op,
            version: bound.clone(),
        }
        .matches(x)
    };
    assert!(c(Op::Eq, &v1, &v1) && !c(Op::Eq, &v2, &v1));
    assert!(!c(Op::Ne, &v1, &v1) && c(Op::Ne, &v2, &v1));
    assert!(
        c(Op::Gt, &v1, &v2) && c(Op::Gt, &v2, &v3) && !c(Op::Gt, &v2, &v1) && !c(Op::Gt, &v1, &v1)
    );
    assert!(
        c(Op::Ge, &v1, &v2) && c(Op::Ge, &v2, &v3) && !c(Op::Ge, &v2, &v1) && c(Op::Ge, &v1, &v1)
    );
    assert!(
        c(Op::Lt, &v2, &v1) && c(Op::Lt, &v3, &v2) && !c(Op::Lt, &v1, &v2) && !c(Op::Lt, &v1, &v1)
    );
    assert!(
        c(Op::Le, &v2, &v1) && c(Op::Le, &v3, &v2) && !c(Op::Le, &v1, &v2) && c(Op::Le, &v1, &v1)
    );
}

#[test]
fn go_parse_range() {
    let cases: &[(&str, &[(&str, bool)])] = &[
        (
            ">1.2.3",
            &[("1.2.2", false), ("1.2.3", false), ("1.2.4", true)],
        ),
        (
            ">=1.2.3",
            &[("1.2.3", true), ("1.2.4", true), ("1.2.2", false)],
        ),
        (
            "<1.2.3",
            &[("1.2.2", true), ("1.2.3", false), ("1.2.4", false)],
        ),
        (
            "<=1.2.3",
            &[("1.2.2", true), ("1.2.3", true), ("1.2.4", false)],
        ),
        (
            "1.2.3",
            &[("1.2.2", false), ("1.2.3", true), ("1.2.4", false)],
        ),
        (
            "=1.2.3",
            &[("1.2.2", false), ("1.2.3", true), ("1.2.4", false)],
        ),
        (
            "==1.2.3",
            &[("1.2.2", false), ("1.2.3", true), ("1.2.4", false)],
        ),
        (
            "!=1.2.3",
            &[("1.2.2", true), ("1.2.3", false), ("1.2.4", true)],
        ),
        (
            "!1.2.3",
            &[("1.2.2", true), ("1.2.3", false), ("1.2.4", true)],
        ),
        (
            ">1.2.2 <1.2.4",
            &[("1.2.2", false), ("1.2.3", true), ("1.2.4", false)],
        ),
        (
            "<1.2.2 <1.2.4",
            &[
                ("1.2.1", true),
                ("1.2.2", false),
                ("1.2.3", false),
                ("1.2.4", false),
            ],
        ),
        (
            ">1.2.2 <1.2.5 !=1.2.4",
            &[
                ("1.2.2", false),
                ("1.2.3", true),
                ("1.2.4", false),
                ("1.2.5", false),
            ],
        ),
        (
            ">1.2.2 <1.2.5 !1.2.4",
            &[
                ("1.2.2", false),
                ("1.2.3", true),
                ("1.2.4", false),
                ("1.2.5", false),
            ],
        ),
        (
            ">1.2.2 || <1.2.4",
            &[("1.2.2", true), ("1.2.3", true), ("1.2.4", true)],
        ),
        (
            "<1.2.2 || >1.2.4",
            &[("1.2.2", false), ("1.2.3", false), ("1.2.4", false)],
        ),
        (
            ">1.x",
            &[
                ("0.1.9", false),
                ("1.2.6", false),
                ("1.9.0", false),
                ("2.0.0", true),
            ],
        ),
        (
            ">1.2.x",
            &[("1.1.9", false), ("1.2.6", false), ("1.3.0", true)],
        ),
        (
            ">1.2.2 <1.2.4 || >=2.0.0",
            &[
                ("1.2.2", false),
                ("1.2.3", true),
                ("1.2.4", false),
                ("2.0.0", true),
                ("2.0.1", true),
            ],
        ),
        (
            "1.x || >=2.0.x <2.2.x",
            &[
                ("0.9.2", false),
                ("1.2.2", true),
                ("2.0.0", true),
                ("2.1.8", true),
                ("2.2.0", false),
            ],
        ),
        (
            ">1.2.2 <1.2.4 || >=2.0.0 <3.0.0",
            &[
                ("1.2.2", false),
                ("1.2.3", true),
                ("1.2.4", false),
                ("2.0.0", true),
                ("2.0.1", true),
                ("2.9.9", true),
                ("3.0.0", false),
            ],
        ),
    ];
    for (text, versions) in cases {
        let range = r(text);
        for (s, want) in *versions {
            assert_eq!(range.contains(&v(s)), *want, "{text} / {s}");
            assert_eq!(range.contains_checked(&v(s)), Some(*want));
        }
    }
    // The Go table's "simple expression errors" (its "!1.2.3" entry in fact parses).
    for bad in [
        ">>1.2.3",
        "1.0",
        "string",
        "",
        "fo.ob.ar.x",
        "invalid version",
    ] {
        assert!(Range::parse(bad).is_err(), "{bad:?}");
    }
}
