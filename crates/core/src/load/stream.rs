//! Splitting a file into documents and reading each one into a [`RawObject`].
//!
//! Follows opm's `WalkMetasReader`: a file whose first non-blank byte is `{` is a JSON stream of
//! concatenated objects; otherwise it is a YAML multi-document stream. As with
//! `YAMLOrJSONDecoder`, a JSON stream that fails after at most one object is read again as YAML.
//! As a convenience a top-level JSON array of objects is accepted too.
//!
//! Unlike opm, one bad document does not lose the file: YAML documents are read one by one,
//! and a JSON stream resumes at the next line that starts with `{`.

use serde_json::value::RawValue;

use super::raw::RawObject;
use crate::diag::{Diagnostic, Location};
use crate::model::FileFormat;

/// A document read from a file: the object, or why it could not be read.
#[derive(Debug)]
pub struct Doc {
    pub location: Location,
    /// Byte range of the document in the file.
    pub span: (usize, usize),
    pub result: Result<RawObject, Diagnostic>,
}

/// Reads every document of a file.
#[cfg(test)]
pub fn read_docs(path: &str, text: &str) -> (FileFormat, Vec<Doc>) {
    read_docs_with(path, text, &mut |_| {})
}

/// [`read_docs`], calling `on_doc` with the byte offset reached after each document.
pub fn read_docs_with(
    path: &str,
    text: &str,
    on_doc: &mut dyn FnMut(usize),
) -> (FileFormat, Vec<Doc>) {
    let text_start = text.len() - text.trim_start().len();
    match text.as_bytes().get(text_start) {
        Some(b'{') => {
            let (docs, good_before_first_error) = read_json_stream(path, text, on_doc);
            let failed = docs.iter().any(|d| d.result.is_err());
            if failed && good_before_first_error <= 1 {
                let yaml = read_yaml_stream(path, text, on_doc);
                if yaml.iter().all(|d| d.result.is_ok()) {
                    return (FileFormat::Yaml, yaml);
                }
            }
            (FileFormat::JsonStream, docs)
        }
        Some(b'[') => match read_json_array(path, text) {
            Some(docs) => (FileFormat::JsonArray, docs),
            None => (FileFormat::Yaml, read_yaml_stream(path, text, on_doc)),
        },
        _ => (FileFormat::Yaml, read_yaml_stream(path, text, on_doc)),
    }
}

/// Byte offsets of line starts, for turning offsets into line and column numbers.
struct Lines {
    starts: Vec<usize>,
}

impl Lines {
    fn new(text: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(memchr_newlines(text.as_bytes()).map(|i| i + 1));
        Lines { starts }
    }
    /// 1-based line and column (in characters) of a byte offset.
    fn position(&self, text: &str, offset: usize) -> (usize, usize) {
        let line = match self.starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        let start = self.starts[line];
        let end = offset.min(text.len());
        let col = text
            .get(start..end)
            .map_or(end - start, |s| s.chars().count());
        (line + 1, col + 1)
    }
    /// Byte offset of a 1-based line and column (column counted in characters).
    fn offset(&self, text: &str, line: usize, column: usize) -> usize {
        let Some(&start) = self.starts.get(line.saturating_sub(1)) else {
            return text.len();
        };
        let rest = &text[start..];
        rest.char_indices()
            .nth(column.saturating_sub(1))
            .map_or(text.len(), |(i, _)| start + i)
    }
}

fn memchr_newlines(bytes: &[u8]) -> impl Iterator<Item = usize> + '_ {
    bytes
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'\n')
        .map(|(i, _)| i)
}

fn location(path: &str, line: usize, column: usize, document: usize) -> Location {
    Location {
        file: path.to_string(),
        line: Some(line),
        column: Some(column),
        document: Some(document),
    }
}

