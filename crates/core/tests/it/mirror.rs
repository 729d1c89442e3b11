//! The mirror filter (spec/mirror.md): catalog-filter's channel and filter tables and
//! oc-mirror's validation table ported (spec/mirror.md §6), then real catalogs.

use olm_graph_core::load::Limits;
use olm_graph_core::mirror::{
    channel_marks, cut_package, dropped_channels, keep_in_range, mirror_catalog, mirror_package,
    read_config, set_bound, validate_config, write_config, write_kept, Bound, ChannelFilter, Cut,
    MirrorOptions, OperatorEntry, PackageFilter,
};
use olm_graph_core::model::Catalog;
use olm_graph_core::validate::lint_catalog;
use olm_graph_core::{load_files, InputFile};

use crate::common;

/// A catalog of one package `pkg` with one channel `ch` (the default) of `entries` (JSON), and
/// a bundle per (name, version).
fn one_channel(entries: &str, bundles: &[(&str, &str)]) -> Catalog {
    let mut text = String::from(
        r#"{"schema":"olm.package","name":"pkg","defaultChannel":"ch"}
"#,
    );
    text.push_str(&format!(
        r#"{{"schema":"olm.channel","package":"pkg","name":"ch","entries":{entries}}}
"#
    ));
    for (name, version) in bundles {
        text.push_str(&format!(
            r#"{{"schema":"olm.bundle","package":"pkg","name":"{name}","image":"quay.io/x/{name}","properties":[{{"type":"olm.package","value":{{"packageName":"pkg","version":"{version}"}}}}]}}
"#
        ));
    }
    load_files(vec![InputFile::new("t.json", text)])
}

fn range_case(entries: &str, versions: &[(&str, &str)], range: &str) -> (Vec<String>, Vec<String>) {
    let cat = one_channel(entries, versions);
    let pkg = &cat.packages[0];
    keep_in_range(pkg, &pkg.channels[0], range).unwrap_or_else(|e| panic!("{e}"))
}

/// One case: name, entries (JSON), bundle versions, range, kept names, warnings.
type RangeCase<'a> = (
    &'a str,
    &'a str,
    Vec<(&'a str, &'a str)>,
    &'a str,
    Vec<&'a str>,
    Vec<&'a str>,
);

/// catalog-filter's `TestChannel_FilterByVersionRange`, every case: kept names and warnings.
#[test]
fn channel_range_table() {
    let r = ">=1.0.0 <2.0.0";
    let cases: Vec<RangeCase> = vec![
        (
            "single entry",
            r#"[{"name":"foo.v1.0.0"}]"#,
            vec![("foo.v1.0.0", "1.0.0")],
            r,
            vec!["foo.v1.0.0"],
            vec![],
        ),
        (
            "single entry, out of range",
            r#"[{"name":"foo.v2.0.0"}]"#,
            vec![("foo.v2.0.0", "2.0.0")],
            r,
            vec![],
            vec![],
        ),
        (
            "include head, but not tail",
            r#"[{"name":"foo.v1.1.0","replaces":"foo.v1.0.0"},{"name":"foo.v1.0.0","replaces":"foo.v0.1.0"},{"name":"foo.v0.1.0"}]"#,
            vec![
                ("foo.v1.1.0", "1.1.0"),
                ("foo.v1.0.0", "1.0.0"),
                ("foo.v0.1.0", "0.1.0"),
            ],
            r,
            vec!["foo.v1.0.0", "foo.v1.1.0"],
            vec![],
        ),
        (
            "include tail, but not head",
            r#"[{"name":"foo.v2.0.0","replaces":"foo.v1.1.0"},{"name":"foo.v1.1.0","replaces":"foo.v1.0.0"},{"name":"foo.v1.0.0"}]"#,
            vec![
                ("foo.v2.0.0", "2.0.0"),
                ("foo.v1.1.0", "1.1.0"),
                ("foo.v1.0.0", "1.0.0"),
            ],
            r,
            vec!["foo.v1.0.0", "foo.v1.1.0"],
            vec![],
        ),
        (
            "neither head nor tail",
            r#"[{"name":"foo.v2.0.0","replaces":"foo.v1.1.0"},{"name":"foo.v1.1.0","replaces":"foo.v1.0.0"},{"name":"foo.v1.0.0","replaces":"foo.v0.1.0"},{"name":"foo.v0.1.0"}]"#,
            vec![
                ("foo.v2.0.0", "2.0.0"),
                ("foo.v1.1.0", "1.1.0"),
                ("foo.v1.0.0", "1.0.0"),
                ("foo.v0.1.0", "0.1.0"),
            ],
            r,
            vec!["foo.v1.0.0", "foo.v1.1.0"],
            vec![],
        ),
        (
            "head out-of-range, one skip in range",
            r#"[{"name":"foo.v2.0.0","skips":["foo.v1.0.0"]},{"name":"foo.v1.0.0"}]"#,
            vec![("foo.v2.0.0", "2.0.0"), ("foo.v1.0.0", "1.0.0")],
            r,
            vec!["foo.v1.0.0", "foo.v2.0.0"],
            // The table lists no warning for this case but only checks the ones it lists; the
            // chain bundle outside the range is warned about as in every other case.
            vec![
                r#"including bundle "foo.v2.0.0" with version "2.0.0": it falls outside the specified range of ">=1.0.0 <2.0.0" but is required to ensure inclusion of all bundles in the range"#,
            ],
        ),
        (
            "include head outside of range",
            r#"[{"name":"foo.v2.0.0","replaces":"foo.v1.1.1","skips":["foo.v1.1.0"]},{"name":"foo.v1.1.1"},{"name":"foo.v1.1.0"}]"#,
            vec![
                ("foo.v2.0.0", "2.0.0"),
                ("foo.v1.1.1", "1.1.1"),
                ("foo.v1.1.0", "1.1.0"),
            ],
            r,
            vec!["foo.v1.1.0", "foo.v1.1.1", "foo.v2.0.0"],
            vec![
                r#"including bundle "foo.v2.0.0" with version "2.0.0": it falls outside the specified range of ">=1.0.0 <2.0.0" but is required to ensure inclusion of all bundles in the range"#,
            ],
        ),
        (
            "include intermediate outside of range",
            r#"[{"name":"foo.v1.1.0","replaces":"foo.v2.0.0"},{"name":"foo.v2.0.0","replaces":"foo.v1.0.0"},{"name":"foo.v1.0.0","replaces":"foo.v0.1.0"},{"name":"foo.v0.1.0"}]"#,
            vec![
                ("foo.v2.0.0", "2.0.0"),
                ("foo.v1.1.0", "1.1.0"),
                ("foo.v1.0.0", "1.0.0"),
                ("foo.v0.1.0", "0.1.0"),
            ],
            r,
            vec!["foo.v1.0.0", "foo.v1.1.0", "foo.v2.0.0"],
            vec![
                r#"including bundle "foo.v2.0.0" with version "2.0.0": it falls outside the specified range of ">=1.0.0 <2.0.0" but is required to ensure inclusion of all bundles in the range"#,
            ],
        ),
        (
            "minimize set of included bundles out of range",
            r#"[{"name":"foo.v1.1.3","replaces":"foo.v1.1.2","skips":["foo.v1.1.0"]},{"name":"foo.v1.1.2","replaces":"foo.v1.1.1","skips":["foo.v1.1.0"]},{"name":"foo.v1.1.1","skips":["foo.v1.1.0"]},{"name":"foo.v1.1.0"}]"#,
            vec![
                ("foo.v1.1.3", "1.1.3"),
                ("foo.v1.1.2", "1.1.2"),
                ("foo.v1.1.1", "1.1.1"),
                ("foo.v1.1.0", "1.1.0"),
            ],
            ">=1.1.0 <=1.1.1",
            vec!["foo.v1.1.0", "foo.v1.1.1"],
            vec![],
        ),
    ];
    for (name, entries, versions, range, want, warnings) in cases {
        let (kept, warn) = range_case(entries, &versions, range);
        assert_eq!(kept, want, "{name}");
        assert_eq!(warn, warnings, "{name}");
    }
}

