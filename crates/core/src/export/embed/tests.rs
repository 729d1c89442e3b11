use super::snippet::*;
use super::*;
use crate::export::{render, RenderFormat, RenderRequest};
use crate::open::load_files;

const CATALOG: &str = r#"
schema: olm.package
name: foo
defaultChannel: beta
icon: {base64data: "PHN2Zz48L3N2Zz4=", mediatype: image/svg+xml}
description: "</script><script>alert(1)</script>"
---
schema: olm.channel
package: foo
name: beta
entries:
  - name: foo.v0.1.0
  - name: foo.v0.2.0
    replaces: foo.v0.1.0
  - name: foo.v0.3.0
    replaces: foo.v0.2.0
    skipRange: ">=0.1.0 <0.3.0"
---
schema: olm.channel
package: foo
name: alpha
entries:
  - name: foo.v0.1.0
---
schema: olm.bundle
package: foo
name: foo.v0.1.0
image: example.test/foo:0.1.0
properties:
  - type: olm.package
    value: {packageName: foo, version: 0.1.0}
  - type: olm.bundle.object
    value: {data: "PGJpZz4="}
---
schema: olm.bundle
package: foo
name: foo.v0.2.0
image: example.test/foo:0.2.0
properties:
  - type: olm.package
    value: {packageName: foo, version: 0.2.0}
---
schema: olm.bundle
package: foo
name: foo.v0.3.0
image: "example.test/foo:0.3.0"
properties:
  - type: olm.package
    value: {packageName: foo, version: 0.3.0}
---
schema: olm.package
name: bar
"#;

fn files() -> Vec<InputFile> {
    vec![InputFile::new("c.yaml", CATALOG)]
}

fn request(view: FigureView, installed: Option<&str>) -> FigureRequest {
    FigureRequest {
        package: "foo".into(),
        view,
        installed: installed.map(str::to_string),
        ..FigureRequest::default()
    }
}

#[test]
fn a_figure_draws_the_default_channel_with_its_facts() {
    let c = load_files(files());
    let f = figure(&c, &request(FigureView::Default, None)).unwrap();
    assert_eq!(f.channel.as_deref(), Some("beta"));
    assert_eq!(f.nodes, 3);
    assert_eq!(f.heads, vec!["foo.v0.3.0".to_string()]);
    assert_eq!(
        f.label,
        "Upgrade graph of package foo, channel beta, head foo.v0.3.0"
    );
    assert!(f.svg.starts_with("<svg"));
    assert!(f.paths.is_empty());
    let all = figure(&c, &request(FigureView::All, None)).unwrap();
    assert_eq!(all.channel, None);
    assert!(all.label.contains("all channels"), "{}", all.label);
}

#[test]
fn the_path_from_the_installed_bundle_is_every_resolvers_steps() {
    let c = load_files(files());
    let mut r = request(FigureView::Channel("beta".into()), Some("foo.v0.1.0"));
    r.resolvers = vec![Resolver::V0, Resolver::V1];
    let f = figure(&c, &r).unwrap();
    assert_eq!(f.paths.len(), 2);
    assert_eq!(f.paths[0].resolver, "v0");
    assert_eq!(
        f.paths[0].steps.first().map(String::as_str),
        Some("foo.v0.1.0")
    );
    assert_eq!(
        f.paths[0].steps.last().map(String::as_str),
        Some("foo.v0.3.0")
    );
    assert_eq!(f.paths[1].resolver, "v1");
    assert!(f.svg.contains("class=\"hop"), "the first path is drawn");
    // A bundle the catalog does not know stays where it is; the graph is still drawn.
    let f = figure(&c, &request(FigureView::Default, Some("nope"))).unwrap();
    assert_eq!(f.paths[0].steps, vec!["nope".to_string()]);
    assert_eq!(f.nodes, 3);
}

#[test]
fn a_channel_figure_is_the_one_the_packages_every_channel_graph_gives() {
    // The figure builds only the channel it draws: it must equal what the package's channel
    // graphs (all built) give for that channel.
    let c = load_files(files());
    let pkg = c.package("foo").unwrap();
    let graphs = channel_graphs(pkg);
    for g in &graphs {
        let mut r = request(FigureView::Channel(g.channel.clone()), Some("foo.v0.1.0"));
        r.resolvers = vec![Resolver::V1, Resolver::V0];
        let f = figure(&c, &r).unwrap();
        let (_, path) = figure_paths(&c, &r, Some(&g.channel));
        let options = SvgOptions {
            animate: false,
            path,
            ..SvgOptions::default()
        };
        let view = svg_view(pkg, g, &options);
        assert_eq!(f.svg, render_view(&view, &options), "{}", g.channel);
        assert_eq!(f.nodes, g.nodes.len());
        let terminated = terminated_in_view(pkg, &graphs, Some(&g.channel), Resolver::V1);
        assert_eq!(f.terminated, terminated.into_iter().collect::<Vec<_>>());
    }
}

