//! OLM v1 ranks bundles by version and then release (operator-controller
//! `compare.ByVersionAndRelease`), reading the release from build metadata when a bundle has no
//! explicit `release` (`bundleutil.ParseLegacyVersionRelease`). Each catalog here offers two
//! successors of the installed bundle that differ only in their release.

use olm_graph_core::model::Catalog;
use olm_graph_core::resolve::{resolve_path, PathOptions, Resolver};
use olm_graph_core::{load_files, InputFile};

/// A bundle of package `demo`: its name, `olm.package` version, and explicit release if any.
struct Bundle<'a> {
    name: &'a str,
    version: &'a str,
    release: Option<&'a str>,
}

/// One channel `stable`: `demo.v0.9.0`, then `lower` replacing it, then `higher` replacing
/// `lower` and skipping `demo.v0.9.0`, so both `lower` and `higher` upgrade `demo.v0.9.0`.
fn catalog(lower: Bundle, higher: Bundle) -> Catalog {
    let mut text = format!(
        r#"{{"schema":"olm.package","name":"demo","defaultChannel":"stable"}}
{{"schema":"olm.channel","package":"demo","name":"stable","entries":[
  {{"name":"demo.v0.9.0"}},
  {{"name":"{l}","replaces":"demo.v0.9.0"}},
  {{"name":"{h}","replaces":"{l}","skips":["demo.v0.9.0"]}}]}}
"#,
        l = lower.name,
        h = higher.name,
    );
    let first = Bundle {
        name: "demo.v0.9.0",
        version: "0.9.0",
        release: None,
    };
    for b in [first, lower, higher] {
        let release = b
            .release
            .map(|r| format!(r#","release":"{r}""#))
            .unwrap_or_default();
        text.push_str(&format!(
            r#"{{"schema":"olm.bundle","package":"demo","name":"{n}","image":"quay.io/demo/bundle:{tag}","properties":[{{"type":"olm.package","value":{{"packageName":"demo","version":"{v}"{release}}}}}]}}
"#,
            n = b.name,
            v = b.version,
            // An image tag has no `+` (opm refuses such a pull spec).
            tag = b.version.replace('+', "_"),
        ));
    }
    let c = load_files(vec![InputFile::new("catalog.json", text)]);
    let errors: Vec<_> = c.diagnostics.iter().filter(|d| d.is_error()).collect();
    assert!(errors.is_empty(), "{errors:?}");
    c
}

/// The bundles the cluster passes through from `demo.v0.9.0`.
fn path(c: &Catalog, resolver: Resolver) -> Vec<String> {
    let options = PathOptions {
        resolver,
        channel: Some("stable".to_string()),
        ..PathOptions::default()
    };
    let p =
        resolve_path(c, "demo", "demo.v0.9.0", &options, None).unwrap_or_else(|e| panic!("{e}"));
    std::iter::once(p.from.clone())
        .chain(p.hops.iter().map(|h| h.to.clone()))
        .collect()
}

fn legacy<'a>(name: &'a str, version: &'a str) -> Bundle<'a> {
    Bundle {
        name,
        version,
        release: None,
    }
}

#[test]
fn v1_takes_the_higher_build_metadata_release() {
    let c = catalog(
        legacy("demo.v1.0.0+1", "1.0.0+1"),
        legacy("demo.v1.0.0+2", "1.0.0+2"),
    );
    assert_eq!(path(&c, Resolver::V1), ["demo.v0.9.0", "demo.v1.0.0+2"]);
    // OLM v0 has no release order: it takes the successor closest to the head, the same here.
    assert_eq!(path(&c, Resolver::V0), ["demo.v0.9.0", "demo.v1.0.0+2"]);
}

#[test]
fn v1_takes_the_higher_build_metadata_release_of_a_prerelease() {
    let c = catalog(
        legacy("demo.v1.0.0-alpha+1", "1.0.0-alpha+1"),
        legacy("demo.v1.0.0-alpha+2", "1.0.0-alpha+2"),
    );
    assert_eq!(
        path(&c, Resolver::V1),
        ["demo.v0.9.0", "demo.v1.0.0-alpha+2"]
    );
}

/// Releases compare as numbers: name order would pick `demo.a` (release 9), and so would
/// comparing the releases as text.
#[test]
fn build_metadata_releases_compare_as_numbers() {
    let c = catalog(
        legacy("demo.b.v1.0.0+10", "1.0.0+10"),
        legacy("demo.a.v1.0.0+9", "1.0.0+9"),
    );
    assert_eq!(path(&c, Resolver::V1), ["demo.v0.9.0", "demo.b.v1.0.0+10"]);
}

/// Build metadata that is no release (a leading zero) leaves the two bundles tied, and v1
/// keeps the catalog's first candidate by name.
#[test]
fn build_metadata_that_is_no_release_does_not_order() {
    let c = catalog(
        legacy("demo.v1.0.0+02", "1.0.0+02"),
        legacy("demo.v1.0.0+01", "1.0.0+01"),
    );
    assert_eq!(path(&c, Resolver::V1)[1], "demo.v1.0.0+01");
}

#[test]
fn v1_takes_the_higher_explicit_release() {
    let c = catalog(
        Bundle {
            name: "demo-v1.0.0-2",
            version: "1.0.0",
            release: Some("2"),
        },
        Bundle {
            name: "demo-v1.0.0-10",
            version: "1.0.0",
            release: Some("10"),
        },
    );
    assert_eq!(path(&c, Resolver::V1), ["demo.v0.9.0", "demo-v1.0.0-10"]);
}

/// An explicit release and one read from build metadata are compared alike.
#[test]
fn explicit_and_build_metadata_releases_compare_alike() {
    let c = catalog(
        Bundle {
            name: "demo.v1.0.0+3",
            version: "1.0.0+3",
            release: None,
        },
        Bundle {
            name: "demo-v1.0.0-2",
            version: "1.0.0",
            release: Some("2"),
        },
    );
    assert_eq!(path(&c, Resolver::V1)[1], "demo.v1.0.0+3");
}

/// The installed bundle is recognised by version *and* release: `demo.v1.0.0+2` is not the
/// installed `demo.v1.0.0+1` (releases 1 and 2 differ), and no edge leads to it, so OLM v1
/// stays on `+1` instead of treating `+2` as itself and moving there.
#[test]
fn v1_does_not_mistake_another_release_for_the_installed_bundle() {
    let text = r#"{"schema":"olm.package","name":"demo","defaultChannel":"stable"}
{"schema":"olm.channel","package":"demo","name":"stable","entries":[{"name":"demo.v1.0.0+1"},{"name":"demo.v1.0.0+2"}]}
{"schema":"olm.bundle","package":"demo","name":"demo.v1.0.0+1","image":"quay.io/demo/bundle:1","properties":[{"type":"olm.package","value":{"packageName":"demo","version":"1.0.0+1"}}]}
{"schema":"olm.bundle","package":"demo","name":"demo.v1.0.0+2","image":"quay.io/demo/bundle:2","properties":[{"type":"olm.package","value":{"packageName":"demo","version":"1.0.0+2"}}]}
"#;
    let c = load_files(vec![InputFile::new("catalog.json", text)]);
    let options = PathOptions {
        resolver: Resolver::V1,
        channel: Some("stable".to_string()),
        ..PathOptions::default()
    };
    let p =
        resolve_path(&c, "demo", "demo.v1.0.0+1", &options, None).unwrap_or_else(|e| panic!("{e}"));
    let hops: Vec<&str> = p.hops.iter().map(|h| h.to.as_str()).collect();
    assert_eq!(hops, Vec::<&str>::new(), "{p:?}");
}
