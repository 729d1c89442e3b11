//! `olm-graph render`: the three formats, the path options, and the errors.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_olm-graph"))
        .args(args)
        .output()
        .expect("olm-graph runs")
}

fn export_fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../core/tests/fixtures/export")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "exit {:?}\nstderr: {}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).expect("UTF-8")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("olm-graph-render-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

#[test]
fn help_has_an_example() {
    let help = stdout(&run(&["render", "--help"]));
    assert!(help.contains("Examples:") && help.contains("olm-graph render catalog/"));
    for flag in [
        "--format",
        "--from",
        "--resolver",
        "--animate",
        "--draw-v0-semantics",
        "--minimum-edge",
        "--output",
    ] {
        assert!(help.contains(flag), "{flag}");
    }
    assert!(!help.contains("--stats"), "hidden");
    let top = stdout(&run(&["--help"]));
    assert!(top.contains("render") && !top.contains("plain-crossings"));
}

#[test]
fn mermaid_is_opm_render_graph() {
    let file = export_fixture("worked-example.yaml");
    let out = stdout(&run(&[
        "render",
        &file,
        "-p",
        "foo",
        "--format",
        "mermaid",
        "--draw-v0-semantics",
    ]));
    assert!(out.starts_with("graph LR\n  classDef deprecated fill:#E8960F\n"));
    assert!(out.ends_with(
        "class foo-stable-foo.v0.1.0 deprecated\nclass foo-stable-foo.v0.2.0 skipped\nlinkStyle 4 stroke:#FF0000,stroke-width:3px,stroke-dasharray:5;\n"
    ));
    // Without the flag, no v0 decorations (the CLI default, as in opm).
    let plain = stdout(&run(&["render", &file, "-p", "foo", "-f", "mermaid"]));
    assert!(!plain.contains("linkStyle") && plain.contains("deprecated\n"));

    // The whole index, one package at a time, matches the core golden's subgraph.
    let index = export_fixture("index-declcfgs-latest.yaml");
    let golden =
        std::fs::read_to_string(export_fixture("index-declcfgs-latest.mmd")).expect("golden");
    let baz = stdout(&run(&["render", &index, "-p", "baz", "-f", "mermaid"]));
    let section = |s: &str| {
        let a = s.find("  %% package \"baz\"").expect("baz");
        let b = s[a..].find("\n  end\n").expect("end") + a;
        s[a..b].to_string()
    };
    assert_eq!(section(&baz), section(&golden));
    assert!(!baz.contains("\"bar\"") && !baz.contains("\"foo\""));
}

#[test]
fn mermaid_warnings_and_minimum_edge_errors() {
    let file = export_fixture("quirks.yaml");
    let out = run(&["render", &file, "-p", "qa", "-f", "mermaid"]);
    let text = stdout(&out);
    assert!(text.contains("subgraph qa-stable[\"stable\"]"));
    assert_eq!(
        stderr(&out).trim_end(),
        r#"warning: ignoring invalid SkipRange for package/edge "qa"/"qa.v2.0.0": Could not get version from string: "<""#
    );
    let out = run(&[
        "render",
        &file,
        "-p",
        "qa",
        "-f",
        "mermaid",
        "--minimum-edge",
        "nope",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains(r#"unknown minimum edge name: "nope""#));
    let out = stdout(&run(&[
        "render",
        &file,
        "-p",
        "qa",
        "-f",
        "mermaid",
        "--minimum-edge",
        "qa.v1.1.0",
        "--draw-v0-semantics",
    ]));
    let golden =
        std::fs::read_to_string(export_fixture("quirks.minimum-edge.v0.mmd")).expect("golden");
    assert_eq!(out, golden);
}

#[test]
fn svg_channel_package_and_file_output() {
    let file = export_fixture("index-declcfgs-latest.yaml");
    let svg = stdout(&run(&["render", &file, "-p", "foo", "-c", "beta"]));
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains(">foo / beta</text>"));
    // Each of the 7 edges is carried by one element naming its source; the two bundles that
    // foo.v0.2.0 skips and the catalog lacks are one group, whose edge is drawn once.
    assert_eq!(svg.matches("data-from=").count(), 7);
    assert_eq!(svg.matches("class=\"edge-member\"").count(), 2);
    assert!(svg.contains("data-group=\"foo.v0.2.0\" data-members=\"2\""));
    assert!(!svg.contains("<script") && !svg.contains("@keyframes"));

    let pkg = stdout(&run(&["render", &file, "-p", "foo"]));
    assert!(pkg.contains(">foo</text>") && pkg.contains("channels: beta"));

    let path = temp("foo.svg");
    let out = run(&[
        "render",
        &file,
        "-p",
        "foo",
        "-c",
        "beta",
        "-o",
        path.to_str().expect("utf-8 path"),
    ]);
    assert!(stdout(&out).is_empty());
    assert_eq!(std::fs::read_to_string(&path).expect("written"), svg);
}

/// `--no-tooltips`: the same drawing without a tooltip, and without the shapeless elements that
/// only carry one (the group's two member edges); the document keeps its title.
#[test]
fn svg_without_tooltips() {
    let file = export_fixture("index-declcfgs-latest.yaml");
    let render = |extra: &[&str]| {
        let args = [&["render", file.as_str(), "-p", "foo", "-c", "beta"], extra].concat();
        stdout(&run(&args))
    };
    let (with, without) = (render(&[]), render(&["--no-tooltips"]));
    assert!(with.matches("<title").count() > 7, "{with}");
    assert_eq!(without.matches("<title").count(), 1, "{without}");
    assert!(without.contains("<title id=\"olmg-title\">"));
    assert_eq!(without.matches("class=\"edge-member\"").count(), 0);
    assert_eq!(
        without.matches("<rect").count(),
        with.matches("<rect").count()
    );
    assert_eq!(
        without.matches("<path").count(),
        with.matches("<path").count()
    );
    assert_eq!(
        without.matches("<text").count(),
        with.matches("<text").count()
    );
    assert!(without.len() < with.len());
}

#[test]
fn svg_animated_path() {
    let file = export_fixture("index-declcfgs-latest.yaml");
    for (resolver, hops) in [("v0", 2), ("v1", 2)] {
        let svg = stdout(&run(&[
            "render",
            &file,
            "-p",
            "foo",
            "-c",
            "beta",
            "--from",
            "foo.v0.1.0",
            "--resolver",
            resolver,
            "--animate",
        ]));
        assert!(svg.contains("@keyframes"));
        assert!(svg.contains("prefers-reduced-motion: reduce"));
        assert_eq!(
            svg.matches("class=\"hop animated\"").count(),
            hops,
            "{resolver}"
        );
        assert!(svg.contains(&format!("{resolver} path from foo.v0.1.0")));
    }
    // Without --animate the path is drawn, still.
    let svg = stdout(&run(&[
        "render",
        &file,
        "-p",
        "foo",
        "-c",
        "beta",
        "--from",
        "foo.v0.1.0",
    ]));
    assert_eq!(
        svg.matches("class=\"hop\"").count() - 1,
        2,
        "legend + 2 hops"
    );
    assert!(!svg.contains("@keyframes"));
    // Unknown installed bundle: the path is just "up to date" or an error, never a panic.
    let out = run(&[
        "render",
        &file,
        "-p",
        "foo",
        "-c",
        "beta",
        "--from",
        "nope",
        "--animate",
    ]);
    assert!(out.status.code().is_some());
}

#[test]
fn dot_channel_and_package() {
    let file = export_fixture("xss.yaml");
    let dot = stdout(&run(&[
        "render", &file, "-p", "xss", "-c", "stable", "-f", "dot",
    ]));
    assert!(dot.starts_with("digraph olm_graph {\n") && dot.ends_with("}\n"));
    assert!(dot.contains("rankdir=LR"));
    assert!(
        dot.contains(r#"label="x&amp;amp;y'z\\N\n<b>\"q\n3.0.0""#),
        "{dot}"
    );
    let pkg = stdout(&run(&["render", &file, "-p", "xss", "-f", "dot"]));
    assert!(pkg.contains("label=\"xss\\n(package deprecated: </title><script>alert(3)</script>)\""));
}

#[test]
fn usage_errors() {
    let file = export_fixture("index-declcfgs-latest.yaml");
    let code = |args: &[&str]| run(args).status.code();
    assert_eq!(code(&["render", &file, "-p", "nope"]), Some(1));
    assert_eq!(code(&["render", &file, "-p", "foo", "-c", "nope"]), Some(1));
    assert_eq!(
        code(&[
            "render",
            &file,
            "-p",
            "foo",
            "-f",
            "dot",
            "--from",
            "foo.v0.1.0"
        ]),
        Some(2),
        "flags that do not go together are a usage error"
    );
    assert_eq!(
        code(&["render", &file, "-p", "foo", "--draw-v0-semantics"]),
        Some(2)
    );
    // clap: --animate needs --from; --format takes three values.
    assert_eq!(code(&["render", &file, "-p", "foo", "--animate"]), Some(2));
    assert_eq!(code(&["render", &file, "-p", "foo", "-f", "png"]), Some(2));
    assert_eq!(
        code(&["render", "/nonexistent/x.yaml", "-p", "foo"]),
        Some(2)
    );
}

#[test]
fn plain_crossings_helper() {
    let plain = temp("x.plain");
    std::fs::write(
        &plain,
        "graph 1 3 2\nnode a 0 0 1 0.5 a solid box black lightgrey\nnode b 2 2 1 0.5 b solid box black lightgrey\nnode c 0 2.4 1 0.5 c solid box black lightgrey\nnode d 2 0 1 0.5 d solid box black lightgrey\nedge a b 4 0 0 0.5 0.5 1.5 1.5 2 2 solid black\nedge c d 4 0 2.4 0.5 1.8 1.5 0.6 2 0 solid black\nstop\n",
    )
    .expect("write");
    let out = stdout(&run(&["plain-crossings", plain.to_str().expect("utf-8")]));
    assert_eq!(
        out,
        "nodes 4\nedges 2\ncrossings-centres 1\ncrossings-splines 1\n"
    );
}

#[test]
fn embed_is_the_element_with_the_package_inline_and_the_svg_inside() {
    let file = export_fixture("xss.yaml");
    let args = ["render", &file, "-p", "xss", "-c", "stable", "-f", "embed"];
    let snippet = stdout(&run(&args));
    assert!(
        snippet.starts_with(
            "<div class=\"olm-graph-figure\">\n<olm-graph package=\"xss\" channel=\"stable\">\n<script type=\"application/json\">\n"
        ),
        "{snippet}"
    );
    assert!(snippet.ends_with("</svg>\n</olm-graph>\n</div>\n"));
    // The catalog's markup stays data: one script element, no other tag from the catalog.
    assert_eq!(snippet.matches("<script").count(), 1);
    assert_eq!(snippet.matches("</script>").count(), 1);
    assert!(!snippet.lines().any(|l| l.trim().is_empty()));
    // The fallback is the still SVG `render -f svg` draws, scoped and with its own ids.
    let svg = stdout(&run(&["render", &file, "-p", "xss", "-c", "stable"]));
    let nodes = svg.matches("<g class=\"node").count();
    assert!(nodes > 0);
    assert_eq!(snippet.matches("<g class=\"node").count(), nodes);
    assert!(snippet.contains("<style>olm-graph>svg{max-width:100%;height:auto}"));
    // With a path, the element names it; --animate is ignored by the still fallback.
    let with_path = stdout(&run(&[
        "render",
        &export_fixture("index-declcfgs-latest.yaml"),
        "-p",
        "foo",
        "--from",
        "foo.v0.1.0",
        "--resolver",
        "v1",
        "-f",
        "embed",
    ]));
    assert!(with_path.contains(
        "<olm-graph package=\"foo\" view=\"all\" installed=\"foo.v0.1.0\" resolver=\"v1\">"
    ));
    assert!(!with_path.contains("@keyframes"));
    let out = run(&["render", &file, "-p", "nope", "-f", "embed"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("unknown package \"nope\""));
}

#[test]
fn the_lifecycle_overlay_tints_the_svg_and_needs_svg() {
    let dir = crate::common::catalogs_dir();
    let sub = dir.join("submariner-operator-fbc/v4.21-split");
    let blobs = dir.join("lifecycle/lifecycles-v1alpha1.yaml");
    let (sub, blobs) = (sub.to_string_lossy(), blobs.to_string_lossy());
    let base = ["render", &sub, &blobs, "-p", "submariner"];
    let with = |extra: &[&str]| {
        let mut args = base.to_vec();
        args.extend_from_slice(extra);
        run(&args)
    };
    let svg = stdout(&with(&["--as-of", "2026-11-26", "--platform", "4.20"]));
    assert!(svg.contains("data-phase=\"Full support\" data-compatible=\"true\""));
    assert_eq!(svg.matches("data-phase=\"unknown\"").count(), 2);
    // --lifecycle-overlay alone judges today; without any flag there is no overlay.
    assert!(stdout(&with(&["--lifecycle-overlay"])).contains("data-phase="));
    assert!(!stdout(&with(&[])).contains("data-phase="));
    // Values that are not a day or MAJOR.MINOR are refused by the parser (exit 2)…
    for bad in [&["--as-of", "2026-13-01"][..], &["--platform", "four"]] {
        let out = with(bad);
        assert_eq!(out.status.code(), Some(2), "{bad:?}: {}", stderr(&out));
    }
    // …and the overlay with another format as a usage error (exit 2), as --no-fans is.
    for bad in [
        &["--lifecycle-overlay", "-f", "dot"][..],
        &["--as-of", "2026-11-26", "-f", "mermaid"],
        &["--platform", "4.20", "-f", "embed"],
    ] {
        let out = with(bad);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert!(stderr(&out).contains("need --format svg"), "{bad:?}");
    }
}

/// The web app paints `assets/sample-first-draw.svg` while it starts (assets/boot.js,
/// docs/performance.md "First draw"): it must be what `render -f svg` draws of the channel the
/// app shows first for its sample (the first package, its default channel).
#[test]
fn the_apps_first_picture_of_its_sample_is_the_render_of_the_channel_it_shows_first() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let sample = root.join("assets/sample-catalog.yaml");
    let text = std::fs::read_to_string(&sample).expect("the sample");
    // The first package of the sample and its default channel, as the file declares them.
    let first = text
        .split("\n---\n")
        .find(|d| d.contains("schema: olm.package"))
        .expect("a package");
    assert!(first.contains("name: acme-operator") && first.contains("defaultChannel: stable"));
    let drawn = stdout(&run(&[
        "render",
        "-f",
        "svg",
        "-p",
        "acme-operator",
        "-c",
        "stable",
        &sample.to_string_lossy(),
    ]));
    let kept = std::fs::read_to_string(root.join("assets/sample-first-draw.svg")).expect("kept");
    assert!(
        drawn == kept,
        "assets/sample-first-draw.svg is stale: olm-graph render -f svg -p acme-operator -c stable assets/sample-catalog.yaml > assets/sample-first-draw.svg"
    );
}
