//! OLM v1 across several ClusterCatalogs: operator-controller's own resolver tests
//! (spec/olm.md §10), ported row by row, and the same
//! rules on real catalogs.
//!
//! Their catalog `c` holds `genPackage`: channel alpha (0.1.0, then 1.0.0, 1.0.1, 1.0.2 and
//! 2.0.0 with skipRanges), beta (0.1.0, 1.0.2) and gamma (3.0.0), with 1.0.0 and 1.0.1
//! deprecated. Their catalogs with bundles but no channels get one channel here, since
//! olm-graph resolves over channel entries (opm rejects a bundle in no channel anyway).

use crate::common;

use common::{catalog, load};
use olm_graph_core::load::InputFile;
use olm_graph_core::masterminds::VersionRange;
use olm_graph_core::model::Catalog;
use olm_graph_core::open::load_files;
use olm_graph_core::resolve::{
    resolve_install, resolve_path, resolve_path_across, CatalogStep, CatalogsError,
    CatalogsResolver, ClusterCatalog, PathOptions, ResolutionError, Resolver,
    UpgradeConstraintPolicy,
};
use serde_json::json;

const PKG: &str = "pkg-test";

fn name(version: &str) -> String {
    format!("{PKG}.v{version}")
}

fn bundle(version: &str) -> serde_json::Value {
    json!({"schema": "olm.bundle", "name": name(version), "package": PKG,
        "image": format!("example.com/{PKG}:v{version}"),
        "properties": [{"type": "olm.package", "value": {"packageName": PKG, "version": version}}]})
}

fn channel(channel: &str, entries: &[(&str, Option<&str>)]) -> serde_json::Value {
    let entries: Vec<_> = entries
        .iter()
        .map(|(v, range)| match range {
            Some(r) => json!({"name": name(v), "skipRange": r}),
            None => json!({"name": name(v)}),
        })
        .collect();
    json!({"schema": "olm.channel", "package": PKG, "name": channel, "entries": entries})
}

fn deprecations(versions: &[&str]) -> serde_json::Value {
    let entries: Vec<_> = versions
        .iter()
        .map(|v| {
            json!({"reference": {"schema": "olm.bundle", "name": name(v)},
            "message": format!("bundle {} is deprecated", name(v))})
        })
        .collect();
    json!({"schema": "olm.deprecations", "package": PKG, "entries": entries})
}

fn fbc(objects: Vec<serde_json::Value>) -> Catalog {
    let text: Vec<String> = objects.iter().map(|o| o.to_string()).collect();
    load_files(vec![InputFile::new("catalog.json", text.join("\n"))])
}

fn empty() -> Catalog {
    fbc(Vec::new())
}

/// operator-controller's `genPackage`.
fn gen_package() -> Catalog {
    let mut objects = vec![json!({"schema": "olm.package", "name": PKG})];
    objects.push(channel(
        "alpha",
        &[
            ("0.1.0", None),
            ("1.0.0", Some("<1.0.0")),
            ("1.0.1", Some("<1.0.1")),
            ("1.0.2", Some("<1.0.2")),
            ("2.0.0", Some(">=1.0.0 <2.0.0")),
        ],
    ));
    objects.push(channel(
        "beta",
        &[("0.1.0", None), ("1.0.2", Some("<1.0.2"))],
    ));
    objects.push(channel("gamma", &[("3.0.0", Some(">=2.0.0 <3.0.0"))]));
    for v in ["0.1.0", "1.0.0", "1.0.1", "1.0.2", "2.0.0", "3.0.0"] {
        objects.push(bundle(v));
    }
    objects.push(deprecations(&["1.0.0", "1.0.1"]));
    fbc(objects)
}

/// A catalog of the given bundles in one channel, some deprecated.
fn only(versions: &[&str], deprecated: &[&str]) -> Catalog {
    let mut objects = vec![json!({"schema": "olm.package", "name": PKG})];
    let entries: Vec<(&str, Option<&str>)> = versions.iter().map(|v| (*v, None)).collect();
    objects.push(channel("alpha", &entries));
    objects.extend(versions.iter().map(|v| bundle(v)));
    if !deprecated.is_empty() {
        objects.push(deprecations(deprecated));
    }
    fbc(objects)
}

fn options(channels: &[&str], version: &str, policy: UpgradeConstraintPolicy) -> PathOptions {
    PathOptions {
        resolver: Resolver::V1,
        channels: channels.iter().map(|c| c.to_string()).collect(),
        version: (!version.is_empty()).then(|| VersionRange::parse(version).expect("a range")),
        policy,
        ..PathOptions::default()
    }
}

fn provided(channels: &[&str], version: &str) -> PathOptions {
    options(channels, version, UpgradeConstraintPolicy::CatalogProvided)
}

