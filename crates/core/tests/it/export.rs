//! The export formats: Mermaid (byte-for-byte `opm alpha render-graph`), DOT and SVG.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};

use olm_graph_core::export::dot::{dot_string, parse_plain, plain_crossings};
use olm_graph_core::export::{
    channel_dot, channel_svg, mermaid, package_dot, package_svg, render_view, svg_view,
    MermaidError, MermaidOptions, SvgOptions,
};
use olm_graph_core::graph::{channel_graphs, ChannelGraph, PackageGraph};
use olm_graph_core::layout::LabelMode;
use olm_graph_core::layout::{FanMode, LayoutOptions};
use olm_graph_core::model::Catalog;
use olm_graph_core::resolve::{resolve_path, PathOptions, Resolver};
use olm_graph_core::view::{label_text, GraphView, NodeId};
use olm_graph_core::{load_files, InputFile};

fn fixture(name: &str) -> Catalog {
    common::load(&common::fixture(&format!("export/{name}")))
}

fn golden(name: &str) -> String {
    let path = common::fixture(&format!("export/{name}"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn render(catalog: &Catalog, options: &MermaidOptions) -> String {
    let out = mermaid(catalog, options).unwrap_or_else(|e| panic!("{e}"));
    assert!(out.warnings.is_empty(), "{:?}", out.warnings);
    out.text
}

fn v0() -> MermaidOptions {
    MermaidOptions {
        draw_v0_semantics: true,
        ..MermaidOptions::default()
    }
}

/// Shows the first differing line, so a golden mismatch is readable.
fn assert_same(actual: &str, expected: &str, what: &str) {
    if actual == expected {
        return;
    }
    let (a, e): (Vec<&str>, Vec<&str>) = (actual.lines().collect(), expected.lines().collect());
    let at = a
        .iter()
        .zip(&e)
        .position(|(x, y)| x != y)
        .unwrap_or(a.len().min(e.len()));
    panic!(
        "{what}: differs at line {}\n  actual:   {:?}\n  expected: {:?}\n--- actual ---\n{actual}",
        at + 1,
        a.get(at),
        e.get(at)
    );
}

// ---------------------------------------------------------------------------------------------
// Mermaid
// ---------------------------------------------------------------------------------------------

/// The worked example of docs/spec/olm.md §3, copied verbatim from the document.
const WORKED_EXAMPLE_V0: &str = r#"graph LR
  classDef deprecated fill:#E8960F
  classDef skipped stroke:#FF0000,stroke-width:4px
  classDef deprecatedskipped fill:#E8960F,stroke:#FF0000,stroke-width:4px
  %% package "foo"
  subgraph "foo"
    %% channel "stable"
    subgraph foo-stable["stable"]
      foo-stable-foo.v0.3.0["foo.v0.3.0"]
      foo-stable-foo.v0.2.0["foo.v0.2.0"]-- skip --> foo-stable-foo.v0.3.0["foo.v0.3.0"]
      foo-stable-foo.v0.1.0["foo.v0.1.0"]-- "skipRange(>=0.1.0 <0.3.0)" --> foo-stable-foo.v0.3.0["foo.v0.3.0"]
      foo-stable-foo.v0.2.0["foo.v0.2.0"]-- "skipRange(>=0.1.0 <0.3.0)" --> foo-stable-foo.v0.3.0["foo.v0.3.0"]
      foo-stable-foo.v0.1.0["foo.v0.1.0"]-- replace --> foo-stable-foo.v0.3.0["foo.v0.3.0"]
      foo-stable-foo.v0.2.0["foo.v0.2.0"]
      foo-stable-foo.v0.1.0["foo.v0.1.0"]-- replace --> foo-stable-foo.v0.2.0["foo.v0.2.0"]
      foo-stable-foo.v0.1.0["foo.v0.1.0"]
    end
  end
class foo-stable-foo.v0.1.0 deprecated
class foo-stable-foo.v0.2.0 skipped
linkStyle 4 stroke:#FF0000,stroke-width:3px,stroke-dasharray:5;
"#;

#[test]
fn mermaid_worked_example_matches_the_semantics_doc() {
    let c = fixture("worked-example.yaml");
    assert!(
        !c.diagnostics.iter().any(|d| d.is_error()),
        "{:?}",
        c.diagnostics
    );
    assert_same(&render(&c, &v0()), WORKED_EXAMPLE_V0, "with v0 semantics");
    // "Without --draw-v0-semantics the `class ... skipped` and `linkStyle` lines are absent."
    let without: String = WORKED_EXAMPLE_V0
        .lines()
        .filter(|l| !l.ends_with(" skipped") && !l.starts_with("linkStyle"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_same(
        &render(&c, &MermaidOptions::default()),
        &without,
        "without v0 semantics",
    );
}

/// `examples/operator-registry/index-declcfgs-latest.yaml` (packages bar, baz, foo), checked by
/// walking opm's `WriteChannels` by hand:
///
/// - channels are visited in name order: alpha(bar), beta(foo), stable(bar), stable(baz) — the
///   stable tie does not matter, bar/stable has no edge, so the link counter is the same either
///   way; packages are printed bar, baz, foo, bar's channels in visiting order alpha, stable;
/// - versions: foo.v0.1.1 and foo.v0.1.2 are skipped names but no bundles, so they are 0.0.0 and
///   only appear as skip sources (never as skipRange sources: those come from entries only);
/// - bar/alpha by decreasing version: v1.0.0 (replace from v0.2.0, link 0), v0.2.0 (skip from
///   v0.1.0 = link 1, then its `<0.2.0` range over the entries in file order matches only v0.1.0
///   = link 2, then replace from v0.1.0 = link 3), v0.1.0 (no edge; skipped by v0.2.0);
/// - foo/beta: v0.3.1 (skip v0.3.0 = 4, replace v0.2.0 = 5), v0.3.0 (skipped; its replace from
///   v0.2.0 = 6 goes into a skipped entry → linkStyle 6), v0.2.0 (skips v0.1.1, v0.1.2 = 7, 8;
///   `<0.2.0` matches v0.1.0 only = 9; replace = 10), v0.1.0 (`<0.1.0` matches nothing);
/// - bar/stable: one node; baz/stable: v1.1.0 (skip v1.0.1 = 11, replace v1.0.0 = 12), v1.0.1
///   (skipped; skip v1.0.0 = 13; `<1.0.0` matches nothing; replace into skipped v1.0.1 = 14 →
///   linkStyle), v1.0.0 (skipped by v1.0.1);
/// - no deprecations; the skipped class lists the four skipped entries sorted; without v0
///   semantics the last two lines are absent.
#[test]
fn mermaid_golden_index_declcfgs_latest() {
    let c = fixture("index-declcfgs-latest.yaml");
    let plain = golden("index-declcfgs-latest.mmd");
    let with_v0 = golden("index-declcfgs-latest.v0.mmd");
    assert_same(&render(&c, &MermaidOptions::default()), &plain, "plain");
    assert_same(&render(&c, &v0()), &with_v0, "v0");
    assert_eq!(
        with_v0.lines().rev().take(2).collect::<Vec<_>>(),
        [
            "linkStyle 6,14 stroke:#FF0000,stroke-width:3px,stroke-dasharray:5;",
            "class bar-alpha-bar.v0.1.0,baz-stable-baz.v1.0.0,baz-stable-baz.v1.0.1,foo-beta-foo.v0.3.0 skipped",
        ]
    );
    // The package filter keeps only that package's subgraph, unchanged.
    let foo = render(
        &c,
        &MermaidOptions {
            package: Some("foo".into()),
            ..MermaidOptions::default()
        },
    );
    assert!(foo.contains("subgraph \"foo\"") && !foo.contains("subgraph \"bar\""));
    let body = |s: &str| -> String {
        let start = s.find("  %% package \"foo\"").expect("foo present");
        s[start..].to_string()
    };
    assert_eq!(body(&foo), body(&plain));
}

/// `examples/operator-registry/foo-index-v0.2.0.yaml` (package foo, channels beta and stable),
/// checked by hand:
///
/// - beta: v0.2.0 first (skips v0.1.1 and v0.1.2 in list order, then `<0.2.0` over the entries
///   in file order: v0.1.0 matches, v0.2.0 does not; then replace from v0.1.0), then v0.1.0
///   (`<0.1.0` matches no entry);
/// - stable has the single entry v0.2.0: its `<0.2.0` range is tested against the channel's own
///   entries only, so there is no skipRange edge at all (v0.1.0 is not in stable), and the
///   replace edge makes Mermaid create an implicit `foo-stable-foo.v0.1.0` node;
/// - v0 semantics change nothing: the skipped names are not entries (no node line to decorate),
///   no name is skipped twice within a channel, and no edge goes into a skipped entry.
#[test]
fn mermaid_golden_foo_index() {
    let c = fixture("foo-index-v0.2.0.yaml");
    let expected = golden("foo-index-v0.2.0.mmd");
    assert_same(&render(&c, &MermaidOptions::default()), &expected, "plain");
    assert_same(&render(&c, &v0()), &expected, "v0");
}

/// Synthetic quirks (`quirks.yaml`), checked by hand:
///
/// - qa/fast has no entries: without filters opm still prints its empty subgraph;
/// - qa/stable by decreasing version: v2.0.0 (its range `1.0.0-xyz` takes blang's wildcard path
///   and fails: warning, no edge; replace = link 0), v1.2.0 (skip v1.1.0 = 1; `>=1.0.0 <1.2.0`
///   matches v1.0.0 and v1.1.0 = 2, 3; replace = 4), v1.1.0 (skipped; `>=1.0.0 <=1.1.0`
///   matches v1.0.0 = 5 and v1.1.0 *itself* = 6, the self-loop opm draws; replace = 7: all
///   three go into a skipped entry → linkStyle 5,6,7), v1.0.0 (deprecated);
/// - qb/stable: the name `qb.v1.1.0"x` is raw in the node id and `%q`-quoted in the label;
/// - deprecations of qa style qa, qa-stable and qa.v1.0.0; qb's channel of the same name is not
///   styled (scoped per package, where opm keys channels by name only).
#[test]
fn mermaid_quirks_self_loop_invalid_range_escaping_and_scoped_deprecations() {
    let c = fixture("quirks.yaml");
    let out = mermaid(&c, &v0()).expect("renders");
    assert_same(&out.text, &golden("quirks.v0.mmd"), "quirks");
    assert_eq!(
        out.warnings,
        [
            r#"ignoring invalid SkipRange for package/edge "qa"/"qa.v2.0.0": Could not get version from string: "<""#
        ]
    );
    assert!(out.text.contains(
        r#"qa-stable-qa.v1.1.0["qa.v1.1.0"]-- "skipRange(>=1.0.0 <=1.1.0)" --> qa-stable-qa.v1.1.0["qa.v1.1.0"]"#
    ));
    assert!(!out.text.contains("style qb-stable"));
}

/// `--minimum-edge qa.v1.1.0` (floor 1.1.0), checked by hand against opm's `filterChannel`:
/// only package qa (the first channel in name order with that entry is qa's) and only channels
/// with something left (qa/fast is dropped, qb entirely); qa.v1.0.0 never had edges and is below
/// the floor: dropped; qa.v1.1.0 is the floor: kept without edges; qa.v1.2.0 keeps its replace
/// and skip (1.1.0 ≥ floor) and its range (which contains the floor), and its range now only
/// sees the filtered entries (v1.1.0 matches); qa.v2.0.0 keeps its replace, and its invalid
/// range is dropped silently by the filter (no warning). The deprecated bundle is gone, so
/// there is no `class … deprecated` line.
#[test]
fn mermaid_minimum_edge() {
    let c = fixture("quirks.yaml");
    let opts = MermaidOptions {
        minimum_edge: Some("qa.v1.1.0".into()),
        ..v0()
    };
    let out = mermaid(&c, &opts).expect("renders");
    assert!(out.warnings.is_empty(), "{:?}", out.warnings);
    assert_same(&out.text, &golden("quirks.minimum-edge.v0.mmd"), "min edge");

    let err = mermaid(
        &c,
        &MermaidOptions {
            minimum_edge: Some("nope\"".into()),
            ..MermaidOptions::default()
        },
    )
    .expect_err("unknown name");
    assert_eq!(err, MermaidError::UnknownMinimumEdge("nope\"".into()));
    assert_eq!(err.to_string(), r#"unknown minimum edge name: "nope\"""#);
    // An empty name means no filter, as in opm.
    let empty = MermaidOptions {
        minimum_edge: Some(String::new()),
        ..v0()
    };
    assert_eq!(render_any(&c, &empty), render_any(&c, &v0()));
}

fn render_any(c: &Catalog, o: &MermaidOptions) -> String {
    mermaid(c, o).expect("renders").text
}

#[test]
fn mermaid_channel_filter_and_bad_bundles() {
    let c = fixture("quirks.yaml");
    let only = render_any(
        &c,
        &MermaidOptions {
            package: Some("qa".into()),
            channel: Some("fast".into()),
            ..MermaidOptions::default()
        },
    );
    // A filter drops channels without entries, so nothing is left but the header (and opm
    // styles a deprecated package only when one of its channels is drawn).
    assert_eq!(only.lines().count(), 4, "{only}");
    assert!(!only.contains("style"), "{only}");

    let bad = |version: &str, props: &str| {
        let text = format!("schema: olm.package\nname: p\n---\nschema: olm.channel\npackage: p\nname: s\nentries:\n- name: p.a\n---\nschema: olm.bundle\npackage: p\nname: p.a\nimage: x\nproperties:\n{props}- {{type: olm.package, value: {{packageName: p, version: '{version}'}}}}\n");
        let c = load_files(vec![InputFile::new("bad.yaml", text)]);
        mermaid(&c, &MermaidOptions::default())
            .expect_err("opm refuses")
            .to_string()
    };
    assert_eq!(
        bad("1.0", ""),
        r#"bundle "p.a" has invalid version "1.0": No Major.Minor.Patch elements found"#
    );
    assert_eq!(
        bad(
            "1.0.0",
            "- {type: olm.package, value: {packageName: p, version: 2.0.0}}\n"
        ),
        r#"bundle "p.a" has multiple "olm.package" properties, expected exactly 1"#
    );
}

#[test]
fn mermaid_real_catalogs_never_fail_and_are_deterministic() {
    for rel in [
        "certified-operators/v4.22/gpu-operator-certified.yaml",
        "openshift-kube-descheduler-fbc/v4.12/cluster-kube-descheduler-operator.json",
        "community-operators-prod/v4.21/sailoperator.yaml",
        "openshift-external-dns-operator/v4.21",
    ] {
        let c = common::load(&common::catalog(rel));
        let a = mermaid(&c, &v0()).unwrap_or_else(|e| panic!("{rel}: {e}"));
        let b = mermaid(&c, &v0()).expect("again");
        assert_eq!(a, b, "{rel}");
        assert!(a.text.starts_with("graph LR\n"), "{rel}");
        // One node line per entry of every channel.
        let entries: usize = c
            .packages
            .iter()
            .flat_map(|p| &p.channels)
            .map(|ch| ch.entries.len())
            .sum();
        let nodes = a
            .text
            .lines()
            .filter(|l| l.starts_with("      ") && !l.contains("-->"))
            .count();
        assert_eq!(nodes, entries, "{rel}");
    }
}

// ---------------------------------------------------------------------------------------------
// DOT
// ---------------------------------------------------------------------------------------------

/// Reads back the quoted strings of a DOT text the way Graphviz does (`\"` → `"`, `\\` → `\`,
/// `\n` → line break; then `&amp;` → `&`), checking that every string is terminated and that
/// braces and brackets balance outside strings.
fn dot_strings(dot: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = dot.chars();
    let (mut braces, mut brackets) = (0i32, 0i32);
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                let mut s = String::new();
                loop {
                    match chars.next().expect("terminated string") {
                        '"' => break,
                        '\\' => match chars.next().expect("escape") {
                            'n' => s.push('\n'),
                            '"' => s.push('"'),
                            '\\' => s.push('\\'),
                            other => panic!("unexpected escape \\{other}"),
                        },
                        '\n' => panic!("raw newline in a string"),
                        ch => s.push(ch),
                    }
                }
                out.push(s.replace("&amp;", "&"));
            }
            '{' => braces += 1,
            '}' => braces -= 1,
            '[' => brackets += 1,
            ']' => brackets -= 1,
            _ => {}
        }
        assert!(braces >= 0 && brackets >= 0, "balanced");
    }
    assert_eq!((braces, brackets), (0, 0), "balanced");
    out
}

fn graphs_of(c: &Catalog, package: &str) -> Vec<ChannelGraph> {
    channel_graphs(c.package(package).expect("package"))
}

#[test]
fn dot_escapes_hostile_names_and_marks_kinds() {
    let c = fixture("xss.yaml");
    let pkg = c.package("xss").expect("xss");
    let graphs = graphs_of(&c, "xss");
    let g = graphs
        .iter()
        .find(|g| g.channel == "stable")
        .expect("stable");
    let dot = channel_dot(pkg, g);
    assert!(dot.starts_with("digraph olm_graph {\n"));
    assert!(dot.contains("rankdir=LR"));
    let strings = dot_strings(&dot);
    for n in &g.nodes {
        assert!(
            strings
                .iter()
                .any(|s| s.starts_with(&format!("{}\n", n.name))),
            "label of {:?}",
            n.name
        );
    }
    // One line per edge, coloured and styled per kind.
    let edge_lines: Vec<&str> = dot.lines().filter(|l| l.contains(" -> ")).collect();
    assert_eq!(edge_lines.len(), g.edges.len());
    assert!(edge_lines
        .iter()
        .any(|l| l.contains("style=dashed") && l.contains("#ea580c")));
    assert!(edge_lines.iter().any(|l| l.contains("style=dotted")));
    // Head, deprecated, virtual.
    let head = g.head_index().expect("a head");
    assert!(dot.contains(&format!("  n{head} [")));
    let line = |i: usize| {
        dot.lines()
            .find(|l| l.starts_with(&format!("  n{i} [")))
            .expect("node line")
    };
    assert!(line(head).contains("peripheries=2"));
    let dep = g.node_index("<script>alert(1)</script>").expect("node");
    assert!(line(dep).contains("filled"));
    let virt = g
        .node_index("<img src=x onerror=alert(1)>")
        .expect("virtual");
    assert!(g.nodes[virt].is_virtual && line(virt).contains("dashed"));
    // Every id is n<number>: no catalog text outside quotes.
    for l in dot
        .lines()
        .filter(|l| l.starts_with("  n") && !l.starts_with("  node "))
    {
        let id: String = l[2..].chars().take_while(|c| !c.is_whitespace()).collect();
        assert!(id[1..].chars().all(|c| c.is_ascii_digit()), "{l}");
    }
    assert_eq!(dot_string("a\"b\\c\nd"), "\"a\\\"b\\\\c\\nd\"");

    let pg = PackageGraph::build(pkg, &graphs);
    let pdot = package_dot(pkg, &pg);
    dot_strings(&pdot);
    let distinct: BTreeSet<_> = pg.edges.iter().map(|e| (e.from, e.to, e.kind)).collect();
    assert_eq!(
        pdot.lines().filter(|l| l.contains(" -> ")).count(),
        distinct.len()
    );

    // When Graphviz is installed, it must accept both (and lay them out).
    if let Ok(out) = std::process::Command::new("dot")
        .arg("-Tplain")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write as _;
            child
                .stdin
                .take()
                .expect("stdin")
                .write_all(dot.as_bytes())?;
            child.wait_with_output()
        })
    {
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let plain = parse_plain(&String::from_utf8_lossy(&out.stdout)).expect("plain");
        assert_eq!(plain.nodes.len(), g.nodes.len());
        assert_eq!(plain.edges.len(), g.edges.len());
        let _ = plain_crossings(&plain);
    }
}

// ---------------------------------------------------------------------------------------------
// SVG
// ---------------------------------------------------------------------------------------------

/// A parsed XML element.
#[derive(Debug)]
struct Elem {
    name: String,
    attrs: Vec<(String, String)>,
    children: Vec<Elem>,
    text: String,
}

impl Elem {
    fn attr(&self, k: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(n, _)| n == k)
            .map(|(_, v)| v.as_str())
    }

    fn walk<'a>(&'a self, out: &mut Vec<&'a Elem>) {
        out.push(self);
        for c in &self.children {
            c.walk(out);
        }
    }

    fn all(&self) -> Vec<&Elem> {
        let mut v = Vec::new();
        self.walk(&mut v);
        v
    }

    fn has_class(&self, class: &str) -> bool {
        self.attr("class")
            .is_some_and(|c| c.split_whitespace().any(|x| x == class))
    }

    fn title(&self) -> Option<&str> {
        self.children
            .iter()
            .find(|c| c.name == "title")
            .map(|c| c.text.as_str())
    }
}