#[test]
fn unknown_packages_and_channels_are_named() {
    let c = load_files(files());
    let mut r = request(FigureView::Channel("gamma".into()), None);
    let e = figure(&c, &r).unwrap_err();
    assert_eq!(e.to_string(), "package \"foo\" has no channel \"gamma\"");
    r.package = "nope".into();
    let e = figure(&c, &r).unwrap_err();
    assert_eq!(e.to_string(), "unknown package \"nope\"");
    // A package with no channel draws nothing and says so by its counts.
    r.package = "bar".into();
    r.view = FigureView::Default;
    let f = figure(&c, &r).unwrap();
    assert_eq!(f.nodes, 0);
}

#[test]
fn the_inline_catalog_is_the_packages_objects_inert_and_slim() {
    let fbc = package_fbc(&files(), "foo");
    assert_eq!(fbc.lines().count(), 6, "{fbc}");
    assert!(!fbc.contains('<') && !fbc.contains('>') && !fbc.contains('&'));
    assert!(!fbc.contains("olm.bundle.object"));
    assert!(!fbc.contains("base64data"));
    assert!(!fbc.contains("\"bar\""));
    // It draws what the whole catalog draws.
    let whole = load_files(files());
    let slim = load_files(vec![InputFile::new("inline.json", fbc)]);
    let r = RenderRequest {
        channel: Some("beta".into()),
        from: Some("foo.v0.1.0".into()),
        ..RenderRequest::new("foo", RenderFormat::Svg)
    };
    assert_eq!(render(&whole, &r).unwrap(), render(&slim, &r).unwrap());
}

#[test]
fn the_snippet_holds_the_element_the_catalog_and_a_scoped_fallback() {
    let c = load_files(files());
    let r = RenderRequest {
        channel: Some("beta".into()),
        from: Some("foo.v0.1.0".into()),
        ..RenderRequest::new("foo", RenderFormat::Svg)
    };
    let s = embed_snippet(&files(), &c, &r).unwrap();
    assert!(s.starts_with("<div class=\"olm-graph-figure\">\n<olm-graph package=\"foo\" channel=\"beta\" installed=\"foo.v0.1.0\" resolver=\"v0\">\n<script type=\"application/json\">\n"), "{s}");
    assert!(s.ends_with("</svg>\n</olm-graph>\n</div>\n"));
    assert!(!s.lines().any(|l| l.trim().is_empty()), "no blank line");
    assert_eq!(s.matches("</script>").count(), 1);
    // Every rule of the fallback's stylesheet is scoped to the element.
    let css = &s[s.find("<style>").unwrap() + 7..s.find("</style>").unwrap()];
    for rule in css.split('}').filter(|r| !r.is_empty()) {
        for sel in rule.split('{').next().unwrap().split(',') {
            assert!(sel.starts_with("olm-graph>svg"), "{sel}");
        }
    }
    assert!(!s.contains("id=\"olmg-title\""));
    assert!(s.contains("aria-labelledby=\"olmg-"));
    // Without a channel: the package view, as `render -f svg` draws it.
    let all = embed_snippet(&files(), &c, &RenderRequest::new("foo", RenderFormat::Svg)).unwrap();
    assert!(all.contains("<olm-graph package=\"foo\" view=\"all\">"));
    let e = embed_snippet(&files(), &c, &RenderRequest::new("x", RenderFormat::Svg)).unwrap_err();
    assert_eq!(e.to_string(), "unknown package \"x\"");
}

#[test]
fn blank_lines_become_character_references() {
    assert_eq!(without_blank_lines("a\n\nb\n"), "a&#10;\nb\n");
    assert_eq!(without_blank_lines("a\n  \nb"), "a&#10;  \nb");
    assert_eq!(without_blank_lines("a\nb\n"), "a\nb\n");
    assert_eq!(without_blank_lines(""), "");
}

#[test]
fn only_flat_stylesheets_are_scoped() {
    let svg = "<svg><style>svg{a:b}.x .y,.z{c:d}</style></svg>";
    assert_eq!(
        scope_stylesheet(svg, "s"),
        "<svg><style>s{max-width:100%;height:auto}s{a:b}s .x .y,s .z{c:d}</style></svg>"
    );
    let at = "<svg><style>@media x{.a{b:c}}</style></svg>";
    assert_eq!(scope_stylesheet(at, "s"), at);
    assert_eq!(scope_stylesheet("<svg/>", "s"), "<svg/>");
}

#[test]
fn a_snippet_for_a_url_names_it_and_the_app() {
    let c = load_files(files());
    let r = RenderRequest {
        channel: Some("beta".into()),
        ..RenderRequest::new("foo", RenderFormat::Svg)
    };
    let s = embed_snippet_for_url(
        &c,
        &r,
        "https://example.test/c.yaml?a=1&b=\"",
        Some("https://app.test/"),
    )
    .unwrap();
    assert!(s.starts_with("<div class=\"olm-graph-figure\">\n<olm-graph src=\"https://example.test/c.yaml?a=1&amp;b=&quot;\" app=\"https://app.test/\" package=\"foo\" channel=\"beta\">\n<svg"), "{s}");
    assert!(!s.contains("<script"));
    let bare = embed_snippet_for_url(&c, &r, "c.yaml", None).unwrap();
    assert!(bare.contains("<olm-graph src=\"c.yaml\" package=\"foo\""));
}