/// The unversioned cases of the same table: a chain entry without a bundle is kept with the
/// unversioned warning.
#[test]
fn channel_range_unversioned() {
    let cases = [
        (
            r#"[{"name":"foo.v2.0.0","replaces":"foo.v1.1.1","skips":["foo.v1.1.0"]},{"name":"foo.v1.1.1"},{"name":"foo.v1.1.0"}]"#,
            vec![("foo.v1.1.1", "1.1.1"), ("foo.v1.1.0", "1.1.0")],
            vec!["foo.v1.1.0", "foo.v1.1.1", "foo.v2.0.0"],
        ),
        (
            r#"[{"name":"foo.v1.1.0","replaces":"foo.v2.0.0"},{"name":"foo.v2.0.0","replaces":"foo.v1.0.0"},{"name":"foo.v1.0.0","replaces":"foo.v0.1.0"},{"name":"foo.v0.1.0"}]"#,
            vec![
                ("foo.v1.1.0", "1.1.0"),
                ("foo.v1.0.0", "1.0.0"),
                ("foo.v0.1.0", "0.1.0"),
            ],
            vec!["foo.v1.0.0", "foo.v1.1.0", "foo.v2.0.0"],
        ),
    ];
    for (entries, versions, want) in cases {
        let (kept, warn) = range_case(entries, &versions, ">=1.0.0 <2.0.0");
        assert_eq!(kept, want);
        assert_eq!(
            warn,
            [
                r#"including bundle "foo.v2.0.0": it is unversioned but is required to ensure inclusion of all bundles in the range"#
            ]
        );
    }
}

/// catalog-filter's `TestChannel_NewChannel` errors.
#[test]
fn channel_check_table() {
    let cases = [
        (
            r#"[{"name":"foo.v1.0.0"},{"name":"foo.v2.0.0"}]"#,
            "multiple channel heads found: [foo.v1.0.0 foo.v2.0.0]",
        ),
        (
            r#"[{"name":"foo.v1.0.0","replaces":"foo.v1.0.0"}]"#,
            "replaces itself",
        ),
        (
            r#"[{"name":"foo.v1.0.0","skips":["foo.v1.0.0"]}]"#,
            "skips itself",
        ),
        (
            r#"[{"name":"a","replaces":"b"},{"name":"b","replaces":"c"},{"name":"c","replaces":"b"}]"#,
            "detected a cycle in the upgrade graph of the channel",
        ),
        (
            r#"[{"name":"b1","replaces":"b0"},{"name":"b0","replaces":"b1"}]"#,
            "no channel heads found",
        ),
    ];
    for (entries, want) in cases {
        let cat = one_channel(entries, &[]);
        let pkg = &cat.packages[0];
        let err = keep_in_range(pkg, &pkg.channels[0], ">=1.0.0").unwrap_err();
        assert!(err.contains(want), "{entries}: {err}");
    }
}

fn jaeger() -> Catalog {
    common::load(&common::fixture("mirror/jaeger-product.json"))
}

