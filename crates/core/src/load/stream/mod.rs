//! Splitting a file into documents and reading each one into a [`RawObject`](crate::load::object::RawObject).
//!
//! Follows opm's `WalkMetasReader`: a file whose first non-blank byte is `{` is a JSON stream of
//! concatenated objects; otherwise it is a YAML multi-document stream. As with
//! `YAMLOrJSONDecoder`, a JSON stream that fails on a syntax error after at most one object is
//! read again as YAML. As a convenience a top-level JSON array of objects is accepted too.
//!
//! Unlike opm, one bad document does not lose the file: YAML documents are read one by one,
//! and a JSON stream resumes at the next line that starts with `{`. Every document is read
//! within the [`Limits`]; positions are computed in one forward pass, so a file is read in
//! time linear in its size whatever it holds.

pub(in crate::load) mod document;
mod json;

pub(crate) use crate::load::stream::document::{Doc, DocSink};
use crate::load::yaml;
use crate::model::FileFormat;
use crate::yaml::Limits;

/// Reads every document of a file with the default limits.
#[cfg(test)]
pub(crate) fn read_docs(path: &str, text: &str) -> (FileFormat, Vec<Doc>) {
    let mut docs = Vec::new();
    let format = read_docs_with(path, text, &Limits::DEFAULT, &mut docs);
    (format, docs)
}

