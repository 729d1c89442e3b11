//! The real catalog templates under `../shared/catalogs/templates/basic/`: read through every
//! input path as the catalogs they stand for, rendered with their published catalogs as bundle
//! source, and compared with them.
//!
//! The expected counts were taken with a plain YAML parse of each file (PyYAML, template
//! entries and stream documents together), independently of olm-graph's reader.

use crate::common;

use common::{catalog, load};
use olm_graph_core::export::{graph_json, GraphJsonOptions};
use olm_graph_core::graph::channel_graphs;
use olm_graph_core::load::InputFile;
use olm_graph_core::model::{Catalog, FactSource, ImageMatch};
use olm_graph_core::resolve::Resolver;
use olm_graph_core::template::{drift, render_fbc, template_catalog};
use olm_graph_core::validate::lint_catalog;
use olm_graph_core::Severity;

struct Expected {
    file: &'static str,
    package: &'static str,
    default_channel: &'static str,
    /// (channel, entries)
    channels: &'static [(&'static str, usize)],
    /// Bundle entries of the template, and how many of them carry a name.
    bundles: usize,
    named: usize,
}

const TEMPLATES: &[Expected] = &[
    Expected {
        file: "cluster-kube-descheduler-operator-v4.22.catalog-template.yaml",
        package: "cluster-kube-descheduler-operator",
        default_channel: "stable",
        channels: &[("stable", 6)],
        bundles: 6,
        named: 0,
    },
    Expected {
        file: "external-dns-operator-v4.21.catalog-template.yaml",
        package: "external-dns-operator",
        default_channel: "stable-v1",
        channels: &[
            ("stable-v1", 18),
            ("stable-v1.1", 4),
            ("stable-v1.2", 5),
            ("stable-v1.3", 9),
        ],
        bundles: 18,
        named: 18,
    },
    Expected {
        file: "rhtpa-operator-v4.18.graph.yaml",
        package: "rhtpa-operator",
        default_channel: "stable-v3",
        channels: &[
            ("stable", 3),
            ("stable-v1.0", 3),
            ("stable-v1.1", 8),
            ("stable-v3", 2),
        ],
        bundles: 13,
        named: 13,
    },
    Expected {
        file: "serverless-operator-v4.13.catalog-template.yaml",
        package: "serverless-operator",
        default_channel: "stable",
        channels: &[
            ("stable", 17),
            ("stable-1.29", 12),
            ("stable-1.30", 13),
            ("stable-1.31", 14),
            ("stable-1.32", 15),
            ("stable-1.33", 16),
            ("stable-1.34", 16),
            ("stable-1.35", 17),
        ],
        bundles: 22,
        named: 0,
    },
    Expected {
        file: "serverless-operator-v4.22.catalog-template.yaml",
        package: "serverless-operator",
        default_channel: "stable",
        channels: &[
            ("stable", 22),
            ("stable-1.29", 12),
            ("stable-1.30", 13),
            ("stable-1.31", 14),
            ("stable-1.32", 15),
            ("stable-1.33", 16),
            ("stable-1.34", 17),
            ("stable-1.35", 18),
            ("stable-1.36", 19),
            ("stable-1.37", 21),
            ("stable-1.38", 22),
        ],
        bundles: 29,
        named: 0,
    },
];

fn template(file: &str) -> std::path::PathBuf {
    catalog(&format!("templates/basic/{file}"))
}

fn input(path: &std::path::Path) -> InputFile {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    InputFile::new(path.display().to_string(), text)
}

/// Every file of a rendered catalog directory, as input files.
fn dir_inputs(rel: &str) -> Vec<InputFile> {
    let dir = catalog(rel);
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("entry").path())
        .collect();
    paths.sort();
    paths.iter().map(|p| input(p)).collect()
}

fn check_counts(c: &Catalog, t: &Expected) {
    let pkg = c
        .package(t.package)
        .unwrap_or_else(|| panic!("{}: no package {}", t.file, t.package));
    assert!(pkg.declared, "{}", t.file);
    assert_eq!(
        pkg.default_channel.as_deref(),
        Some(t.default_channel),
        "{}",
        t.file
    );
    let got: Vec<(&str, usize)> = pkg
        .channels
        .iter()
        .map(|ch| (ch.name.as_str(), ch.entries.len()))
        .collect();
    assert_eq!(got, t.channels, "{}", t.file);
    // Bundles known by name are in the model; digest-only ones wait for a bundle source.
    assert_eq!(pkg.bundles.len(), t.named, "{}", t.file);
    let origin = pkg.template.as_ref().expect("marked as a template");
    assert_eq!(origin.schema, "olm.template.basic");
    assert_eq!(
        origin.unnamed_images.len(),
        t.bundles - t.named,
        "{}",
        t.file
    );
}

#[test]
fn every_real_template_loads_with_its_package_channels_and_entries() {
    for t in TEMPLATES {
        let c = load(&template(t.file));
        check_counts(&c, t);
        let summary = &c.files[0];
        assert_eq!(summary.template.as_deref(), Some("olm.template.basic"));
        let bytes = std::fs::metadata(template(t.file)).expect("file").len() as usize;
        assert_eq!(summary.bytes, bytes, "{}: the file's own size", t.file);
    }
}