/// The three catalogs of most of their tests: `a` and `b` empty, `c` with the package.
fn abc() -> [Catalog; 3] {
    [empty(), empty(), gen_package()]
}

fn cats<'a>(named: &'a [(&'a str, i32, &'a Catalog)]) -> Vec<ClusterCatalog<'a>> {
    named
        .iter()
        .map(|(n, p, c)| ClusterCatalog {
            name: n,
            priority: *p,
            catalog: c,
        })
        .collect()
}

fn install(catalogs: &[ClusterCatalog], o: &PathOptions) -> Result<CatalogStep, ResolutionError> {
    resolve_install(catalogs, PKG, o).expect("catalogs index")
}

fn installed_bundle(step: Result<CatalogStep, ResolutionError>) -> String {
    let step = step.unwrap_or_else(|e| panic!("resolves: {e}"));
    step.chosen.expect("a bundle").0
}

fn error(step: Result<CatalogStep, ResolutionError>) -> String {
    match step {
        Ok(s) => panic!("expected an error, resolved {:?}", s.chosen),
        Err(e) => e.to_string(),
    }
}

/// From an installed bundle, one resolution step.
fn upgrade(
    catalogs: &[ClusterCatalog],
    from: &str,
    o: &PathOptions,
) -> Result<CatalogStep, ResolutionError> {
    let r = CatalogsResolver::new(catalogs, PKG, o).expect("catalogs index");
    r.next(&r.installed(from))
}

#[test]
fn package_does_not_exist() {
    let (a, b, c) = (empty(), empty(), empty());
    let named = [("a", 0, &a), ("b", 0, &b), ("c", 0, &c)];
    let e = error(install(&cats(&named), &provided(&[], "")));
    assert_eq!(e, format!("no bundles found for package {PKG:?}"));
}

#[test]
fn package_exists_takes_the_highest_non_deprecated_bundle() {
    let [a, b, c] = abc();
    let named = [("a", 0, &a), ("b", 0, &b), ("c", 0, &c)];
    let got = installed_bundle(install(&cats(&named), &provided(&[], "")));
    assert_eq!(got, name("3.0.0"));
}

#[test]
fn version_and_channel_filters_and_their_messages() {
    let [a, b, c] = abc();
    let named = [("a", 0, &a), ("b", 0, &b), ("c", 0, &c)];
    let cs = cats(&named);
    let no = |channels: &[&str], version: &str| error(install(&cs, &provided(channels, version)));
    let yes = |channels: &[&str], version: &str| {
        installed_bundle(install(&cs, &provided(channels, version)))
    };
    assert_eq!(
        no(&[], "4.0.0"),
        format!("no bundles found for package {PKG:?} matching version \"4.0.0\"")
    );
    assert_eq!(yes(&[], ">=1.0.0 <2.0.0"), name("1.0.2"));
    assert_eq!(
        no(&["stable"], ""),
        format!("no bundles found for package {PKG:?} in channels [stable]")
    );
    assert_eq!(yes(&["beta"], ""), name("1.0.2"));
    assert_eq!(
        no(&["beta"], "3.0.0"),
        format!(
            "no bundles found for package {PKG:?} matching version \"3.0.0\" in channels [beta]"
        )
    );
    assert_eq!(
        no(&["stable"], "1.0.0"),
        format!(
            "no bundles found for package {PKG:?} matching version \"1.0.0\" in channels [stable]"
        )
    );
    assert_eq!(yes(&["alpha"], "0.1.0"), name("0.1.0"));
    assert_eq!(yes(&["beta", "alpha"], ""), name("2.0.0"));
}

#[test]
fn non_deprecated_is_preferred_and_deprecated_accepted_when_alone() {
    let [a, b, c] = abc();
    let named = [("a", 0, &a), ("b", 0, &b), ("c", 0, &c)];
    let cs = cats(&named);
    let got = installed_bundle(install(&cs, &provided(&[], ">=0.1.0 <=1.0.0")));
    assert_eq!(got, name("0.1.0"));
    let got = installed_bundle(install(&cs, &provided(&[], ">=1.0.0 <=1.0.1")));
    assert_eq!(got, name("1.0.1"));
}