/// A strict little XML 1.0 reader: one root element, balanced tags, quoted attributes without
/// `<` and without duplicates, only the five predefined entities and character references,
/// no bare `&` or `<` in text, only characters XML allows. Comments and a leading `<?xml?>`
/// declaration are accepted; DOCTYPE, CDATA and processing instructions are not (our SVG has
/// none).
fn parse_xml(s: &str) -> Result<Elem, String> {
    struct P<'a> {
        s: &'a str,
        i: usize,
    }
    impl P<'_> {
        fn rest(&self) -> &str {
            &self.s[self.i..]
        }
        fn eat(&mut self, t: &str) -> bool {
            if self.rest().starts_with(t) {
                self.i += t.len();
                true
            } else {
                false
            }
        }
        fn ws(&mut self) {
            while let Some(c) = self.rest().chars().next() {
                if matches!(c, ' ' | '\t' | '\n' | '\r') {
                    self.i += 1;
                } else {
                    break;
                }
            }
        }
        fn name(&mut self) -> Result<String, String> {
            let start = self.i;
            let mut end = start;
            for (k, c) in self.rest().char_indices() {
                let ok = c.is_ascii_alphabetic()
                    || c == '_'
                    || c == ':'
                    || (k > 0 && (c.is_ascii_digit() || c == '-' || c == '.'));
                if !ok {
                    break;
                }
                end = start + k + c.len_utf8();
            }
            self.i = end;
            if self.i == start {
                return Err(format!("name expected at {start}"));
            }
            Ok(self.s[start..self.i].to_string())
        }
        fn decode(raw: &str, attr: bool) -> Result<String, String> {
            let mut out = String::new();
            let mut rest = raw;
            while let Some(k) = rest.find(['&', '<']) {
                out.push_str(&rest[..k]);
                if rest[k..].starts_with('<') {
                    return Err("raw < in text or attribute".into());
                }
                let end = rest[k..].find(';').ok_or("unterminated entity")? + k;
                let ent = &rest[k + 1..end];
                let ch = match ent {
                    "amp" => '&',
                    "lt" => '<',
                    "gt" => '>',
                    "quot" => '"',
                    "apos" => '\'',
                    _ if ent.starts_with("#x") => u32::from_str_radix(&ent[2..], 16)
                        .ok()
                        .and_then(char::from_u32)
                        .ok_or(format!("bad reference &{ent};"))?,
                    _ if ent.starts_with('#') => ent[1..]
                        .parse::<u32>()
                        .ok()
                        .and_then(char::from_u32)
                        .ok_or(format!("bad reference &{ent};"))?,
                    _ => return Err(format!("unknown entity &{ent};")),
                };
                if !xml_char(ch) {
                    return Err(format!("reference to a forbidden character {ch:?}"));
                }
                out.push(ch);
                rest = &rest[end + 1..];
            }
            out.push_str(rest);
            let _ = attr;
            Ok(out)
        }
        fn element(&mut self) -> Result<Elem, String> {
            if !self.eat("<") {
                return Err(format!("< expected at {}", self.i));
            }
            let name = self.name()?;
            let mut attrs: Vec<(String, String)> = Vec::new();
            loop {
                let before = self.i;
                self.ws();
                if self.eat("/>") {
                    return Ok(Elem {
                        name,
                        attrs,
                        children: Vec::new(),
                        text: String::new(),
                    });
                }
                if self.eat(">") {
                    break;
                }
                if self.i == before {
                    return Err(format!("space expected before attribute at {}", self.i));
                }
                let k = self.name()?;
                self.ws();
                if !self.eat("=") {
                    return Err(format!("= expected after {k}"));
                }
                self.ws();
                let q = self.rest().chars().next().ok_or("eof")?;
                if q != '"' && q != '\'' {
                    return Err(format!("quoted value expected for {k}"));
                }
                self.i += 1;
                let end = self.rest().find(q).ok_or("unterminated attribute")?;
                let raw = &self.s[self.i..self.i + end];
                self.i += end + 1;
                if attrs.iter().any(|(n, _)| *n == k) {
                    return Err(format!("duplicate attribute {k}"));
                }
                attrs.push((k, Self::decode(raw, true)?));
            }
            let mut children = Vec::new();
            let mut text = String::new();
            loop {
                if self.eat("</") {
                    let close = self.name()?;
                    self.ws();
                    if !self.eat(">") || close != name {
                        return Err(format!("</{close}> closes <{name}>"));
                    }
                    return Ok(Elem {
                        name,
                        attrs,
                        children,
                        text,
                    });
                }
                if self.eat("<!--") {
                    let end = self.rest().find("-->").ok_or("unterminated comment")?;
                    self.i += end + 3;
                    continue;
                }
                if self.rest().starts_with("<!") || self.rest().starts_with("<?") {
                    return Err("unexpected markup declaration".into());
                }
                if self.rest().starts_with('<') {
                    children.push(self.element()?);
                    continue;
                }
                let end = self
                    .rest()
                    .find('<')
                    .ok_or(format!("<{name}> not closed"))?;
                let raw = &self.s[self.i..self.i + end];
                if raw.contains("]]>") {
                    return Err("]]> in text".into());
                }
                text.push_str(&Self::decode(raw, false)?);
                self.i += end;
            }
        }
    }
    fn xml_char(c: char) -> bool {
        matches!(c, '\t' | '\n' | '\r')
            || ('\u{20}'..='\u{D7FF}').contains(&c)
            || ('\u{E000}'..='\u{FFFD}').contains(&c)
            || c >= '\u{10000}'
    }
    if let Some(c) = s.chars().find(|c| !xml_char(*c)) {
        return Err(format!("forbidden character {c:?}"));
    }
    let mut p = P { s, i: 0 };
    if p.eat("<?xml") {
        let end = p.rest().find("?>").ok_or("bad declaration")?;
        p.i += end + 2;
    }
    p.ws();
    let root = p.element()?;
    p.ws();
    if p.i != s.len() {
        return Err(format!("content after the root element at {}", p.i));
    }
    Ok(root)
}