/// Reads every document of a file within `limits` into `sink`, in order, each one as soon as
/// it is read (a JSON stream holds its first two until it cannot be YAML any more).
///
/// # Complexity
/// O(n) time in the length n of the text (a JSON stream read again as YAML is read twice);
/// memory O(d) for the largest document d (the sink keeps what it wants).
pub(crate) fn read_docs_with(
    path: &str,
    text: &str,
    limits: &Limits,
    sink: &mut dyn DocSink,
) -> FileFormat {
    let text_start = text.len() - text.trim_start().len();
    match text.as_bytes().get(text_start) {
        Some(b'{') => {
            let stream = json::read_stream(path, text, limits, sink);
            if stream.worth_reading_as_yaml() {
                let mut yaml: Vec<Doc> = Vec::new();
                yaml::read_stream(path, text, limits, &mut yaml);
                if yaml.iter().all(|d| d.result.is_ok()) {
                    yaml.into_iter().for_each(|d| sink.doc(d));
                    return FileFormat::Yaml;
                }
            }
            stream.held.into_iter().for_each(|d| sink.doc(d));
            FileFormat::JsonStream
        }
        Some(b'[') if json::read_array(path, text, limits, sink) => FileFormat::JsonArray,
        _ => {
            yaml::read_stream(path, text, limits, sink);
            FileFormat::Yaml
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::stream::document::*;

    fn names(docs: &[Doc]) -> Vec<String> {
        docs.iter()
            .map(|d| match &d.result {
                Ok(o) => o
                    .name
                    .as_ref()
                    .and_then(|n| n.as_str())
                    .unwrap_or("")
                    .to_string(),
                Err(e) => format!("ERR {e}"),
            })
            .collect()
    }

    #[test]
    fn json_stream_any_whitespace() {
        let text = "{\"schema\":\"olm.package\",\"name\":\"a\"}{\"schema\":\"olm.package\",\"name\":\"b\"}\n\n  {\n    \"name\": \"c\",\n    \"schema\": \"olm.package\"\n}\n";
        let (fmt, docs) = read_docs("f.json", text);
        assert_eq!(fmt, FileFormat::JsonStream);
        assert_eq!(names(&docs), ["a", "b", "c"]);
        assert_eq!(docs[2].location.line, Some(3));
        assert_eq!(docs[2].location.column, Some(3));
        assert_eq!(docs[2].location.document, Some(3));
    }

    #[test]
    fn json_array_is_accepted() {
        let text = "[\n {\"schema\":\"olm.package\",\"name\":\"a\"},\n {\"schema\":\"olm.package\",\"name\":\"b\"}\n]";
        let (fmt, docs) = read_docs("f.json", text);
        assert_eq!(fmt, FileFormat::JsonArray);
        assert_eq!(names(&docs), ["a", "b"]);
        assert_eq!(docs[1].location.line, Some(3));
    }

    #[test]
    fn json_stream_resumes_after_a_broken_object() {
        let text = "{\n  \"schema\": \"olm.package\",\n  \"name\": \"a\"\n}\n{\n  \"schema\": \"olm.package\",\n  \"name\": \"b\",,\n}\n{\n  \"schema\": \"olm.package\",\n  \"name\": \"c\"\n}\n";
        let (fmt, docs) = read_docs("f.json", text);
        assert_eq!(fmt, FileFormat::JsonStream);
        let n = names(&docs);
        assert_eq!(n.len(), 3, "{n:?}");
        assert_eq!(n[0], "a");
        assert!(n[1].starts_with("ERR"), "{n:?}");
        assert!(n[1].contains("f.json:7:"), "{n:?}");
        assert_eq!(n[2], "c");
    }

    #[test]
    fn truncated_json_is_explained() {
        let text = "{\n  \"schema\": \"olm.package\",\n  \"name\": \"a\"\n}\n{\n  \"schema\": \"olm.bundle\",\n  \"name\": \"b\",\n  \"properties\": [\n";
        let (_, docs) = read_docs("cut.json", text);
        let err = docs[1].result.as_ref().unwrap_err();
        assert!(err.message.contains("truncated"), "{err}");
        assert_eq!(err.location.as_ref().unwrap().file, "cut.json");
        assert_eq!(err.location.as_ref().unwrap().document, Some(2));
    }

    #[test]
    fn yaml_documents_with_and_without_leading_marker() {
        let text = "# comment\nschema: olm.package\nname: a\n---\n---\n# empty doc above\nname: b\nschema: olm.package\n--- \nname: c\nentries: []\nschema: olm.channel\n";
        let (fmt, docs) = read_docs("f.yaml", text);
        assert_eq!(fmt, FileFormat::Yaml);
        assert_eq!(names(&docs), ["a", "b", "c"]);
        assert_eq!(docs[0].location.line, Some(2));
        assert_eq!(docs[1].location.line, Some(7));
        assert_eq!(docs[1].location.document, Some(2));
        assert_eq!(docs[2].location.line, Some(10));
    }

    #[test]
    fn yaml_anchors_and_aliases() {
        let text = "schema: olm.channel\npackage: p\nname: &n stable\nentries:\n- name: *n\n";
        let (_, docs) = read_docs("f.yaml", text);
        let o = docs[0].result.as_ref().unwrap();
        let e = &o.entries.as_ref().unwrap()[0];
        assert_eq!(e.name.as_ref().unwrap().as_str(), Some("stable"));
    }

    #[test]
    fn yaml_error_names_absolute_line() {
        let text = "schema: olm.package\nname: a\n---\nschema: olm.package\nname: b\n\tdefaultChannel: x\n---\nschema: olm.package\nname: c\n";
        let (_, docs) = read_docs("tab.yaml", text);
        let n = names(&docs);
        assert_eq!(n[0], "a");
        assert!(n[1].starts_with("ERR"), "{n:?}");
        assert!(n[1].contains("tab.yaml:6:"), "{n:?}");
        assert_eq!(n[2], "c");
    }

    #[test]
    fn schema_after_a_long_payload() {
        let payload = "A".repeat(100_000);
        let text = format!(
            "name: b\npackage: p\nproperties:\n- type: olm.bundle.object\n  value:\n    data: {payload}\n- type: olm.package\n  value:\n    packageName: p\n    version: 1.0.0\nschema: olm.bundle\n"
        );
        let (_, docs) = read_docs("f.yaml", &text);
        let o = docs[0].result.as_ref().unwrap();
        assert_eq!(o.schema_str(), Some("olm.bundle"));
        let props = o.properties.as_ref().unwrap();
        assert!(matches!(
            props[0].value,
            Some(crate::load::object::PropValue::Skipped)
        ));
    }

    #[test]
    fn line_numbers_in_messages_are_shifted() {
        let (m, first) = crate::yaml::position::shift_lines(
            "bad at line 4 column 2, while scanning at line 3 column 7",
            10,
        );
        assert_eq!(
            m,
            "bad at line 14 column 2, while scanning at line 13 column 7"
        );
        assert_eq!(first, Some((14, 2)));
        assert_eq!(
            crate::yaml::position::shift_lines("no position", 3),
            ("no position".to_string(), None)
        );
    }

    #[test]
    fn long_messages_are_truncated() {
        let m = clean_message(&"x".repeat(10_000));
        assert!(m.len() < 400);
        assert!(m.contains("more bytes"));
    }
}