/// `TestPackageVariationsBetweenCatalogs`: b (1.0.0, deprecated), c (1.0.1, deprecated),
/// d (1.0.2), e (1.0.3, deprecated), f (1.0.4 and 1.0.5), all of priority 0.
#[test]
fn package_variations_between_catalogs() {
    let a = empty();
    let b = only(&["1.0.0"], &["1.0.0"]);
    let c = only(&["1.0.1"], &["1.0.1"]);
    let d = only(&["1.0.2"], &[]);
    let e = only(&["1.0.3"], &["1.0.3"]);
    let f = only(&["1.0.4", "1.0.5"], &[]);
    let named = [
        ("a", 0, &a),
        ("b", 0, &b),
        ("c", 0, &c),
        ("d", 0, &d),
        ("e", 0, &e),
        ("f", 0, &f),
    ];
    let cs = cats(&named);
    let run = |version: &str| install(&cs, &provided(&[], version));
    // Deprecated in all but one catalog: the only non-deprecated pick wins.
    let step = run(">=1.0.0 <=1.0.3").expect("resolves");
    assert_eq!(step.catalog, "d");
    assert_eq!(step.chosen.expect("a bundle").0, name("1.0.2"));
    // Deprecated in several catalogs of the same priority: no decision.
    assert!(error(run(">=1.0.0 <=1.0.1"))
        .ends_with("in multiple catalogs with the same priority [b c]"));
    // Not deprecated in several catalogs: no decision either (versions are not compared).
    assert!(error(run(">=1.0.0 <=1.0.4"))
        .ends_with("in multiple catalogs with the same priority [d f]"));
    // Within one catalog, the highest version.
    assert_eq!(installed_bundle(run(">=1.0.4 <=1.0.5")), name("1.0.5"));
}

#[test]
fn upgrades_follow_the_catalogs_edges_and_self_certified_allows_downgrades() {
    let [a, b, c] = abc();
    let named = [("a", 0, &a), ("b", 0, &b), ("c", 0, &c)];
    let cs = cats(&named);
    // 0.1.0 → 1.0.2 by its skipRange (1.0.0 and 1.0.1 are deprecated).
    let step = upgrade(&cs, &name("0.1.0"), &provided(&[], "")).expect("resolves");
    assert_eq!(step.chosen.expect("a bundle").0, name("1.0.2"));
    let e = error(upgrade(
        &cs,
        &name("0.1.0"),
        &provided(&[], "<1.0.0 >=2.0.0"),
    ));
    assert_eq!(
        e,
        format!("error upgrading from currently installed version \"0.1.0\": no bundles found for package {PKG:?} matching version \"<1.0.0 >=2.0.0\"")
    );
    let certified = |v: &str| options(&[], v, UpgradeConstraintPolicy::SelfCertified);
    let step = upgrade(&cs, &name("1.0.2"), &certified("<1.0.2")).expect("resolves");
    assert_eq!(step.chosen.expect("a bundle").0, name("0.1.0"));
    let e = error(upgrade(&cs, &name("1.0.2"), &certified(">0.1.0 <1.0.0")));
    assert_eq!(
        e,
        format!("error upgrading from currently installed version \"1.0.2\": no bundles found for package {PKG:?} matching version \">0.1.0 <1.0.0\"")
    );
}

/// The same four rows (`TestUpgradeFoundLegacy`, `TestUpgradeNotFoundLegacy`,
/// `TestDowngradeFound`, `TestDowngradeNotFound`) with the package in one catalog, as
/// `path --resolver v1` resolves it without `--catalog-priority`: the same bundles, and the
/// same error where OLM v1 finds no candidate at all.
#[test]
fn a_single_catalog_gives_olm_v1s_error_where_nothing_is_a_candidate() {
    let c = gen_package();
    let path = |from: &str, o: &PathOptions| {
        resolve_path(&c, PKG, &name(from), o, None).expect("resolves")
    };
    let found = path("0.1.0", &provided(&[], ""));
    assert_eq!(found.error, None);
    assert_eq!(found.hops[0].to, name("1.0.2"));
    let refused = path("0.1.0", &provided(&[], "<1.0.0 >=2.0.0"));
    assert!(refused.hops.is_empty());
    assert_eq!(
        refused.error.map(|e| e.to_string()),
        Some(format!("error upgrading from currently installed version \"0.1.0\": no bundles found for package {PKG:?} matching version \"<1.0.0 >=2.0.0\""))
    );
    let certified = |v: &str| options(&[], v, UpgradeConstraintPolicy::SelfCertified);
    let down = path("1.0.2", &certified("<1.0.2"));
    assert_eq!((down.error, down.hops[0].to.clone()), (None, name("0.1.0")));
    let refused = path("1.0.2", &certified(">0.1.0 <1.0.0"));
    let doc = serde_json::to_value(refused.document()).expect("JSON");
    assert_eq!(doc["outcome"], "resolution-error");
    assert_eq!(
        doc["error"].as_str().map(str::to_string),
        Some(format!("error upgrading from currently installed version \"1.0.2\": no bundles found for package {PKG:?} matching version \">0.1.0 <1.0.0\""))
    );
    // Inside the range the installed bundle is its own candidate: up to date, no error.
    let stay = path("1.0.2", &provided(&[], ">=1.0.2 <2.0.0"));
    assert_eq!((stay.error, stay.hops.len()), (None, 0));
}