#[test]
fn the_xml_checker_rejects_what_it_should() {
    assert!(parse_xml("<a b=\"1\"><c/>x &amp; y</a>").is_ok());
    for bad in [
        "<a><b></a></b>",
        "<a b=\"1\" b=\"2\"/>",
        "<a>&bogus;</a>",
        "<a>x < y</a>",
        "<a b=\"<\"/>",
        "<a/><b/>",
        "<a>&#0;</a>",
        "<a b=1/>",
        "<a",
        "<a>\u{1}</a>",
    ] {
        assert!(parse_xml(bad).is_err(), "{bad}");
    }
}

/// Everything an inert, self-contained SVG must satisfy.
fn check_safe_svg(svg: &str) -> Elem {
    let root = parse_xml(svg).unwrap_or_else(|e| panic!("not well-formed XML: {e}\n{svg}"));
    assert_eq!(root.name, "svg");
    assert_eq!(root.attr("xmlns"), Some("http://www.w3.org/2000/svg"));
    let vb: Vec<f64> = root
        .attr("viewBox")
        .expect("viewBox")
        .split(' ')
        .map(|v| v.parse().expect("number"))
        .collect();
    assert!(vb.len() == 4 && vb[2] > 0.0 && vb[3] > 0.0 && vb.iter().all(|v| v.is_finite()));
    for e in root.all() {
        let lname = e.name.to_ascii_lowercase();
        assert!(
            ![
                "script",
                "foreignobject",
                "iframe",
                "image",
                "use",
                "a",
                "embed",
                "object"
            ]
            .contains(&lname.as_str()),
            "element <{}>",
            e.name
        );
        for (k, v) in &e.attrs {
            let lk = k.to_ascii_lowercase();
            assert!(!lk.starts_with("on"), "event attribute {k}={v:?}");
            if lk.ends_with("href") || lk == "src" {
                assert!(v.starts_with('#'), "{k}={v:?}");
            }
            if v.contains("url(") {
                assert!(
                    v.matches("url(").count() == v.matches("url(#").count(),
                    "{k}={v:?}"
                );
            }
            assert!(!v.to_ascii_lowercase().contains("javascript:"), "{k}={v:?}");
        }
        if e.name == "style" {
            let css = e.text.to_ascii_lowercase();
            assert!(!css.contains("@import") && !css.contains("expression("));
            assert_eq!(css.matches("url(").count(), css.matches("url(#").count());
        }
    }
    root
}

