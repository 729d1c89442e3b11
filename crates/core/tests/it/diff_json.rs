//! The `diff --json` document: every fate's path, followed from its `next` through `steps` to
//! its `end`, is the path `resolve_path` walks from that bundle in the new catalog, and the
//! document grows linearly with the catalog (no whole paths unless asked).

use crate::common::{catalog, load};
use olm_graph_core::change::{diff_package, DiffOptions, Fate, PathListing};
use olm_graph_core::model::Catalog;
use olm_graph_core::resolve::{resolve_path, PathOptions, Resolver};
use olm_graph_core::{load_files, InputFile};
use serde_json::Value;

/// A chain of `n` bundles `p.v0.0.i`, each replacing the one before it, every 50th also with
/// the skipRange `>=0.0.(i-100) <0.0.i` (the `ranges` shape of `bench --synthetic`).
fn ranges_chain(n: usize) -> Catalog {
    let mut text = String::from(r#"{"schema":"olm.package","name":"p","defaultChannel":"c"}"#);
    let entries: Vec<String> = (0..n)
        .map(|i| {
            let mut e = format!(r#"{{"name":"p.v0.0.{i}""#);
            if i > 0 {
                e += &format!(r#","replaces":"p.v0.0.{}""#, i - 1);
            }
            if i > 0 && i % 50 == 0 {
                e += &format!(r#","skipRange":">=0.0.{} <0.0.{i}""#, i.saturating_sub(100));
            }
            e + "}"
        })
        .collect();
    text += &format!(
        r#"{{"schema":"olm.channel","package":"p","name":"c","entries":[{}]}}"#,
        entries.join(",")
    );
    for i in 0..n {
        text += &format!(
            r#"{{"schema":"olm.bundle","package":"p","name":"p.v0.0.{i}","image":"q/p:{i}","properties":[{{"type":"olm.package","value":{{"packageName":"p","version":"0.0.{i}"}}}}]}}"#
        );
    }
    load_files(vec![InputFile::new("chain.json", text)])
}

/// The path of a fate record of the document, followed from `next` through `steps`, checked
/// to take `hops` hops and to stop on `end`.
fn follow(doc: &Value, fate: &Value) -> Vec<String> {
    let text = |v: &Value| v.as_str().expect("a bundle name").to_string();
    let mut path = vec![text(&fate["bundle"])];
    let hops = fate["hops"].as_u64().expect("hops") as usize;
    let steps = &doc["steps"][fate["channel"].as_str().expect("channel")];
    if let Some(next) = fate["next"].as_str() {
        path.push(next.to_string());
        while path.len() <= hops {
            let last = path.last().expect("a bundle");
            path.push(text(&steps[last.as_str()]));
        }
    } else {
        assert_eq!(hops, 0, "no first hop, no hops: {fate}");
    }
    assert_eq!(path.len(), hops + 1, "{fate}");
    assert_eq!(
        path.last().map(String::as_str),
        fate["end"].as_str(),
        "{fate}"
    );
    path
}

/// Checks every fate of the `package` switch from `old` to `new` under `resolver`: followed
/// through the document, its path is the whole path the document lists with
/// [`PathListing::Whole`]; for every `sample`-th fate, also the one `resolve_path` walks.
/// Returns the fates' statuses.
fn check_switch(
    old: &Catalog,
    new: &Catalog,
    package: &str,
    resolver: Resolver,
    sample: usize,
) -> Vec<Fate> {
    let options = DiffOptions {
        channel: None,
        resolver,
    };
    let d = diff_package(old, new, package, &options).expect("the old catalog has the package");
    let doc = serde_json::to_value(d.document(&options, PathListing::Linked)).expect("JSON");
    let whole = serde_json::to_value(d.document(&options, PathListing::Whole)).expect("JSON");
    let fates = doc["fates"].as_array().expect("fates");
    assert_eq!(fates.len(), d.fates.len());
    assert_eq!(doc["package"], package);
    assert_eq!(doc["resolver"], resolver.as_str());
    for (i, (f, w)) in fates
        .iter()
        .zip(whole["fates"].as_array().expect("fates"))
        .enumerate()
    {
        assert!(f.get("path").is_none(), "no whole path unless asked: {f}");
        let path = follow(&doc, f);
        assert_eq!(w["path"], serde_json::json!(path), "{f}");
        if i % sample != 0 {
            continue;
        }
        let bundle = f["bundle"].as_str().expect("bundle");
        let path_options = PathOptions {
            resolver,
            channel: Some(f["channel"].as_str().expect("channel").to_string()),
            installed_version: old
                .package(package)
                .and_then(|p| p.bundle(bundle))
                .and_then(|b| b.version.clone()),
            ..PathOptions::default()
        };
        match (new.package(package), f["status"].as_str()) {
            (None, _) | (_, Some("channel-removed")) => assert_eq!(path, [bundle]),
            _ => match resolve_path(new, package, bundle, &path_options, None) {
                Ok(p) => {
                    let mut walked = vec![bundle.to_string()];
                    walked.extend(p.hops.iter().map(|h| h.to.clone()));
                    assert_eq!(path, walked, "{resolver:?} from {bundle}");
                }
                Err(e) => {
                    assert_eq!(f["status"], "stranded", "{bundle}: {}", e.message);
                    assert_eq!(path, [bundle]);
                }
            },
        }
    }
    d.fates.iter().map(|f| f.status).collect()
}

#[test]
fn a_generated_chain_s_fates_follow_to_their_ends_as_resolve_path_walks_them() {
    let n = 3_000;
    let (old, new) = (ranges_chain(n), ranges_chain(n - n / 100));
    for resolver in [Resolver::V0, Resolver::V1] {
        let statuses = check_switch(&old, &new, "p", resolver, 97);
        assert_eq!(statuses.len(), n);
        let upgradable = statuses.iter().filter(|s| **s == Fate::Upgradable).count();
        assert!(upgradable > n / 2, "{resolver:?}: {upgradable} upgradable");
    }
}

#[test]
fn real_descheduler_switches_follow_to_their_ends_as_resolve_path_walks_them() {
    let dir = "openshift-kube-descheduler-fbc";
    for (from, to) in [("v4.16", "v4.17"), ("v4.12", "v4.13"), ("v4.21", "v4.12")] {
        let old = load(&catalog(&format!("{dir}/{from}")));
        let new = load(&catalog(&format!("{dir}/{to}")));
        for resolver in [Resolver::V0, Resolver::V1] {
            let statuses =
                check_switch(&old, &new, "cluster-kube-descheduler-operator", resolver, 1);
            assert!(!statuses.is_empty(), "{from} -> {to}");
        }
    }
}

/// The document's size per bundle does not grow with the catalog: the paths are linked, not
/// repeated (whole paths would make it grow with the path length, here N / 100).
#[test]
fn the_document_grows_linearly_with_the_chain() {
    let size = |n: usize| {
        let (old, new) = (ranges_chain(n), ranges_chain(n - n / 100));
        let options = DiffOptions::default();
        let d = diff_package(&old, &new, "p", &options).expect("diff");
        let linked = serde_json::to_vec(&d.document(&options, PathListing::Linked)).expect("JSON");
        let whole = serde_json::to_vec(&d.document(&options, PathListing::Whole)).expect("JSON");
        (linked.len() as f64, whole.len() as f64)
    };
    let (small, large) = (size(2_000), size(8_000));
    let linked = large.0 / small.0;
    let whole = large.1 / small.1;
    assert!(
        linked < 4.6,
        "4 times the bundles, {linked:.2} times the JSON"
    );
    assert!(
        whole > 5.0,
        "whole paths grow as bundles × hops: {whole:.2}"
    );
}

/// The review's installed bundles give their paths as the diff does: the Markdown report lists
/// a path of up to 16 hops whole (followed through the review's steps) and a longer one by its
/// first hop, its end and its length.
#[test]
fn the_review_lists_short_paths_whole_and_long_ones_shortened() {
    use olm_graph_core::review::{markdown, review_catalogs, MarkdownOptions, ReviewOptions};
    let (old, new) = (ranges_chain(41), ranges_chain(42));
    let review = review_catalogs(&old, &new, &ReviewOptions::default()).expect("a review");
    let package = &review.packages[0];
    let near = package
        .installed
        .iter()
        .find(|b| b.bundle == "p.v0.0.30")
        .expect("installed");
    let listed: Vec<String> = (30..=41).map(|i| format!("p.v0.0.{i}")).collect();
    assert_eq!(package.path(near, Resolver::V0), listed);
    assert_eq!(package.path(near, Resolver::V1), listed);
    let options = MarkdownOptions {
        max_chars: 1_000_000,
        ..MarkdownOptions::default()
    };
    let text = markdown(&review, &options);
    let whole: Vec<String> = (31..=41).map(|i| format!("`p.v0.0.{i}`")).collect();
    assert!(
        text.contains(&format!("→ {} |", whole.join(" → "))),
        "{text}"
    );
    assert!(
        text.contains("→ `p.v0.0.1` → … → `p.v0.0.41` (41 hops) |"),
        "{text}"
    );
}