#[test]
fn unequal_priority_breaks_the_tie_even_against_a_higher_version() {
    let a = only(&["1.0.0"], &[]);
    let b = only(&["1.1.0"], &[]);
    let named = [("a", 1, &a), ("b", 0, &b)];
    let step = install(&cats(&named), &provided(&[], "")).expect("resolves");
    assert_eq!(step.catalog, "a");
    assert_eq!(step.chosen.expect("a bundle").0, name("1.0.0"));
    assert_eq!(step.other_catalogs.len(), 1);
    assert_eq!(step.other_catalogs[0].catalog, "b");
    assert_eq!(
        step.other_catalogs[0].why,
        "lower priority: 0 is below a's 1"
    );
}

/// A tie at the top names every catalog still in the running, the lower priority too.
#[test]
fn a_tie_at_the_top_priority_is_an_error_naming_every_catalog() {
    let (a, b, c) = (gen_package(), gen_package(), gen_package());
    let named = [("a", 1, &a), ("b", 0, &b), ("c", 1, &c)];
    let e = error(install(&cats(&named), &provided(&[], ">=1.0.0 <=1.0.1")));
    assert_eq!(
        e,
        format!("found bundles for package {PKG:?} matching version \">=1.0.0 <=1.0.1\" in multiple catalogs with the same priority [a b c]")
    );
}

#[test]
fn catalog_priorities_are_refused_outside_v1_and_names_must_differ() {
    let a = gen_package();
    let v0 = PathOptions::default();
    let named = [("a", 0, &a)];
    let r = resolve_path_across(&cats(&named), PKG, &name("0.1.0"), &v0);
    assert_eq!(r.err(), Some(CatalogsError::NotV1));
    let twice = [("a", 0, &a), ("a", 1, &a)];
    let r = resolve_path_across(&cats(&twice), PKG, &name("0.1.0"), &provided(&[], ""));
    assert_eq!(
        r.err(),
        Some(CatalogsError::DuplicateCatalog { name: "a".into() })
    );
}

const DESCHEDULER: &str = "cluster-kube-descheduler-operator";

fn descheduler(platform: &str) -> Catalog {
    load(&catalog(&format!(
        "openshift-kube-descheduler-fbc/{platform}/{DESCHEDULER}.json"
    )))
}

/// Two real catalogs of the same package (the 4.16 and 4.17 descheduler catalogs, both
/// served as ClusterCatalogs): at the same priority OLM v1 refuses to choose, even where both
/// would pick the same bundle; a higher priority makes the path its catalog's own.
#[test]
fn two_real_catalogs_tie_unless_one_has_the_higher_priority() {
    let (old, new) = (descheduler("v4.16"), descheduler("v4.17"));
    let o = PathOptions {
        resolver: Resolver::V1,
        channel: Some("stable".into()),
        ..PathOptions::default()
    };
    let from = "clusterkubedescheduleroperator.v5.0.2";
    let tie = [("redhat-4.16", 0, &old), ("redhat-4.17", 0, &new)];
    let p = resolve_path_across(&cats(&tie), DESCHEDULER, from, &o).expect("indexes");
    assert!(p.hops.is_empty());
    let e = p.error.expect("a tie").to_string();
    assert!(
        e.starts_with("error upgrading from currently installed version \"5.0.2\": found bundles for package \"cluster-kube-descheduler-operator\" in channels [stable]"),
        "{e}"
    );
    assert!(e.ends_with("in multiple catalogs with the same priority [redhat-4.16 redhat-4.17]"));
    // Each catalog alone, and each preferred in turn: the path is that catalog's.
    for (first, second) in [(&old, &new), (&new, &old)] {
        let ranked = [("first", 1, first), ("second", 0, second)];
        let across = resolve_path_across(&cats(&ranked), DESCHEDULER, from, &o).expect("indexes");
        let alone = [("first", 0, first)];
        let single = resolve_path_across(&cats(&alone), DESCHEDULER, from, &o).expect("indexes");
        assert!(across.error.is_none(), "{:?}", across.error);
        assert_eq!(across.end, single.end);
        assert!(across.hops.iter().all(|h| h.catalog == "first"));
        let single_path = olm_graph_core::resolve::resolve_path(first, DESCHEDULER, from, &o, None)
            .expect("resolves");
        let hops: Vec<_> = across.hops.iter().map(|h| h.to.as_str()).collect();
        let expected: Vec<_> = single_path.hops.iter().map(|h| h.to.as_str()).collect();
        assert_eq!(hops, expected);
        assert!(!hops.is_empty());
    }
}