/// (from, to, kind) of every element that stands for an edge.
fn svg_edges(root: &Elem) -> Vec<(String, String, String)> {
    root.all()
        .into_iter()
        .filter_map(|e| {
            Some((
                e.attr("data-from")?.to_string(),
                e.attr("data-to")?.to_string(),
                e.attr("data-edge-kind")?.to_string(),
            ))
        })
        .collect()
}

fn graph_edges(g: &ChannelGraph) -> Vec<(String, String, String)> {
    let mut v: Vec<_> = g
        .edges
        .iter()
        .map(|e| {
            (
                g.nodes[e.from].name.clone(),
                g.nodes[e.to].name.clone(),
                e.kind.as_str().to_string(),
            )
        })
        .collect();
    v.sort();
    v
}

fn node_names(root: &Elem) -> BTreeSet<String> {
    root.all()
        .into_iter()
        .filter(|e| e.has_class("node"))
        .filter_map(|e| e.attr("data-name").map(str::to_string))
        .collect()
}

/// Every node and every edge of the channel, exactly once each.
fn check_channel_svg(svg: &str, g: &ChannelGraph) -> Elem {
    let root = check_safe_svg(svg);
    let mut edges = svg_edges(&root);
    edges.sort();
    assert_eq!(edges, graph_edges(g), "{}/{}", g.package, g.channel);
    let names: BTreeSet<String> = g.nodes.iter().map(|n| n.name.clone()).collect();
    assert_eq!(node_names(&root), names);
    root
}

