use super::*;

const CATALOG: &str = r#"{"schema":"olm.package","name":"foo","defaultChannel":"beta"}
{"schema":"olm.channel","package":"foo","name":"beta","entries":[{"name":"foo.v1.0.0"},{"name":"foo.v1.1.0","replaces":"foo.v1.0.0"}]}
{"schema":"olm.bundle","package":"foo","name":"foo.v1.0.0","image":"x","properties":[{"type":"olm.package","value":{"packageName":"foo","version":"1.0.0"}}]}
{"schema":"olm.bundle","package":"foo","name":"foo.v1.1.0","image":"x","properties":[{"type":"olm.package","value":{"packageName":"foo","version":"1.1.0"}}]}
"#;

fn catalog() -> Catalog {
    read_catalog("inline.json", CATALOG)
}

#[test]
fn attributes_read_as_the_apps_url_parameters() {
    let r = request::parse(r#"{"package":"foo","view":"all","channel":"x","installed":" a ","resolver":"both","fail":"b","failure":"installplan","strategy":"TechPreviewUnsafeFailForward"}"#).unwrap();
    assert_eq!(r.view, olm_graph_core::export::FigureView::All);
    assert_eq!(r.installed.as_deref(), Some("a"));
    assert_eq!(r.resolvers.len(), 2);
    let f = r.failure.unwrap();
    assert_eq!(f.bundle, "b");
    let r = request::parse(r#"{"package":"foo","channel":"","resolver":""}"#).unwrap();
    assert_eq!(r.view, olm_graph_core::export::FigureView::Default);
    assert!(r.failure.is_none());
    assert!(
        !r.without_tooltips,
        "tooltips unless the script asks for none"
    );
    let r = request::parse(r#"{"package":"foo","tooltips":"off"}"#).unwrap();
    assert!(r.without_tooltips);
    for bad in [
        r#"{"package":"foo","tooltips":"no"}"#,
        "{",
        "{}",
        r#"{"package":"foo","resolver":"v2"}"#,
        r#"{"package":"foo","view":"some"}"#,
        r#"{"package":"foo","strategy":"x"}"#,
        r#"{"package":"foo","failure":"x"}"#,
    ] {
        assert!(request::parse(bad).is_err(), "{bad}");
    }
}

/// The first draw (`tooltips: off`) is the same drawing with no tooltip: the same nodes and
/// facts, no `<title>` but the document's, fewer bytes.
#[test]
fn the_first_draw_has_no_tooltips() {
    let c = catalog();
    let full = draw_json(&c, r#"{"package":"foo","installed":"foo.v1.0.0"}"#);
    let first = draw_json(
        &c,
        r#"{"package":"foo","installed":"foo.v1.0.0","tooltips":"off"}"#,
    );
    let (full, first) = (&full["ok"], &first["ok"]);
    let svg = |f: &serde_json::Value| f["svg"].as_str().unwrap().to_string();
    assert!(svg(full).matches("<title").count() > 2);
    assert_eq!(svg(first).matches("<title").count(), 1);
    assert!(svg(first).len() < svg(full).len());
    for fact in ["nodes", "heads", "paths", "terminated", "label", "channel"] {
        assert_eq!(first[fact], full[fact], "{fact}");
    }
    assert_eq!(
        svg(first).matches("<rect").count(),
        svg(full).matches("<rect").count()
    );
}

#[test]
fn a_figure_is_answered_as_json() {
    let c = catalog();
    let ok = draw_json(&c, r#"{"package":"foo","installed":"foo.v1.0.0"}"#);
    let f = &ok["ok"];
    assert_eq!(f["nodes"], 2);
    assert_eq!(f["channel"], "beta");
    assert_eq!(f["heads"][0], "foo.v1.1.0");
    assert_eq!(f["paths"][0]["steps"][1], "foo.v1.1.0");
    assert!(f["svg"].as_str().unwrap().starts_with("<svg"));
}

#[test]
fn errors_name_the_cause_and_what_there_is_instead() {
    let c = catalog();
    let e = draw_json(&c, r#"{"package":"bar"}"#);
    assert_eq!(e["error"], "unknown package \"bar\" (the catalog has foo)");
    let e = draw_json(&c, r#"{"package":"foo","channel":"x"}"#);
    assert_eq!(
        e["error"],
        "package \"foo\" has no channel \"x\" (its channels: beta)"
    );
    let broken = read_catalog("inline.yaml", "schema: [\n");
    let e = draw_json(&broken, r#"{"package":"foo"}"#);
    let text = e["error"].as_str().unwrap();
    assert!(
        text.starts_with("unknown package \"foo\": the catalog has no package; "),
        "{text}"
    );
}

#[test]
fn handles_are_released_and_unknown_ones_answer_an_error() {
    let h = load("inline.json", CATALOG);
    assert!(draw(h, r#"{"package":"foo"}"#).starts_with("{\"ok\""));
    release(h);
    release(h + 100);
    assert_eq!(
        draw(h, r#"{"package":"foo"}"#),
        r#"{"error":"the catalog is no longer loaded"}"#
    );
}

#[test]
fn the_fallback_is_the_figure_with_a_scoped_stylesheet_and_unique_ids() {
    let c = catalog();
    let figure = draw_json(&c, r#"{"package":"foo","installed":"foo.v1.0.0"}"#);
    let svg = fallback_json(&c, r#"{"package":"foo","installed":"foo.v1.0.0"}"#)["ok"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(svg.starts_with("<svg"), "{svg}");
    // Every node of the figure, and nothing styled outside the element.
    assert_eq!(svg.matches("data-name=\"foo.v1.").count(), 2, "{svg}");
    let style = &svg[svg.find("<style>").unwrap()..svg.find("</style>").unwrap()];
    assert!(style.starts_with("<style>olm-graph>svg{"), "{style}");
    for rule in style["<style>".len()..]
        .split('}')
        .filter(|r| !r.is_empty())
    {
        assert!(rule.starts_with("olm-graph>svg"), "{rule}");
    }
    // The ids are the figure's, prefixed: another installed bundle, another prefix.
    let plain = figure["ok"]["svg"].as_str().unwrap();
    assert!(plain.contains("id=\"olmg-") && !svg.contains("id=\"olmg-title"));
    let other = fallback_json(&c, r#"{"package":"foo","installed":"foo.v1.1.0"}"#);
    let id = |s: &str| {
        s[s.find("id=\"olmg-").unwrap()..]
            .split('"')
            .nth(1)
            .unwrap()
            .to_string()
    };
    assert_ne!(id(&svg), id(other["ok"].as_str().unwrap()));
    assert_eq!(
        fallback_json(&c, r#"{"package":"bar"}"#)["error"],
        "unknown package \"bar\" (the catalog has foo)"
    );
}

#[test]
fn fetched_bytes_read_as_response_text_reads_them() {
    // A byte order mark is dropped, each invalid sequence is one U+FFFD (the Encoding
    // Standard's UTF-8 decode); a catalog read from its bytes draws as read from its text.
    assert_eq!(decode_utf8(b"\xEF\xBB\xBFa: 1"), "a: 1");
    assert_eq!(decode_utf8(b"\xEF\xBB\xBF\xEF\xBB\xBFa"), "\u{FEFF}a");
    assert_eq!(
        decode_utf8(b"a\xF0\x9F\x98b\xFFc\xC3\xA9"),
        "a\u{FFFD}b\u{FFFD}c\u{e9}"
    );
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend_from_slice(CATALOG.as_bytes());
    let request = r#"{"package":"foo","installed":"foo.v1.0.0"}"#;
    let from_bytes = load_bytes("inline.json", &bytes);
    let from_text = load("inline.json", CATALOG);
    assert_eq!(draw(from_bytes, request), draw(from_text, request));
    assert!(draw(from_bytes, request).starts_with(r#"{"ok":"#));
    release(from_bytes);
    release(from_text);
}

#[test]
fn the_first_draw_from_the_skim_is_the_whole_catalogs_without_tooltips() {
    let yaml = "\
schema: olm.package
name: foo
defaultChannel: beta
---
schema: olm.channel
package: foo
name: beta
entries:
- name: foo.v1.0.0
- name: foo.v1.1.0
  replaces: foo.v1.0.0
---
schema: olm.bundle
package: foo
name: foo.v1.0.0
image: x
properties:
- type: olm.package
  value:
    packageName: foo
    version: 1.0.0
- type: olm.csv.metadata
  value:
    displayName: Foo
    description: |
      Left unread by the first draw.
---
schema: olm.bundle
package: foo
name: foo.v1.1.0
image: x
properties:
- type: olm.package
  value:
    packageName: foo
    version: 1.1.0
";
    let whole = load_bytes("foo.yaml", yaml.as_bytes());
    for request in [
        r#"{"package":"foo"}"#,
        r#"{"package":"foo","installed":"foo.v1.0.0","resolver":"both"}"#,
        r#"{"package":"foo","view":"all"}"#,
    ] {
        let first: Value =
            serde_json::from_str(&first_draw("foo.yaml", yaml.as_bytes(), request)).unwrap();
        let off = request.replace('}', r#","tooltips":"off"}"#);
        let drawn: Value = serde_json::from_str(&draw(whole, &off)).unwrap();
        assert!(first["ok"].is_object(), "{request}: {first}");
        assert_eq!(first, drawn, "{request}");
    }
    release(whole);
    // What the skim does not read, and what it leaves to the whole catalog: a JSON stream, a
    // failing bundle, an unknown package or channel (whose error names what there is).
    let skip = serde_json::json!({ "skim": false });
    let answer = |name: &str, text: &str, request: &str| -> Value {
        serde_json::from_str(&first_draw(name, text.as_bytes(), request)).unwrap()
    };
    assert_eq!(answer("c.json", CATALOG, r#"{"package":"foo"}"#), skip);
    assert_eq!(
        answer("foo.yaml", yaml, r#"{"package":"foo","fail":"foo.v1.0.0"}"#),
        skip
    );
    assert_eq!(answer("foo.yaml", yaml, r#"{"package":"bar"}"#), skip);
    assert_eq!(
        answer("foo.yaml", yaml, r#"{"package":"foo","channel":"gamma"}"#),
        skip
    );
    assert_eq!(answer("foo.yaml", yaml, "not json"), skip);
}