fn filter(name: &str, channels: &[(&str, Option<&str>, Option<&str>)]) -> PackageFilter {
    PackageFilter {
        name: name.into(),
        channels: channels
            .iter()
            .map(|(c, min, max)| ChannelFilter {
                name: (*c).into(),
                min_version: min.map(Into::into),
                max_version: max.map(Into::into),
            })
            .collect(),
        ..PackageFilter::default()
    }
}

fn kept_bundles(cat: &Catalog, f: Option<&PackageFilter>, full: bool) -> Vec<String> {
    let cut = cut_package(&cat.packages[0], f, full, &mut Vec::new()).unwrap();
    cut.kept.bundles.iter().map(|b| b.name.clone()).collect()
}

/// catalog-filter's `TestFilter_FilterCatalog` cases on jaeger-product.
#[test]
fn filter_table_jaeger() {
    let cat = jaeger();
    let heads = kept_bundles(
        &cat,
        Some(&filter("jaeger-product", &[("stable", None, None)])),
        false,
    );
    assert_eq!(heads, ["jaeger-operator.v1.51.0-1"]);
    let min = filter("jaeger-product", &[("stable", Some("1.47.1-5"), None)]);
    assert_eq!(
        kept_bundles(&cat, Some(&min), false),
        ["jaeger-operator.v1.47.1-5", "jaeger-operator.v1.51.0-1"]
    );
    // `>=1.34.1-5 <=1.42.0-5`, the table's range, is minVersion and maxVersion.
    let both = filter(
        "jaeger-product",
        &[("stable", Some("1.34.1-5"), Some("1.42.0-5"))],
    );
    assert_eq!(
        kept_bundles(&cat, Some(&both), false),
        [
            "jaeger-operator.v1.34.1-5",
            "jaeger-operator.v1.42.0-5",
            "jaeger-operator.v1.42.0-5-0.1687199951.p"
        ]
    );
    assert_eq!(kept_bundles(&cat, None, true).len(), 6);
    // `full: true` and no package: nothing is filtered, a bundle in no channel included.
    let mut text = std::fs::read_to_string(common::fixture("mirror/jaeger-product.json")).unwrap();
    text.push_str(r#"{"schema":"olm.bundle","package":"jaeger-product","name":"loose","image":"x/loose","properties":[{"type":"olm.package","value":{"packageName":"jaeger-product","version":"9.9.9"}}]}"#);
    let loose = load_files(vec![InputFile::new("j.json", text)]);
    assert_eq!(kept_bundles(&loose, None, true).len(), 7);
    let listed = filter("jaeger-product", &[]);
    assert_eq!(kept_bundles(&loose, Some(&listed), true).len(), 6);
}

const TWO_CHANNELS: &str = r#"{"schema":"olm.package","name":"pkg1","defaultChannel":"ch1"}
{"schema":"olm.channel","package":"pkg1","name":"ch1","entries":[{"name":"b1","replaces":"b0"}]}
{"schema":"olm.channel","package":"pkg1","name":"ch2","entries":[{"name":"b3","replaces":"b2"}]}
{"schema":"olm.bundle","package":"pkg1","name":"b3","image":"x/b3","properties":[{"type":"olm.package","value":{"packageName":"pkg1","version":"2.0.0"}}]}
{"schema":"olm.bundle","package":"pkg1","name":"b1","image":"x/b1","properties":[{"type":"olm.package","value":{"packageName":"pkg1","version":"1.0.0"}}]}
"#;

/// catalog-filter's default-channel and error cases.
#[test]
fn filter_table_default_channel_and_errors() {
    let cat = load_files(vec![InputFile::new("t.json", TWO_CHANNELS)]);
    let pkg = &cat.packages[0];
    let run = |f: PackageFilter| cut_package(pkg, Some(&f), false, &mut Vec::new());
    let kept = run(filter("pkg1", &[])).unwrap();
    assert_eq!(kept.kept.default_channel.as_deref(), Some("ch1"));
    assert_eq!(kept.kept.channels.len(), 2);
    let err = run(filter("pkg1", &[("ch2", None, None)])).unwrap_err();
    assert_eq!(
        err,
        r#"invalid default channel configuration for package "pkg1": the default channel "ch1" was filtered out, a new default channel must be configured for this package"#
    );
    let mut over = filter("pkg1", &[("ch2", None, None)]);
    over.default_channel = Some("ch2".into());
    let kept = run(over).unwrap();
    assert_eq!(kept.kept.default_channel.as_deref(), Some("ch2"));
    let names: Vec<&str> = kept.kept.bundles.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(names, ["b3"]);
    let mut wrong = filter("pkg1", &[("ch1", None, None)]);
    wrong.default_channel = Some("ch2".into());
    assert_eq!(
        run(wrong).unwrap_err(),
        r#"invalid default channel configuration for package "pkg1": specified default channel override "ch2" does not exist in the filtered output"#
    );
    let empty = filter("pkg1", &[("ch1", Some("100.0.1"), None)]);
    assert_eq!(
        run(empty).unwrap_err(),
        r#"package "pkg1" channel "ch1" has version range ">=100.0.1" that results in an empty channel"#
    );
    let full = cut_package(
        pkg,
        Some(&filter("pkg1", &[("ch1", Some("1.0.0"), None)])),
        true,
        &mut Vec::new(),
    );
    assert_eq!(
        full.unwrap_err(),
        "Full: true cannot be mixed with versionRange"
    );
}

/// catalog-filter's deprecation case: entries pruned to the kept channel and bundles.
#[test]
fn filter_table_deprecations() {
    let text = r#"{"schema":"olm.package","name":"pkg1","defaultChannel":"ch1"}
{"schema":"olm.channel","package":"pkg1","name":"ch1","entries":[{"name":"b2","replaces":"b1","skips":["b0"]},{"name":"b1"}]}
{"schema":"olm.channel","package":"pkg1","name":"ch2","entries":[{"name":"b5","replaces":"b4","skips":["b3"]},{"name":"b4"}]}
{"schema":"olm.bundle","package":"pkg1","name":"b1","image":"x/b1","properties":[{"type":"olm.package","value":{"packageName":"pkg1","version":"0.1.0"}}]}
{"schema":"olm.bundle","package":"pkg1","name":"b2","image":"x/b2","properties":[{"type":"olm.package","value":{"packageName":"pkg1","version":"0.2.0"}}]}
{"schema":"olm.bundle","package":"pkg1","name":"b4","image":"x/b4","properties":[{"type":"olm.package","value":{"packageName":"pkg1","version":"4.0.0"}}]}
{"schema":"olm.bundle","package":"pkg1","name":"b5","image":"x/b5","properties":[{"type":"olm.package","value":{"packageName":"pkg1","version":"5.0.0"}}]}
{"schema":"olm.deprecations","package":"pkg1","entries":[{"reference":{"schema":"olm.package"},"message":"p"},{"reference":{"schema":"olm.channel","name":"ch1"},"message":"c1"},{"reference":{"schema":"olm.channel","name":"ch2"},"message":"c2"},{"reference":{"schema":"olm.bundle","name":"b1"},"message":"x1"},{"reference":{"schema":"olm.bundle","name":"b2"},"message":"x2"},{"reference":{"schema":"olm.bundle","name":"b4"},"message":"x4"}]}
"#;
    let files = vec![InputFile::new("t.json", text)];
    let cat = load_files(files.clone());
    let cut = cut_package(
        &cat.packages[0],
        Some(&filter("pkg1", &[("ch1", None, None)])),
        false,
        &mut Vec::new(),
    )
    .unwrap();
    let d = &cut.kept.deprecations;
    assert_eq!(d.package.as_deref(), Some("p"));
    assert_eq!(d.channels.keys().collect::<Vec<_>>(), ["ch1"]);
    assert_eq!(d.bundles.keys().collect::<Vec<_>>(), ["b2"]);
    let out = write_kept(&files, &[cut.kept]).unwrap();
    let again = load_files(vec![InputFile::new("out.json", out)]);
    let p = &again.packages[0];
    assert_eq!(p.bundles.len(), 1);
    assert_eq!(p.channels.len(), 1);
    assert_eq!(p.deprecations.bundles.len(), 1);
}

/// oc-mirror's `validate_test.go` operator cases, with its messages.
#[test]
fn validation_table() {
    let isc = |packages: &str| {
        format!("kind: ImageSetConfiguration\napiVersion: mirror.openshift.io/v2alpha1\nmirror:\n  operators:\n  - catalog: test-catalog1:latest\n    packages:\n{packages}")
    };
    let cases = [
        (
            "    - name: operator1\n      channels:\n      - name: fast\n        minVersion: \"-+?\"\n        maxVersion: abc\n",
            vec![
                r#"catalog "test-catalog1:latest": operator "operator1": channel "fast": maxVersion "abc" must respect semantic versioning notation"#,
                r#"catalog "test-catalog1:latest": operator "operator1": channel "fast": minVersion "-+?" must respect semantic versioning notation"#,
            ],
        ),
        (
            "    - name: operator1\n      minVersion: \"-+?\"\n      maxVersion: abc\n",
            vec![
                r#"catalog "test-catalog1:latest": operator "operator1": maxVersion "abc" must respect semantic versioning notation"#,
                r#"catalog "test-catalog1:latest": operator "operator1": minVersion "-+?" must respect semantic versioning notation"#,
            ],
        ),
        (
            "    - name: operator1\n      minVersion: 1.0.0\n      channels:\n      - name: fast\n        maxVersion: 2.0.0\n",
            vec![r#"catalog "test-catalog1:latest": operator "operator1": mixing both filtering by minVersion/maxVersion and filtering by channel minVersion/maxVersion is not allowed"#],
        ),
        (
            "    - name: package1\n    - name: package1\n",
            vec![r#"catalog "test-catalog1:latest": duplicate package entry "package1""#],
        ),
        (
            "    - name: package1\n      channels:\n      - name: channel1\n      - name: channel1\n",
            vec![r#"catalog "test-catalog1:latest": operator "package1": duplicate channel entry "channel1""#],
        ),
    ];
    for (packages, want) in cases {
        let cfg = read_config("isc.yaml", &isc(packages), &Limits::DEFAULT);
        assert!(cfg.diagnostics.is_empty(), "{:?}", cfg.diagnostics);
        let got: Vec<String> = validate_config(&cfg)
            .into_iter()
            .map(|e| e.message)
            .collect();
        assert_eq!(got, want);
    }
    let dup = "kind: ImageSetConfiguration\nmirror:\n  operators:\n  - catalog: test-catalog:latest\n  - catalog: test-catalog:latest\n";
    let cfg = read_config("isc.yaml", dup, &Limits::DEFAULT);
    let got = olm_graph_core::mirror::aggregate(&validate_config(&cfg));
    assert_eq!(
        got.as_deref(),
        Some(
            r#"invalid configuration: catalog "test-catalog:latest": duplicate found in configuration"#
        )
    );
}

/// Reading problems name the file, line and field; the rest is still read.
#[test]
fn config_reader_diagnostics() {
    let text = "kind: ImageSetConfiguration\napiVersion: mirror.openshift.io/v2alpha1\nmirror:\n  operators:\n  - catalog: a\n    packages:\n    - name: p\n      minVersion: 4.10\n      bogus: 1\n    - name: q\n";
    let cfg = read_config("isc.yaml", text, &Limits::DEFAULT);
    assert_eq!(cfg.operators[0].packages.len(), 2);
    let d = &cfg.diagnostics;
    assert_eq!(d.len(), 2, "{d:?}");
    assert_eq!(d[0].message, r#"json: unknown field "bogus""#);
    assert_eq!(d[0].location.as_ref().unwrap().line, Some(9));
    assert_eq!(d[1].location.as_ref().unwrap().line, Some(8));
    assert_eq!(
        d[1].field.as_deref(),
        Some("mirror.operators[0].packages[0].minVersion")
    );
    assert!(
        d[1].message.contains("cannot unmarshal number"),
        "{}",
        d[1].message
    );
    let wrong = read_config("x.yaml", "kind: Other\n", &Limits::DEFAULT);
    assert_eq!(
        wrong.diagnostics[0].message,
        r#"cannot parse "Other" as "ImageSetConfiguration""#
    );
    let missing = read_config("x.yaml", "kind: ImageSetConfiguration\n", &Limits::DEFAULT);
    let messages: Vec<&str> = missing
        .diagnostics
        .iter()
        .map(|d| d.message.as_str())
        .collect();
    assert!(
        messages.contains(&"configuration missing the `mirror` stanza"),
        "{messages:?}"
    );
}

/// Hostile configurations: deep nesting is refused by the depth limit; 100,000 packages are
/// read (and their duplicates found) in linear time, or refused by a node limit.
#[test]
fn hostile_configs() {
    let deep = format!(
        "kind: ImageSetConfiguration\nmirror: {}{}\n",
        "[".repeat(5000),
        "]".repeat(5000)
    );
    let cfg = read_config("deep.yaml", &deep, &Limits::DEFAULT);
    assert!(cfg.has_errors());
    assert!(
        cfg.diagnostics[0].message.contains("depth"),
        "{:?}",
        cfg.diagnostics
    );
    let mut many = String::from(
        "kind: ImageSetConfiguration\nmirror:\n  operators:\n  - catalog: c\n    packages:\n",
    );
    for i in 0..100_000 {
        many.push_str(&format!("    - name: p{}\n", i % 99_999));
    }
    let cfg = read_config("many.yaml", &many, &Limits::DEFAULT);
    assert_eq!(cfg.operators[0].packages.len(), 100_000);
    let errs = validate_config(&cfg);
    assert_eq!(errs.len(), 1);
    assert_eq!(
        errs[0].message,
        r#"catalog "c": duplicate package entry "p0""#
    );
    let small = Limits {
        max_nodes: 10_000,
        ..Limits::DEFAULT
    };
    let cfg = read_config("many.yaml", &many, &small);
    assert!(cfg.has_errors());
    assert!(cfg.operators.is_empty());
}

fn isc_entry(text: &str) -> OperatorEntry {
    let cfg = read_config("isc.yaml", text, &Limits::DEFAULT);
    assert!(cfg.diagnostics.is_empty(), "{:?}", cfg.diagnostics);
    cfg.entry(None).unwrap().clone()
}

/// Every real catalog directory, heads only and with a minVersion: the kept FBC re-reads and
/// lints without opm errors, or the cut's own errors say why. The directories are shared among
/// two threads (the longest test of the suite alone: about 25 s of a debug build's time).
#[test]
fn real_catalogs_heads_only_and_min_version() {
    let heads = isc_entry("kind: ImageSetConfiguration\napiVersion: mirror.openshift.io/v2alpha1\nmirror:\n  operators:\n  - catalog: c\n");
    let mut units = Vec::new();
    common::units(&common::catalogs_dir(), &mut units);
    let (even, odd): (Vec<_>, Vec<_>) = units.iter().enumerate().partition(|(i, _)| i % 2 == 0);
    let checked: usize = std::thread::scope(|scope| {
        let workers: Vec<_> = [even, odd]
            .into_iter()
            .map(|share| {
                let heads = &heads;
                scope.spawn(move || {
                    share
                        .iter()
                        .map(|(_, unit)| mirror_unit(unit, heads))
                        .sum::<usize>()
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).sum()
    });
    assert!(checked >= 20, "{checked}");
}

/// Heads only, then a minVersion, on one catalog directory: how many cuts were checked (none
/// when the catalog has errors of its own).
fn mirror_unit(unit: &std::path::Path, heads: &OperatorEntry) -> usize {
    let (cat, files) = load_with_files(unit);
    if cat.diagnostics.iter().any(|d| d.is_error()) {
        return 0;
    }
    let before: Vec<String> = lint_catalog(&cat)
        .into_iter()
        .filter(|d| d.is_error())
        .map(|d| d.message)
        .collect();
    let mut checked = 0;
    for entry in [heads.clone(), min_version_entry(&cat)] {
        let report = mirror_catalog(&cat, &entry, &MirrorOptions::default());
        let out = write_kept(&files, &report.kept).unwrap();
        let again = load_files(vec![InputFile::new("kept.json", out)]);
        // opm's errors on the kept catalog: ones the source already has, or ones the cut
        // causes, which then come with a filter error or warning.
        let new: Vec<_> = lint_catalog(&again)
            .into_iter()
            .filter(|d| d.is_error() && !before.contains(&d.message))
            .collect();
        assert!(
            new.is_empty() || !report.errors.is_empty() || !report.warnings.is_empty(),
            "{}: {new:?}",
            unit.display()
        );
        assert_eq!(
            again.packages.len(),
            report.packages.len(),
            "{}",
            unit.display()
        );
        checked += 1;
    }
    checked
}

/// A config that keeps each package's channels from the middle version of its default channel.
fn min_version_entry(cat: &Catalog) -> OperatorEntry {
    let mut entry = OperatorEntry {
        catalog: "c".into(),
        ..OperatorEntry::default()
    };
    for p in &cat.packages {
        let Some(ch) = p.default_channel.as_deref().and_then(|d| p.channel(d)) else {
            continue;
        };
        let mut versions: Vec<_> = ch
            .entries
            .iter()
            .filter_map(|e| p.bundle(&e.name)?.version.clone())
            .collect();
        versions.sort();
        let Some(mid) = versions.get(versions.len() / 2) else {
            continue;
        };
        entry.packages.push(PackageFilter {
            name: p.name.clone(),
            min_version: Some(mid.to_string()),
            ..PackageFilter::default()
        });
    }
    entry
}

fn load_with_files(path: &std::path::Path) -> (Catalog, Vec<InputFile>) {
    let read = olm_graph_core::load::read_paths(&[path], &Limits::DEFAULT).unwrap();
    let files = read.files;
    (load_files(files.clone()), files)
}

/// The descheduler's stable channel cut at 5.1.0 strands a dropped 4.14 bundle, which the
/// source channel strands too: no change is suggested, and the note says why.
#[test]
fn stranded_in_the_source_too_gets_no_change() {
    let cat = common::load(&common::catalog("openshift-kube-descheduler-fbc/v4.18"));
    let entry = OperatorEntry {
        catalog: "c".into(),
        packages: vec![filter(
            "cluster-kube-descheduler-operator",
            &[("stable", Some("5.1.0"), None)],
        )],
        ..OperatorEntry::default()
    };
    let report = mirror_catalog(&cat, &entry, &MirrorOptions::default());
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    let s = &report.stranded;
    assert_eq!(s.len(), 1, "{s:?}");
    assert_eq!(
        s[0].bundle,
        "clusterkubedescheduleroperator.4.14.0-202310201027"
    );
    assert!(!s[0].kept);
    assert_eq!(s[0].change, None);
    assert_eq!(
        s[0].note.as_deref(),
        Some("the source channel strands it too")
    );
    let only = MirrorOptions {
        installed: vec!["clusterkubedescheduleroperator.v5.1.0".into()],
    };
    assert!(mirror_catalog(&cat, &entry, &only).stranded.is_empty());
}

/// A bundle below minVersion that the source upgrades: the suggested minVersion gives it a path
/// again; one above maxVersion gets a maxVersion.
#[test]
fn stranded_suggestion_gives_a_path_again() {
    let entries = r#"[{"name":"foo.v2.0.0","replaces":"foo.v1.1.1","skips":["foo.v1.1.0"]},{"name":"foo.v1.1.1","replaces":"foo.v1.0.0"},{"name":"foo.v1.1.0"},{"name":"foo.v1.0.0","replaces":"foo.v0.9.0"},{"name":"foo.v0.9.0"}]"#;
    let versions = [
        ("foo.v2.0.0", "2.0.0"),
        ("foo.v1.1.1", "1.1.1"),
        ("foo.v1.1.0", "1.1.0"),
        ("foo.v1.0.0", "1.0.0"),
        ("foo.v0.9.0", "0.9.0"),
    ];
    let cat = one_channel(entries, &versions);
    let entry = |min: &str, max: Option<&str>| OperatorEntry {
        catalog: "c".into(),
        packages: vec![PackageFilter {
            name: "pkg".into(),
            min_version: Some(min.into()),
            max_version: max.map(Into::into),
            ..PackageFilter::default()
        }],
        ..OperatorEntry::default()
    };
    let report = mirror_catalog(&cat, &entry("1.1.0", None), &MirrorOptions::default());
    let s: Vec<_> = report
        .stranded
        .iter()
        .map(|s| (s.bundle.as_str(), s.change.clone()))
        .collect();
    assert_eq!(s.len(), 1, "{s:?}");
    assert_eq!(s[0].0, "foo.v0.9.0");
    let change = s[0].1.clone().unwrap();
    assert_eq!(
        (change.field, change.value.as_str()),
        ("minVersion", "0.9.0")
    );
    let lowered = mirror_catalog(&cat, &entry(&change.value, None), &MirrorOptions::default());
    assert!(lowered.stranded.is_empty(), "{:?}", lowered.stranded);
    // maxVersion 1.0.0: the chain head becomes foo.v1.0.0; 2.0.0 and 1.1.x are above it.
    let capped = mirror_catalog(
        &cat,
        &entry("0.9.0", Some("1.0.0")),
        &MirrorOptions::default(),
    );
    let above: Vec<_> = capped
        .stranded
        .iter()
        .map(|s| (s.bundle.as_str(), s.change.as_ref().map(|c| c.field)))
        .collect();
    assert!(
        above.contains(&("foo.v2.0.0", Some("maxVersion"))),
        "{above:?}"
    );
}

const NEURON_ISC: &str = include_str!("../../../../tests/e2e/fixtures/mirror-neuron.yaml");

/// The app's marks on aws-neuron-operator's Fast channel cut at 0.1.2 (the e2e test's case):
/// 0.0.5 kept only for the chain, 0.0.3 dropped, 0.0.1 and 0.0.2 stranded, 1.2.0 the head, the
/// Stable channel dropped; lowering minVersion to 0.0.1 strands nothing.
#[test]
fn marks_on_a_drawn_channel() {
    let cat = common::load(&common::catalog(
        "community-operators-prod/v4.21/aws-neuron-operator.yaml",
    ));
    let pkg = cat.package("aws-neuron-operator").unwrap();
    let entry = isc_entry(NEURON_ISC);
    let report = mirror_package(&cat, &entry, &pkg.name, &MirrorOptions::default());
    let whole = mirror_catalog(&cat, &entry, &MirrorOptions::default());
    assert_eq!(report.packages, whole.packages);
    assert_eq!(report.stranded, whole.stranded);
    let marks = channel_marks(pkg, &report, "Fast");
    assert!(marks.kept);
    assert_eq!(marks.head.as_deref(), Some("aws-neuron-operator.v1.2.0"));
    let word = |v: &str| {
        marks
            .of(&format!("aws-neuron-operator.v{v}"))
            .unwrap()
            .word()
    };
    assert_eq!(word("0.0.1"), "stranded");
    assert_eq!(word("0.0.2"), "stranded");
    assert_eq!(word("0.0.3"), "dropped");
    assert_eq!(word("0.0.5"), "required");
    assert_eq!(word("1.2.0"), "kept");
    assert!(marks.of("aws-neuron-operator.v1.2.0").unwrap().head);
    assert_eq!(
        marks.of("aws-neuron-operator.v0.0.1").unwrap().cut,
        Cut::Dropped
    );
    assert_eq!(marks.counts(), [8, 1, 1, 2]);
    assert_eq!(dropped_channels(pkg, &report), ["Stable"]);
    // The Stable channel is not listed: nothing of it is kept.
    let stable = channel_marks(pkg, &report, "Stable");
    assert!(!stable.kept);
    assert!(stable.bundles.values().all(|m| m.cut == Cut::Dropped));

    let mut lowered = entry.clone();
    assert!(set_bound(
        &mut lowered,
        &pkg.name,
        Some("Fast"),
        Bound::Min,
        "0.0.1"
    ));
    let report = mirror_package(&cat, &lowered, &pkg.name, &MirrorOptions::default());
    assert!(report.stranded.is_empty(), "{:?}", report.stranded);
    let marks = channel_marks(pkg, &report, "Fast");
    assert_eq!(marks.counts()[3], 0);
    // A package or channel the entry does not list is not edited.
    assert!(!set_bound(
        &mut lowered,
        &pkg.name,
        Some("Stable"),
        Bound::Min,
        "1.0.0"
    ));
    assert!(!set_bound(&mut lowered, "other", None, Bound::Min, "1.0.0"));
    // A package another entry lists is absent, with no error.
    let other = mirror_package(
        &cat,
        &isc_entry(&NEURON_ISC.replace("aws-neuron-operator\n", "x\n")),
        &pkg.name,
        &MirrorOptions::default(),
    );
    assert!(other.packages.is_empty() && other.errors.is_empty());
    assert_eq!(dropped_channels(pkg, &other), ["Fast", "Stable"]);
}

/// A range set in the form and written back: the stanza replaced, every other line (the
/// comment, `additionalImages`) kept, and the file reads back to the edited entry.
#[test]
fn edited_config_writes_back() {
    let entry = isc_entry(NEURON_ISC);
    let mut edited = entry.clone();
    assert!(set_bound(
        &mut edited,
        "aws-neuron-operator",
        Some("Fast"),
        Bound::Min,
        "0.0.1"
    ));
    assert!(set_bound(
        &mut edited,
        "aws-neuron-operator",
        None,
        Bound::Max,
        ""
    ));
    assert!(set_bound(
        &mut edited,
        "aws-neuron-operator",
        Some("Fast"),
        Bound::Max,
        "1.1.4"
    ));
    let text = write_config(
        NEURON_ISC,
        "mirror.openshift.io/v2alpha1",
        &[edited.clone()],
    );
    assert!(
        text.starts_with("# What a disconnected cluster mirrors"),
        "{text}"
    );
    assert!(
        text.contains("  additionalImages:\n  - name: registry.redhat.io/ubi9/ubi:latest\n"),
        "{text}"
    );
    assert!(
        text.contains("        minVersion: 0.0.1\n        maxVersion: 1.1.4\n"),
        "{text}"
    );
    let again = isc_entry(&text);
    assert_eq!(again.packages, edited.packages);
    assert_eq!(again.catalog, edited.catalog);
    // Flow style is written whole; odd names are quoted and read back.
    let flow = r#"{"kind":"ImageSetConfiguration","apiVersion":"mirror.openshift.io/v2alpha1","mirror":{"operators":[{"catalog":"c:1","packages":[{"name":"true","minVersion":"1.0"}]}]}}"#;
    let e = isc_entry(flow);
    let text = write_config(
        flow,
        "mirror.openshift.io/v2alpha1",
        std::slice::from_ref(&e),
    );
    let back = isc_entry(&text);
    assert_eq!(back.packages, e.packages, "{text}");
    assert_eq!(back.catalog, "c:1");
}

/// An ImageSetConfiguration of one catalog entry with `packages` (YAML lines under it).
fn isc_with(packages: &str) -> OperatorEntry {
    isc_entry(&format!("kind: ImageSetConfiguration\napiVersion: mirror.openshift.io/v2alpha1\nmirror:\n  operators:\n  - catalog: c\n{packages}"))
}

/// oc-mirror v2's three cases of issue #44 (spec/mirror.md §4.5, §4.9, §4.12): a channel head
/// without an `olm.bundle` is kept (opm's complaint about it is a warning, not an error of the
/// cut); a channel listing an entry twice fails heads-only and range filtering with
/// `duplicate channel entry %q` (not `full: true`, which checks no channel); and
/// `minVersion == maxVersion` that no bundle has is `error finding specific bundle: specific
/// version 77.77.77 not found in bundles` (oc-mirror's `TestFilterCatalog`, "filtering comes
/// back empty").
#[test]
fn oc_mirrors_head_without_bundle_repeated_entry_and_specific_version_cases() {
    // The head pkg.v1.2.0 has no olm.bundle.
    let headless = one_channel(
        r#"[{"name":"pkg.v1.0.0"},{"name":"pkg.v1.1.0","replaces":"pkg.v1.0.0"},{"name":"pkg.v1.2.0","replaces":"pkg.v1.1.0"}]"#,
        &[("pkg.v1.0.0", "1.0.0"), ("pkg.v1.1.0", "1.1.0")],
    );
    for packages in [
        "    packages:\n    - name: pkg\n",
        "    full: true\n    packages:\n    - name: pkg\n",
        "    packages:\n    - name: pkg\n      minVersion: 1.0.0\n",
    ] {
        let mut r = mirror_catalog(&headless, &isc_with(packages), &MirrorOptions::default());
        assert!(r.errors.is_empty(), "{packages}: {:?}", r.errors);
        assert_eq!(r.packages.len(), 1, "{packages}");
        let kept = olm_graph_core::mirror::kept_catalog(&r);
        olm_graph_core::mirror::add_opm_findings(&mut r, &lint_catalog(&kept));
        assert!(r.errors.is_empty(), "{packages}: {:?}", r.errors);
    }
    let heads = mirror_catalog(
        &headless,
        &isc_with("    packages:\n    - name: pkg\n"),
        &MirrorOptions::default(),
    );
    assert_eq!(heads.packages[0].channels[0].head, "pkg.v1.2.0");

    // pkg.v1.1.0 listed twice in the channel.
    let repeated = one_channel(
        r#"[{"name":"pkg.v1.0.0"},{"name":"pkg.v1.1.0","replaces":"pkg.v1.0.0"},{"name":"pkg.v1.1.0","replaces":"pkg.v1.0.0"}]"#,
        &[("pkg.v1.0.0", "1.0.0"), ("pkg.v1.1.0", "1.1.0")],
    );
    let errors = |packages: &str| -> Vec<String> {
        mirror_catalog(&repeated, &isc_with(packages), &MirrorOptions::default())
            .errors
            .into_iter()
            .map(|e| e.message)
            .collect()
    };
    assert_eq!(
        errors("    packages:\n    - name: pkg\n"),
        [
            r#"package "pkg" channel "ch" unable to filter head of channel: duplicate channel entry "pkg.v1.1.0""#
        ]
    );
    assert_eq!(
        errors("    packages:\n    - name: pkg\n      minVersion: 1.0.0\n"),
        [r#"duplicate channel entry "pkg.v1.1.0""#]
    );
    assert!(errors("    full: true\n    packages:\n    - name: pkg\n").is_empty());

    // minVersion == maxVersion.
    let specific = |min: &str| -> Vec<String> {
        let packages = format!(
            "    packages:\n    - name: pkg\n      minVersion: {min}\n      maxVersion: {min}\n"
        );
        mirror_catalog(&headless, &isc_with(&packages), &MirrorOptions::default())
            .errors
            .into_iter()
            .map(|e| e.message)
            .collect()
    };
    assert_eq!(
        specific("77.77.77"),
        ["error finding specific bundle: specific version 77.77.77 not found in bundles"]
    );
    assert!(specific("1.1.0").is_empty());
    // On a channel of its own as well.
    let on_channel = mirror_catalog(
        &headless,
        &isc_with("    packages:\n    - name: pkg\n      channels:\n      - name: ch\n        minVersion: 9.9.9\n        maxVersion: 9.9.9\n"),
        &MirrorOptions::default(),
    );
    assert_eq!(
        on_channel.errors[0].message,
        "error finding specific bundle: specific version 9.9.9 not found in bundles"
    );
}

/// The app's sniff for an ImageSetConfiguration: `kind: ImageSetConfiguration` on a line of its
/// own (quoted or not, any indentation, CRLF too), not the word elsewhere on a line; and no
/// catalog of the shared set looks like one.
#[test]
fn an_image_set_configuration_is_told_by_its_kind_line() {
    use olm_graph_core::mirror::looks_like_isc;
    for yes in [
        "kind: ImageSetConfiguration\n",
        "apiVersion: mirror.openshift.io/v2alpha1\n  kind:   \"ImageSetConfiguration\"  \r\nmirror: {}\n",
        "a: ImageSetConfiguration\nkind: 'ImageSetConfiguration'",
        &format!("{}\nkind: ImageSetConfiguration\n", "x: ImageSetConfiguration ".repeat(1000)),
    ] {
        assert!(looks_like_isc(yes), "{yes:.80}");
    }
    for no in [
        "",
        "kind: ImageSetConfigurationList\n",
        "kind: ImageSetConfiguration # a comment\n",
        "# kind: ImageSetConfiguration\n",
        "description: kind: ImageSetConfiguration\n",
        "kind:\n  ImageSetConfiguration\n",
    ] {
        assert!(!looks_like_isc(no), "{no:?}");
    }
    for rel in [
        "certified-operators/v4.22/gpu-operator-certified.yaml",
        "community-operators-prod/v4.21/sailoperator.yaml",
    ] {
        let text = std::fs::read_to_string(common::catalog(rel)).unwrap();
        assert!(!looks_like_isc(&text), "{rel}");
    }
}