#[test]
fn svg_of_hostile_catalog_is_inert_and_complete() {
    let c = fixture("xss.yaml");
    let pkg = c.package("xss").expect("xss");
    let graphs = graphs_of(&c, "xss");
    for g in &graphs {
        for fans in [FanMode::Bands, FanMode::Edges] {
            let opts = SvgOptions {
                layout: LayoutOptions {
                    fans,
                    ..LayoutOptions::default()
                },
                ..SvgOptions::default()
            };
            let svg = channel_svg(pkg, g, &opts);
            assert!(!svg.contains("<script"), "{svg}");
            let root = check_channel_svg(&svg, g);
            // The text survives escaping: titles carry names, messages and descriptions.
            let titles: Vec<&str> = root.all().iter().filter_map(|e| e.title()).collect();
            let all_titles = titles.join("\n");
            if g.channel == "stable" {
                assert!(all_titles.contains("<script>alert(1)</script>\u{FFFD}\" onmouseover=\"y"));
                let subtitle: String = root
                    .all()
                    .iter()
                    .filter(|e| e.has_class("subtitle"))
                    .map(|e| e.text.clone())
                    .collect();
                assert!(subtitle.contains("channel deprecated: \" onload=\"alert(4)"));
                assert!(subtitle.contains("package deprecated: </title><script>alert(3)</script>"));
                assert!(all_titles.contains("\" onerror=\"x ]]> <![CDATA[ &#0; &bogus;"));
            }
            let title = root
                .all()
                .into_iter()
                .find(|e| e.has_class("title"))
                .map(|e| e.text.clone());
            assert_eq!(title, Some(format!("xss / {}", g.channel)));
        }
    }
    let pg = PackageGraph::build(pkg, &graphs);
    let svg = package_svg(pkg, &pg, &SvgOptions::default());
    let root = check_safe_svg(&svg);
    let names: BTreeSet<String> = pg.nodes.iter().map(|n| n.name.clone()).collect();
    assert_eq!(node_names(&root), names);
    let distinct: BTreeSet<(String, String, String)> = pg
        .edges
        .iter()
        .map(|e| {
            (
                pg.nodes[e.from].name.clone(),
                pg.nodes[e.to].name.clone(),
                e.kind.as_str().to_string(),
            )
        })
        .collect();
    let drawn: Vec<_> = svg_edges(&root);
    assert_eq!(drawn.len(), distinct.len(), "each distinct edge once");
    assert_eq!(drawn.into_iter().collect::<BTreeSet<_>>(), distinct);
}

#[test]
fn svg_of_real_channels_has_every_edge_title_and_legend() {
    for (rel, package) in [
        (
            "certified-operators/v4.22/gpu-operator-certified.yaml",
            "gpu-operator-certified",
        ),
        (
            "openshift-kube-descheduler-fbc/v4.12/cluster-kube-descheduler-operator.json",
            "cluster-kube-descheduler-operator",
        ),
        (
            "community-operators-prod/v4.21/project-quay.yaml",
            "project-quay",
        ),
        (
            "certified-operators/v4.17/scaleops-operator.yaml",
            "scaleops-operator",
        ),
    ] {
        let c = common::load(&common::catalog(rel));
        let pkg = c.package(package).expect("package");
        let graphs = channel_graphs(pkg);
        let g = graphs
            .iter()
            .max_by_key(|g| g.edges.len())
            .expect("a channel");
        let svg = channel_svg(pkg, g, &SvgOptions::default());
        let root = check_channel_svg(&svg, g);
        let texts: Vec<String> = root
            .all()
            .iter()
            .filter(|e| e.name == "text")
            .map(|e| e.text.clone())
            .collect();
        for label in [
            "replaces",
            "skips",
            "skipRange",
            "channel head",
            "deprecated",
            "not in channel",
        ] {
            assert!(texts.iter().any(|t| t == label), "legend {label}");
        }
        assert!(texts.contains(&format!("{package} / {}", g.channel)));
        let pg = PackageGraph::build(pkg, &graphs);
        let svg = package_svg(pkg, &pg, &SvgOptions::default());
        let root = check_safe_svg(&svg);
        assert_eq!(
            root.all().iter().filter(|e| e.has_class("node")).count(),
            pg.nodes.len() + 3
        );
    }
}