/// Rewrites every `line N` in a parser message to `line N + shift`, and returns the first
/// `line N column M` position found (after the shift).
fn shift_lines(msg: &str, shift: usize) -> (String, Option<(usize, usize)>) {
    let mut out = String::with_capacity(msg.len());
    let mut first = None;
    let mut rest = msg;
    while let Some(i) = rest.find("line ") {
        out.push_str(&rest[..i + 5]);
        rest = &rest[i + 5..];
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            continue;
        }
        let n: usize = rest[..digits].parse().unwrap_or(0);
        out.push_str(&(n + shift).to_string());
        rest = &rest[digits..];
        if first.is_none() {
            let col = rest
                .strip_prefix(" column ")
                .map(|r| r.bytes().take_while(u8::is_ascii_digit).count())
                .filter(|d| *d > 0)
                .and_then(|d| rest[8..8 + d].parse().ok());
            first = Some((n + shift, col.unwrap_or(1)));
        }
    }
    out.push_str(rest);
    (out, first)
}

/// Drops a trailing ` at line N column M` (we report the position ourselves).
fn strip_position(msg: &str) -> &str {
    match msg.rfind(" at line ") {
        Some(i) if msg[i..].contains(" column ") && !msg[i..].contains(',') => &msg[..i],
        _ => msg,
    }
}

/// Truncates very long messages (a 1 MB string echoed back helps nobody).
fn clean_message(msg: &str) -> String {
    const MAX: usize = 300;
    if msg.len() <= MAX {
        return msg.to_string();
    }
    let mut end = MAX;
    while !msg.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… ({} more bytes)", &msg[..end], msg.len() - end)
}

/// Reads a JSON stream. Returns the documents and how many objects were read before the first
/// error (to decide whether to fall back to YAML, as apimachinery does).
fn read_json_stream(path: &str, text: &str, on_doc: &mut dyn FnMut(usize)) -> (Vec<Doc>, usize) {
    let lines = Lines::new(text);
    let mut docs = Vec::new();
    let mut good_before_error = None;
    let mut base = 0usize;
    'outer: while base < text.len() {
        let slice = &text[base..];
        let mut stream = serde_json::Deserializer::from_str(slice).into_iter::<RawObject>();
        loop {
            let before = stream.byte_offset();
            let ws = slice[before..].len() - slice[before..].trim_start().len();
            let start = base + before + ws;
            if start >= text.len() {
                break 'outer;
            }
            let number = docs.len() + 1;
            match stream.next() {
                None => break 'outer,
                Some(Ok(obj)) => {
                    let end = base + stream.byte_offset();
                    let (line, col) = lines.position(text, start);
                    docs.push(Doc {
                        location: location(path, line, col, number),
                        span: (start, end),
                        result: Ok(obj),
                    });
                    on_doc(end);
                }
                Some(Err(e)) => {
                    good_before_error.get_or_insert(docs.len());
                    // serde_json positions are relative to the slice we handed it.
                    let (base_line, _) = lines.position(text, base);
                    let err_line = base_line + e.line().saturating_sub(1);
                    let err_col = if e.line() <= 1 {
                        lines.position(text, base).1 + e.column().saturating_sub(1)
                    } else {
                        e.column()
                    };
                    let (sline, scol) = lines.position(text, start);
                    let err_offset = lines.offset(text, err_line, err_col.max(1));
                    let text_msg = e.to_string();
                    let mut diag = Diagnostic::error(
                        "load.json",
                        format!("invalid JSON: {}", clean_message(strip_position(&text_msg))),
                    )
                    .at(location(
                        path,
                        err_line.max(1),
                        err_col.max(1),
                        number,
                    ));
                    if e.is_eof() || text_msg.contains("EOF while parsing") {
                        diag.message = format!(
                            "invalid JSON: the file ends inside the object that starts at line {sline}, column {scol} (truncated?)"
                        );
                    }
                    // Resume at the next line that starts with `{`, after the error.
                    let mut resume_from = err_offset.max(start + 1).min(text.len());
                    while !text.is_char_boundary(resume_from) {
                        resume_from += 1;
                    }
                    let next = text[resume_from..].find("\n{").map(|i| resume_from + i + 1);
                    let end = next.unwrap_or(text.len());
                    docs.push(Doc {
                        location: location(path, sline, scol, number),
                        span: (start, end),
                        result: Err(diag),
                    });
                    match next {
                        Some(n) => {
                            base = n;
                            continue 'outer;
                        }
                        None => break 'outer,
                    }
                }
            }
        }
    }
    let good = good_before_error.unwrap_or(docs.len());
    (docs, good)
}