#[test]
fn real_templates_lint_without_errors_except_rhtpas_dangling_deprecations() {
    for t in TEMPLATES {
        let c = load(&template(t.file));
        let errors: Vec<String> = lint_catalog(&c)
            .into_iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| d.message)
            .collect();
        if t.file.starts_with("rhtpa") {
            // opm renders deprecations as written; `opm validate` rejects these four.
            assert_eq!(
                errors,
                [
                    "cannot deprecate channel \"stable.v1.0\" for package \"rhtpa-operator\": channel not found",
                    "cannot deprecate bundle \"rhtas-operator.v1.0.0\" for package \"rhtpa-operator\": bundle not found",
                    "cannot deprecate bundle \"rhtas-operator.v1.0.1\" for package \"rhtpa-operator\": bundle not found",
                    "cannot deprecate bundle \"rhtas-operator.v1.0.2\" for package \"rhtpa-operator\": bundle not found",
                ],
                "{}",
                t.file
            );
        } else {
            assert!(errors.is_empty(), "{}: {errors:#?}", t.file);
        }
    }
}

#[test]
fn the_rhtpa_stream_is_rendered_with_a_warning_naming_opms_refusal() {
    let c = load(&template("rhtpa-operator-v4.18.graph.yaml"));
    let w = c
        .diagnostics
        .iter()
        .find(|d| d.code == "template.stream")
        .expect("stream warning");
    assert_eq!(w.severity, Severity::Warning);
    assert!(
        w.message
            .contains("auto-detecting template type: unknown template schema: olm.channel"),
        "{}",
        w.message
    );
    let pkg = c.package("rhtpa-operator").expect("package");
    // The channels come from the documents before the template, bundles from its entries.
    let stable = pkg.channel("stable").expect("channel");
    assert_eq!(stable.location.as_ref().and_then(|l| l.document), Some(1));
    let b = pkg.bundle("rhtpa-operator.v1.1.7").expect("bundle");
    assert_eq!(
        b.version.as_ref().map(|v| v.to_string()).as_deref(),
        Some("1.1.7")
    );
    let facts = b.facts.as_ref().expect("facts");
    assert_eq!(facts.name, Some(FactSource::BundleName));
    assert_eq!(facts.version, Some(FactSource::BundleName));
    assert_eq!(facts.package, Some(FactSource::TemplatePackage));
    assert!(facts.stub);
    assert_eq!(b.location.as_ref().and_then(|l| l.document), Some(5));
}

#[test]
fn templates_load_through_directories_and_several_paths() {
    let dir = load(&catalog("templates/basic"));
    let names: Vec<&str> = dir.packages.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "cluster-kube-descheduler-operator",
            "external-dns-operator",
            "rhtpa-operator",
            "serverless-operator"
        ]
    );
    let two =
        olm_graph_core::load_paths(&[template(TEMPLATES[0].file), template(TEMPLATES[1].file)])
            .expect("loads");
    check_counts(&two, &TEMPLATES[0]);
    check_counts(&two, &TEMPLATES[1]);
    // In memory, as the web app hands files over.
    let files = vec![input(&template(TEMPLATES[3].file))];
    check_counts(&olm_graph_core::load_files(files), &TEMPLATES[3]);
}

/// `graph --json` of every package of a catalog.
fn graphs(c: &Catalog) -> Vec<serde_json::Value> {
    c.packages
        .iter()
        .map(|p| {
            let options = GraphJsonOptions {
                channel: None,
                resolver: Resolver::V0,
            };
            graph_json(p, &channel_graphs(p), &options)
        })
        .collect()
}

#[test]
fn rendering_with_the_published_catalog_gives_its_bytes_and_its_graph() {
    let rendered_dir = "openshift-kube-descheduler-fbc/v4.22";
    let t = input(&template(TEMPLATES[0].file));
    let sources = dir_inputs(rendered_dir);
    let out = render_fbc(std::slice::from_ref(&t), &sources, None).expect("renders");
    assert!(out.warnings.is_empty(), "{:?}", out.warnings);
    assert_eq!(out.text, sources[0].text, "byte for byte what opm wrote");

    let pairs = [
        (TEMPLATES[0].file, rendered_dir),
        (TEMPLATES[1].file, "openshift-external-dns-operator/v4.21"),
    ];
    for (file, dir) in pairs {
        let t = input(&template(file));
        let sources = dir_inputs(dir);
        let from_template = template_catalog(std::slice::from_ref(&t), &sources);
        let published = load(&catalog(dir));
        assert_eq!(graphs(&from_template), graphs(&published), "{file}");
        assert!(
            drift::compare(&from_template, &published).is_empty(),
            "{file}"
        );
        let pkg = &from_template.packages[0];
        for b in &pkg.bundles {
            let facts = b.facts.as_ref().expect("facts");
            assert!(!facts.stub, "{}", b.name);
            assert!(
                matches!(
                    &facts.version,
                    Some(FactSource::BundleSource {
                        matched_by: ImageMatch::Exact,
                        ..
                    })
                ),
                "{}: {facts:?}",
                b.name
            );
        }
    }
}