/// A path through baz/stable of index-declcfgs-latest and through a real channel: one animated
/// element per hop, in order, with the CSS animation and the reduced-motion fallback.
#[test]
fn svg_animated_path() {
    let c = fixture("index-declcfgs-latest.yaml");
    let pkg = c.package("foo").expect("foo");
    let graphs = channel_graphs(pkg);
    let g = &graphs[0];
    let path = resolve_path(
        &c,
        "foo",
        "foo.v0.1.0",
        &PathOptions {
            resolver: Resolver::V1,
            channel: Some("beta".into()),
            ..PathOptions::default()
        },
        None,
    )
    .expect("resolves");
    assert!(!path.hops.is_empty());
    let check = |svg: &str, hops: usize, animate: bool| {
        let root = check_safe_svg(svg);
        let style = root
            .all()
            .into_iter()
            .find(|e| e.name == "style")
            .map(|e| e.text.clone())
            .expect("style");
        let hop_elems: Vec<&Elem> = root
            .all()
            .into_iter()
            .filter(|e| e.has_class("hop") && e.attr("data-hop").is_some())
            .collect();
        assert_eq!(hop_elems.len(), hops);
        for (k, e) in hop_elems.iter().enumerate() {
            assert_eq!(e.attr("data-hop"), Some((k + 1).to_string().as_str()));
            assert!(!e.attr("d").unwrap_or("").is_empty());
            assert_eq!(e.has_class("animated"), animate);
            if animate {
                let delay = e.attr("style").expect("style attr");
                assert!(delay.starts_with("animation-delay:"), "{delay}");
            }
        }
        assert_eq!(style.contains("@keyframes"), animate);
        assert_eq!(style.contains("prefers-reduced-motion: reduce"), animate);
        root
    };
    let mut opts = SvgOptions {
        path: Some(path.clone()),
        ..SvgOptions::default()
    };
    let root = check(&channel_svg(pkg, g, &opts), path.hops.len(), true);
    // The route's nodes are marked.
    let on: BTreeSet<String> = root
        .all()
        .into_iter()
        .filter(|e| e.has_class("on-path"))
        .filter_map(|e| e.attr("data-name").map(str::to_string))
        .collect();
    assert!(on.contains("foo.v0.1.0") && on.contains(&path.end));
    opts.animate = false;
    check(&channel_svg(pkg, g, &opts), path.hops.len(), false);

    // A long real path (v0 walks the chain one hop at a time), bands included.
    let c = common::load(&common::catalog(
        "community-operators-prod/v4.21/project-quay.yaml",
    ));
    let pkg = c.package("project-quay").expect("quay");
    let graphs = channel_graphs(pkg);
    let g = graphs
        .iter()
        .max_by_key(|g| g.entry_count())
        .expect("channel");
    let oldest = g
        .nodes
        .iter()
        .filter(|n| !n.is_virtual && n.version.is_some())
        .min_by(|a, b| a.version.cmp(&b.version))
        .expect("entry");
    let path = resolve_path(
        &c,
        "project-quay",
        &oldest.name,
        &PathOptions {
            resolver: Resolver::V0,
            channel: Some(g.channel.clone()),
            ..PathOptions::default()
        },
        None,
    )
    .expect("resolves");
    let opts = SvgOptions {
        path: Some(path.clone()),
        ..SvgOptions::default()
    };
    check(&channel_svg(pkg, g, &opts), path.hops.len(), true);
    let pg = PackageGraph::build(pkg, &graphs);
    check(&package_svg(pkg, &pg, &opts), path.hops.len(), true);
}

#[test]
fn svg_never_panics_on_odd_graphs() {
    // Empty channel, a cycle, a self-replace, an entry without a bundle, huge node sizes.
    let text = "schema: olm.package\nname: odd\n---\nschema: olm.channel\npackage: odd\nname: empty\nentries: []\n---\nschema: olm.channel\npackage: odd\nname: cyc\nentries:\n- {name: a, replaces: b}\n- {name: b, replaces: a, skipRange: '>=0.0.0'}\n- {name: c, replaces: c, skips: ['', c]}\n";
    let c = load_files(vec![InputFile::new("odd.yaml", text)]);
    let pkg = c.package("odd").expect("odd");
    let graphs = channel_graphs(pkg);
    let mut by: BTreeMap<&str, &ChannelGraph> = BTreeMap::new();
    for g in &graphs {
        by.insert(&g.channel, g);
    }
    for layout in [
        LayoutOptions::default(),
        LayoutOptions {
            node_width: f64::NAN,
            node_height: -1.0,
            column_gap: f64::INFINITY,
            ..LayoutOptions::default()
        },
    ] {
        let opts = SvgOptions {
            layout,
            hop_seconds: f64::NAN,
            ..SvgOptions::default()
        };
        for g in &graphs {
            let svg = channel_svg(pkg, g, &opts);
            check_channel_svg(&svg, g);
            dot_strings(&channel_dot(pkg, g));
        }
        let pg = PackageGraph::build(pkg, &graphs);
        check_safe_svg(&package_svg(pkg, &pg, &opts));
    }
    assert!(by.contains_key("empty") && by.contains_key("cyc"));
}