/// Reads a top-level JSON array of objects. `None` when the text is not a JSON array.
fn read_json_array(path: &str, text: &str) -> Option<Vec<Doc>> {
    let items: Vec<&RawValue> = serde_json::from_str(text).ok()?;
    let lines = Lines::new(text);
    let base = text.as_ptr() as usize;
    let docs = items
        .into_iter()
        .enumerate()
        .map(|(i, raw)| {
            let s = raw.get();
            let start = s.as_ptr() as usize - base;
            let (line, col) = lines.position(text, start);
            let result = serde_json::from_str::<RawObject>(s).map_err(|e| {
                Diagnostic::error(
                    "load.json",
                    format!(
                        "invalid object: {}",
                        clean_message(strip_position(&e.to_string()))
                    ),
                )
                .at(location(path, line + e.line() - 1, e.column(), i + 1))
            });
            Doc {
                location: location(path, line, col, i + 1),
                span: (start, start + s.len()),
                result,
            }
        })
        .collect();
    Some(docs)
}

/// True when a line starts a new YAML document (`---` at column 0, alone or followed by space).
fn is_doc_start(line: &str) -> bool {
    let line = line.trim_end_matches(['\n', '\r']);
    line == "---" || line.starts_with("--- ") || line.starts_with("---\t")
}

/// True when a document holds nothing but blank lines, comments and markers.
fn is_empty_doc(doc: &str) -> bool {
    doc.lines().all(|l| {
        let t = l.trim();
        t.is_empty() || t.starts_with('#') || t == "---" || t == "..."
    })
}

/// Reads a YAML stream document by document.
fn read_yaml_stream(path: &str, text: &str, on_doc: &mut dyn FnMut(usize)) -> Vec<Doc> {
    // Split on document markers at column 0; each document keeps its own marker line, so the
    // YAML parser sees a single document whose line numbers we shift by its first line.
    let mut bounds: Vec<(usize, usize)> = Vec::new(); // (byte offset, 1-based line)
    let mut offset = 0usize;
    bounds.push((0, 1));
    for (i, line) in text.split_inclusive('\n').enumerate() {
        if i > 0 && is_doc_start(line) {
            bounds.push((offset, i + 1));
        }
        offset += line.len();
    }
    let mut docs = Vec::new();
    for (k, &(start, first_line)) in bounds.iter().enumerate() {
        let end = bounds.get(k + 1).map_or(text.len(), |b| b.0);
        let doc = &text[start..end];
        if is_empty_doc(doc) {
            continue;
        }
        let number = docs.len() + 1;
        // The object's own first line: skip the marker, blank lines and comments.
        let mut obj_line = first_line;
        for l in doc.lines() {
            let t = l.trim();
            if t.is_empty() || t.starts_with('#') || t == "---" {
                obj_line += 1;
            } else {
                break;
            }
        }
        let result = serde_yaml::from_str::<RawObject>(doc).map_err(|e| {
            // Positions inside the message are relative to the document: make them absolute.
            let (msg, in_msg) = shift_lines(&e.to_string(), first_line - 1);
            // The first position in the message is the innermost one (serde_yaml appends the
            // enclosing mapping's position after it).
            let (line, col) = in_msg
                .or(e
                    .location()
                    .map(|l| (first_line + l.line() - 1, l.column())))
                .unwrap_or((obj_line, 1));
            Diagnostic::error(
                "load.yaml",
                format!("invalid YAML: {}", clean_message(strip_position(&msg))),
            )
            .at(location(path, line, col, number))
        });
        docs.push(Doc {
            location: location(path, obj_line, 1, number),
            span: (start, end),
            result,
        });
        on_doc(end);
    }
    docs
}

#[cfg(test)]
mod tests {
    use super::*;

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
            Some(super::super::raw::PropValue::Skipped)
        ));
    }

    #[test]
    fn line_numbers_in_messages_are_shifted() {
        let (m, first) = shift_lines(
            "bad at line 4 column 2, while scanning at line 3 column 7",
            10,
        );
        assert_eq!(
            m,
            "bad at line 14 column 2, while scanning at line 13 column 7"
        );
        assert_eq!(first, Some((14, 2)));
        assert_eq!(
            shift_lines("no position", 3),
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