/// (channel, bundle, field, the template's values, the rendered catalog's values)
type Edge<'a> = (&'a str, &'a str, &'a str, Vec<String>, Vec<String>);

#[test]
fn the_rhtpa_template_drifted_from_its_published_catalog() {
    let t = input(&template("rhtpa-operator-v4.18.graph.yaml"));
    let dir = "trusted-profile-analyzer-fbc/v4.18";
    let from_template = template_catalog(std::slice::from_ref(&t), &dir_inputs(dir));
    let found = drift::compare(&from_template, &load(&catalog(dir)));
    assert_eq!(found.len(), 1);
    let d = &found[0];
    assert!(d.default_channel.is_none() && d.entries.is_empty());
    assert!(d.bundles_only_in_template.is_empty() && d.bundles_only_in_rendered.is_empty());
    let edges: Vec<Edge> = d
        .edges
        .iter()
        .map(|e| {
            (
                e.channel.as_str(),
                e.bundle.as_str(),
                e.field,
                e.template.clone(),
                e.rendered.clone(),
            )
        })
        .collect();
    let skip = |c, b, s: &str| (c, b, "skips", vec![s.to_string()], Vec::<String>::new());
    assert_eq!(
        edges,
        [
            skip("stable", "rhtpa-operator.v1.0.1", "rhtpa-operator.v1.0.0"),
            skip("stable", "rhtpa-operator.v1.0.2", "rhtpa-operator.v1.0.1"),
            skip(
                "stable-v1.0",
                "rhtpa-operator.v1.0.1",
                "rhtpa-operator.v1.0.0"
            ),
            skip(
                "stable-v1.0",
                "rhtpa-operator.v1.0.2",
                "rhtpa-operator.v1.0.1"
            ),
        ]
    );
}

#[test]
fn template_lint_names_bundles_without_a_known_version() {
    let c = load(&template(TEMPLATES[0].file));
    let lints: Vec<_> = lint_catalog(&c)
        .into_iter()
        .filter(|d| d.code == "template.unknown-version")
        .collect();
    assert_eq!(lints.len(), 1, "{lints:#?}");
    assert!(lints[0].message.starts_with("6 bundle image(s) have no known name or version: it cannot take part in skipRange matching or semver channel generation"));
    // Rendered with its bundle source, every version is known.
    let t = input(&template(TEMPLATES[0].file));
    let c = template_catalog(&[t], &dir_inputs("openshift-kube-descheduler-fbc/v4.22"));
    assert!(lint_catalog(&c)
        .iter()
        .all(|d| d.code != "template.unknown-version"));
}

#[test]
fn the_cheap_template_test_finds_every_real_template_and_no_rendered_catalog() {
    use olm_graph_core::template::{might_hold_template, TemplateKind};
    for t in TEMPLATES {
        let text = std::fs::read_to_string(template(t.file)).expect("template");
        assert!(might_hold_template(&text), "{}", t.file);
        assert!(TemplateKind::Basic.named_in(&text), "{}", t.file);
        assert!(!TemplateKind::Semver.named_in(&text), "{}", t.file);
    }
    for rel in [
        "compliance-operator-fbc/v4.17/compliance-operator.yaml",
        "community-operators-prod/v4.21/project-quay.yaml",
    ] {
        let Ok(text) = std::fs::read_to_string(catalog(rel)) else {
            panic!("{rel}")
        };
        assert!(!might_hold_template(&text), "{rel}");
    }
    // Schemas are matched as written, as the reader matches them.
    assert!(TemplateKind::Semver.named_in("schema: olm.semver\n"));
    assert!(!TemplateKind::Semver.named_in("schema: OLM.SEMVER\n"));
}

/// The web app's parsing worker reads File-Based Catalog only
/// (`open::load_fbc_files_with_progress`) and hands every request with a file that might hold a
/// template to its tools worker: every real template is so told, and a rendered catalog with
/// none reads to the same catalog with the template step as without it.
#[test]
fn real_templates_are_told_and_catalogs_without_one_read_the_same_without_the_template_step() {
    use olm_graph_core::open::{load_fbc_files_with_progress, load_files_with_progress};
    use olm_graph_core::template::might_hold_template;
    for t in TEMPLATES {
        assert!(
            might_hold_template(&input(&template(t.file)).text),
            "{}",
            t.file
        );
    }
    let files = dir_inputs("openshift-kube-descheduler-fbc/v4.22");
    assert!(files.iter().all(|f| !might_hold_template(&f.text)));
    let json = |c: &Catalog| serde_json::to_string(c).expect("a catalog serializes");
    let with = load_files_with_progress(files.clone(), Default::default(), &mut |_| {});
    let without = load_fbc_files_with_progress(files, Default::default(), &mut |_| {});
    assert!(with.package("cluster-kube-descheduler-operator").is_some());
    assert_eq!(json(&with), json(&without));
}