#[test]
fn svg_marks_the_legacy_deprecated_property_apart() {
    let c = common::load(&common::fixture("resolve/legacy-deprecated.yaml"));
    let pkg = c.package("prohibited").unwrap();
    let graphs = graphs_of(&c, "prohibited");
    let g = &graphs[0];
    let svg = channel_svg(pkg, g, &SvgOptions::default());
    check_channel_svg(&svg, g);
    assert!(
        svg.contains(r#"<g class="node head deprecated legacy" data-name="p2""#)
            || svg.contains(r#"<g class="node deprecated legacy" data-name="p2""#),
        "{svg}"
    );
    assert!(!svg.contains(r#"legacy" data-name="p1""#));
    assert!(svg.contains("prohibited by OLM v0"), "tooltip and legend");
    // Without a legacy bundle, no legacy legend entry.
    let plain = fixture_svg_without_legacy();
    assert!(!plain.contains("prohibited by OLM v0"));
}

fn fixture_svg_without_legacy() -> String {
    let c = common::load(&common::fixture("resolve/v1-deprecation.yaml"));
    let pkg = c.package("dep").unwrap();
    let graphs = graphs_of(&c, "dep");
    channel_svg(pkg, &graphs[0], &SvgOptions::default())
}

// ---------------------------------------------------------------------------------------------
// One drawing model: the SVG export draws exactly what the app's view holds
// ---------------------------------------------------------------------------------------------

/// (name, class, tooltip, first label line, caption) of every graph node of an SVG.
type SvgNode = (String, String, String, String, Option<String>);
/// (from, to, kind, class, tooltip) of every edge element (individual edges and band taps).
type SvgEdge = (String, String, String, String, String);

fn svg_nodes(root: &Elem) -> Vec<SvgNode> {
    let text_of = |e: &Elem, class: &str| {
        e.children
            .iter()
            .find(|c| c.name == "text" && c.has_class(class))
            .map(|c| c.text.clone())
    };
    root.all()
        .into_iter()
        .filter(|e| e.has_class("node") && e.attr("data-name").is_some())
        .map(|e| {
            (
                e.attr("data-name").unwrap_or("").to_string(),
                e.attr("class").unwrap_or("").to_string(),
                e.title().unwrap_or("").to_string(),
                text_of(e, "version").unwrap_or_default(),
                text_of(e, "marker"),
            )
        })
        .collect()
}

fn svg_edge_elements(root: &Elem) -> Vec<SvgEdge> {
    root.all()
        .into_iter()
        .filter_map(|e| {
            Some((
                e.attr("data-from")?.to_string(),
                e.attr("data-to")?.to_string(),
                e.attr("data-edge-kind")?.to_string(),
                e.attr("class")?.to_string(),
                e.title()?.to_string(),
            ))
        })
        .collect()
}

/// What the view says the SVG must hold: its nodes, and its edges and band taps.
fn view_elements(view: &GraphView) -> (Vec<SvgNode>, Vec<SvgEdge>) {
    let nodes = view
        .nodes()
        .keys()
        .map(|i| {
            let n = &view.nodes()[i];
            let label = view.node_label(i).expect("a box per node");
            // A node collapsed into a group keeps its element and tooltip, drawn by its group.
            let (primary, caption) = match n.collapsed {
                Some(_) => (String::new(), None),
                None => (label.primary, label.caption),
            };
            (
                n.name.clone(),
                n.class(),
                view.node_tooltip(i),
                primary,
                caption,
            )
        })
        .collect();
    let name = |i: NodeId| view.nodes()[i].name.clone();
    // An edge leaving a group is drawn once and carried by one element per member's edge.
    let mut edges: Vec<SvgEdge> = view
        .edges()
        .iter()
        .flat_map(|e| {
            let kind = e.kind.as_str().to_string();
            if e.group.is_some() {
                e.members
                    .iter()
                    .map(|&m| {
                        (
                            name(m),
                            name(e.to),
                            kind.clone(),
                            "edge-member".to_string(),
                            view.member_edge_tooltip(e, m),
                        )
                    })
                    .collect::<Vec<_>>()
            } else {
                vec![(
                    name(e.from),
                    name(e.to),
                    kind,
                    e.class(),
                    view.edge_tooltip(e),
                )]
            }
        })
        .collect();
    for b in view.bands() {
        for (k, &s) in b.sources.iter().enumerate() {
            let kind = b.kind.as_str().to_string();
            let tip = view.band_edge_tooltip(b, k);
            edges.push((name(s), name(b.to), kind, b.tap_class(), tip));
        }
    }
    (nodes, edges)
}

/// The parts of a view that do not depend on sizes: names, classes, tooltips, whole labels,
/// edges and bands.
fn size_free(view: &GraphView) -> Vec<String> {
    let mut out: Vec<String> = view
        .nodes()
        .keys()
        .map(|i| {
            let n = &view.nodes()[i];
            let lines = label_text(
                &n.name,
                n.version.as_deref(),
                &view.package,
                LabelMode::Versions,
            );
            format!(
                "{} {} {:?} {:?}",
                n.name,
                n.class(),
                view.node_tooltip(i),
                lines
            )
        })
        .collect();
    out.extend(
        view.edges()
            .iter()
            .map(|e| format!("{} {} {} {}", e.from, e.to, e.class(), view.edge_tooltip(e))),
    );
    out.extend(view.bands().iter().map(|b| {
        format!(
            "{} {:?} {} {}",
            b.to,
            b.sources,
            b.class(),
            view.band_tooltip(b)
        )
    }));
    out
}

#[test]
fn svg_draws_the_apps_view_of_real_channels() {
    let cases = [
        (
            "certified-operators/v4.22/gpu-operator-certified.yaml",
            Some("stable"),
        ),
        (
            "openshift-kube-descheduler-fbc/v4.12/cluster-kube-descheduler-operator.json",
            Some("4.12"),
        ),
        (
            "community-operators-prod/v4.21/project-quay.yaml",
            Some("stable-3.10"),
        ),
        ("community-operators-prod/v4.21/project-quay.yaml", None),
        (
            "certified-operators/v4.17/scaleops-operator.yaml",
            Some("stable-v1"),
        ),
        (
            "certified-operators/v4.17/scaleops-operator.yaml",
            Some("stable-v1.33"),
        ),
        (
            "community-operators-prod/v4.21/sailoperator.yaml",
            Some("stable"),
        ),
    ];
    // The sizes the web app draws with (`layout_options()` of its graph panel).
    let app_sizes = LayoutOptions {
        node_width: 128.0,
        node_height: 38.0,
        column_gap: 30.0,
        lane_gap: 28.0,
        arc_step: 9.0,
        margin: 24.0,
        ..LayoutOptions::default()
    };
    for (rel, channel) in cases {
        let c = common::load(&common::catalog(rel));
        let pkg = &c.packages[0];
        let graphs = channel_graphs(pkg);
        let pg = PackageGraph::build(pkg, &graphs);
        let what = format!("{} / {channel:?}", pkg.name);
        let options = SvgOptions::default();
        let (export_view, app_view) = match channel {
            Some(ch) => {
                let g = graphs.iter().find(|g| g.channel == ch).expect("channel");
                (
                    svg_view(pkg, g, &options),
                    GraphView::channel(pkg, g, &app_sizes),
                )
            }
            None => (
                svg_view(pkg, &pg, &options),
                GraphView::package(pkg, &pg, &app_sizes),
            ),
        };
        let svg = render_view(&export_view, &options);
        let root = check_safe_svg(&svg);
        // The export's elements are the view's, one for one.
        let (want_nodes, mut want_edges) = view_elements(&export_view);
        let mut got_edges = svg_edge_elements(&root);
        // One element per group of absent bundles, named by its entry, counting its members.
        let groups: Vec<(String, String)> = root
            .all()
            .into_iter()
            .filter_map(|e| {
                Some((
                    e.attr("data-group")?.to_string(),
                    e.attr("data-members")?.to_string(),
                ))
            })
            .collect();
        let want_groups: Vec<(String, String)> = export_view
            .groups()
            .iter()
            .map(|g| {
                (
                    export_view.nodes()[g.entry].name.clone(),
                    g.members.len().to_string(),
                )
            })
            .collect();
        assert_eq!(groups, want_groups, "{what}: groups");
        if channel == Some("stable-v1.33") {
            // Its entries skip 80 names that are not in the catalog: a group, not a box each.
            let biggest = want_groups
                .iter()
                .filter_map(|(_, m)| m.parse::<usize>().ok())
                .max();
            assert!(biggest >= Some(50), "{what}: {want_groups:?}");
        }
        let got_nodes = svg_nodes(&root);
        assert_eq!(got_nodes.len(), want_nodes.len(), "{what}: node count");
        for (got, want) in got_nodes.iter().zip(&want_nodes) {
            assert_eq!(got, want, "{what}: node");
        }
        got_edges.sort();
        want_edges.sort();
        let missing: Vec<_> = want_edges
            .iter()
            .filter(|e| !got_edges.contains(e))
            .collect();
        let extra: Vec<_> = got_edges
            .iter()
            .filter(|e| !want_edges.contains(e))
            .collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{what}: edges and taps: missing {missing:?}, extra {extra:?}"
        );
        assert_eq!(got_edges, want_edges, "{what}: edges and taps");
        assert_eq!(got_edges.len(), export_view.edge_total(), "{what}");
        assert!(!want_nodes.is_empty() && !want_edges.is_empty(), "{what}");
        // The app's view of the same graph differs only in sizes.
        assert_eq!(
            size_free(&export_view),
            size_free(&app_view),
            "{what}: app view"
        );
        // Labels shorten in the middle only when the box is too narrow for them.
        for (i, n) in app_view.nodes().iter_enumerated() {
            let primary = label_text(
                &n.name,
                n.version.as_deref(),
                &app_view.package,
                LabelMode::Versions,
            );
            let shown = app_view.node_label(i).expect("label").primary;
            assert!(shown == primary || shown.contains('…'), "{what}: {shown}");
        }
        // One spelling of the skipRange class everywhere.
        assert!(!svg.contains("skiprange"), "{what}");
    }
}

/// The header wraps at the graph's width and never widens the picture: external-dns's
/// `stable-v1.1` carries a 150-character channel deprecation, which used to set the width of
/// its 4-bundle picture (1,102 units). Its lines fit the width, the message is cut after three
/// lines with an ellipsis, and the whole text is in the cut lines' `<title>` and in the
/// document's `<desc>` (its text alternative).
#[test]
fn svg_header_wraps_at_the_graphs_width() {
    let c = common::load(&common::catalog(
        "openshift-external-dns-operator/v4.16/external-dns-operator.yaml",
    ));
    let pkg = c.package("external-dns-operator").expect("package");
    let g = channel_graphs(pkg)
        .into_iter()
        .find(|g| g.channel == "stable-v1.1")
        .expect("channel stable-v1.1");
    let message = format!(
        "channel deprecated: {}",
        g.deprecation.clone().expect("a deprecated channel")
    );
    let options = SvgOptions::default();
    let view = svg_view(pkg, &g, &options);
    let root = check_channel_svg(&render_view(&view, &options), &g);
    let width: f64 = root.attr("width").expect("width").parse().expect("number");
    assert_eq!(width, view.width.max(360.0));
    assert!(width < message.chars().count() as f64 * 6.9, "{width}");
    let all = root.all();
    let lines: Vec<&str> = all
        .iter()
        .filter(|e| e.has_class("subtitle"))
        .map(|e| e.text.as_str())
        .collect();
    for line in &lines {
        assert!(
            32.0 + line.chars().count() as f64 * 6.9 <= width,
            "{line:?}"
        );
    }
    let cut = all
        .iter()
        .find(|e| e.has_class("cut"))
        .expect("a cut subtitle");
    assert_eq!(cut.title(), Some(message.as_str()));
    let shown: Vec<&str> = cut.children.iter().map(|e| e.text.as_str()).collect();
    assert_eq!(shown.len(), 4, "{shown:?}"); // the <title> and three lines
    assert!(shown[3].ends_with('…'), "{shown:?}");
    assert!(message.starts_with(&shown[1..].join(" ").trim_end_matches('…').to_string()));
    let desc = all.iter().find(|e| e.name == "desc").expect("<desc>");
    assert!(desc.text.contains(&message), "{}", desc.text);
    assert_eq!(root.attr("aria-describedby"), desc.attr("id"));
}

/// The web app's first picture of a link (`default_channel_svg`) is what `olm-graph render -f
/// svg [--no-tooltips] --package P --channel C` writes (`render` with the CLI's defaults), on
/// real catalogs: the channels of three certified operators, with and without tooltips, and
/// none for an unknown package or channel.
#[test]
fn default_channel_svg_is_the_clis_render_of_the_channel() {
    use olm_graph_core::export::{default_channel_svg, RenderFormat, RenderRequest};
    let mut drawn = 0;
    for rel in [
        "certified-operators/v4.22/gpu-operator-certified.yaml",
        "certified-operators/v4.22/cloudnative-pg.yaml",
        "certified-operators/v4.22/crunchy-postgres-operator.yaml",
    ] {
        let catalog = common::load(&common::catalog(rel));
        for pkg in &catalog.packages {
            for (channel, tooltips) in pkg.channels.iter().flat_map(|c| [(c, true), (c, false)]) {
                let request = RenderRequest {
                    channel: Some(channel.name.clone()),
                    tooltips,
                    ..RenderRequest::new(pkg.name.clone(), RenderFormat::Svg)
                };
                let cli = render_catalog(&catalog, &request);
                let picture = default_channel_svg(&catalog, &pkg.name, &channel.name, tooltips);
                assert_eq!(
                    picture.as_deref(),
                    Some(cli.as_str()),
                    "{rel} {} / {} (tooltips {tooltips})",
                    pkg.name,
                    channel.name
                );
                drawn += 1;
            }
        }
        let pkg = &catalog.packages[0].name;
        for tooltips in [true, false] {
            assert_eq!(
                default_channel_svg(&catalog, pkg, "no-such-channel", tooltips),
                None
            );
            assert_eq!(
                default_channel_svg(&catalog, "no-such-package", "stable", tooltips),
                None
            );
        }
    }
    assert!(drawn >= 12, "{drawn} channels drawn");
}

/// Without tooltips (`render --no-tooltips`, the app's first picture) the picture draws the
/// same shapes and texts, with no tooltip: gpu-operator-certified's `stable` (34 bundles, 561
/// skipRange edges in fans) keeps every `<rect>`, `<path>`, `<circle>` and `<text>` of the
/// drawing with tooltips, in the same order, and loses every `<title>` but the document's, in
/// under a third of the bytes.
#[test]
fn a_picture_without_tooltips_draws_the_same_shapes() {
    use olm_graph_core::export::default_channel_svg;
    let catalog = common::load(&common::catalog(
        "certified-operators/v4.22/gpu-operator-certified.yaml",
    ));
    let with = default_channel_svg(&catalog, "gpu-operator-certified", "stable", true).unwrap();
    let without = default_channel_svg(&catalog, "gpu-operator-certified", "stable", false).unwrap();
    let shapes = |svg: &str| -> Vec<String> {
        let root = parse_xml(svg).unwrap_or_else(|e| panic!("not well-formed XML: {e}"));
        root.all()
            .into_iter()
            .filter(|e| matches!(e.name.as_str(), "rect" | "path" | "circle" | "text"))
            .map(|e| format!("{} {:?} {}", e.name, e.attrs, e.text))
            .collect()
    };
    let titles = |svg: &str| svg.matches("<title").count();
    assert!(
        titles(&with) > 600,
        "{} titles with tooltips",
        titles(&with)
    );
    assert_eq!(titles(&without), 1, "only the document's title");
    assert!(without.contains(
        "<title id=\"olmg-title\">Upgrade graph of gpu-operator-certified / stable</title>"
    ));
    let (a, b) = (shapes(&with), shapes(&without));
    assert!(a.len() > 100, "{} shapes", a.len());
    assert_eq!(a, b);
    assert!(
        without.len() * 3 < with.len(),
        "{} bytes without tooltips, {} with",
        without.len(),
        with.len()
    );
}

fn render_catalog(catalog: &Catalog, request: &olm_graph_core::export::RenderRequest) -> String {
    olm_graph_core::export::render(catalog, request)
        .expect("drawn")
        .text
}
