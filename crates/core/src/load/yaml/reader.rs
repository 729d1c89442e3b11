//! YAML streams, read document by document into [`RawObject`]s with granit-parser's events
//! (see `de.rs`).
//!
//! The stream is cut by the one cutter ([`crate::yaml::cut`], opm's rule: a document starts at
//! `---` and keeps that line) in one forward pass; each document is then
//! read on its own (so one bad document does not lose the file), and its positions are made
//! absolute by its first line. The typing is serde_yaml's YAML 1.2, which the loader used
//! before: only `true`/`false` are booleans, numbers with leading zeros or underscores stay
//! strings, repeated keys reach the reader (the last one wins), anchors and aliases are
//! expanded, `<<` is an ordinary key.

use serde_json::Value;

use crate::diag::{Diagnostic, Location, Rule};
use crate::load::object::budget::Budget;
use crate::load::object::{RawObject, Read};
use crate::load::stream::document::{clean_message, too_many_documents, Doc, DocSink};
use crate::yaml::cut::{content_line, is_empty_document, Piece, Pieces, Separator};
use crate::yaml::de::{read_document, read_document_fast, Caps, YamlError};
use crate::yaml::fast::Scratch;
use crate::yaml::parser_nesting;
use crate::yaml::position::strip_position;
use crate::yaml::{limit_message, LimitKind, Limits};

/// Reads a YAML stream document by document into `sink`.
///
/// # Complexity
/// O(n) time in the length n of the text: the split looks at each line's first bytes once, and
/// each document is read once within the limits; memory O(d) for the largest document d.
pub(in crate::load) fn read_stream(
    path: &str,
    text: &str,
    limits: &Limits,
    sink: &mut dyn DocSink,
) {
    let caps = caps(limits);
    let mut scratch = Scratch::default();
    let mut sent = 0;
    for (count, seg) in Pieces::new(text, Separator::Marker).enumerate() {
        if count >= limits.max_documents {
            let at = (seg.first_line, 1);
            sink.doc(too_many_documents(path, limits, seg.start, at));
            break;
        }
        let doc = &text[seg.start..seg.end];
        if is_empty_document(doc) {
            continue;
        }
        sent += 1;
        let read = Reading { limits, caps };
        sink.doc(read_doc(path, doc, &seg, sent, &read, &mut scratch));
        sink.reached(seg.end);
    }
}

/// One YAML document as JSON, read with the loader's YAML rules and default limits (for
/// writers that re-emit objects). `None` when it cannot be read.
pub(crate) fn yaml_value(text: &str) -> Option<Value> {
    let limits = Limits::DEFAULT;
    let budget = Budget::new(limits);
    read_document(text, caps(&limits), |de| Value::read(de, &budget)).ok()
}

/// Every document of a YAML stream (empty ones left out) as JSON, each read once with the
/// loader's YAML rules and default limits, mapping or not: `None` for one that cannot be read.
///
/// # Complexity
/// O(n) in the length of the text: each document is cut and read once.
pub(crate) fn yaml_values(text: &str) -> Vec<Option<Value>> {
    Pieces::new(text, Separator::Marker)
        .take(Limits::DEFAULT.max_documents)
        .map(|seg| &text[seg.start..seg.end])
        .filter(|doc| !is_empty_document(doc))
        .map(yaml_value)
        .collect()
}

/// The reader's own caps: the parser's nesting limits above the loader's depth limit, so the
/// loader's counter stops first and names the limit.
fn caps(limits: &Limits) -> Caps {
    Caps {
        depth: parser_nesting(limits),
    }
}

/// How the documents of a stream are read.
#[derive(Clone, Copy)]
struct Reading<'l> {
    limits: &'l Limits,
    caps: Caps,
}

/// Reads one document; `seg` places it in the file.
fn read_doc<'t>(
    path: &str,
    doc: &'t str,
    seg: &Piece,
    number: usize,
    read: &Reading,
    scratch: &mut Scratch<'t>,
) -> Doc {
    let Reading { limits, caps } = *read;
    let obj_line = content_line(doc, seg.first_line);
    let max_depth = limits.max_depth.saturating_add(1);
    let fast = read_document_fast(doc, max_depth, scratch, |de| {
        RawObject::read(de, &Budget::new(*limits))
    });
    if let Some(raw) = fast {
        return Doc {
            location: Location::at(path, obj_line, 1, number),
            span: (seg.start, seg.end),
            result: Ok(raw),
        };
    }
    let budget = Budget::new(*limits);
    let read = read_document(doc, caps, |de| RawObject::read(de, &budget));
    let result = read.map_err(|e| {
        let breach = budget.breach().or(e.too_deep.then_some(LimitKind::Depth));
        let (diag, (line, column)) = yaml_error(doc, seg.first_line, obj_line, &e, breach, limits);
        diag.at(Location::at(path, line, column, number))
    });
    Doc {
        location: Location::at(path, obj_line, 1, number),
        span: (seg.start, seg.end),
        result,
    }
}

/// The diagnostic of a document that could not be read, and its line and column: the
/// reader's message with positions made absolute (by the document's first line), or the
/// limit it crossed.
fn yaml_error(
    doc: &str,
    first_line: usize,
    obj_line: usize,
    e: &YamlError,
    breach: Option<LimitKind>,
    limits: &Limits,
) -> (Diagnostic, (usize, usize)) {
    let (msg, (line, column)) = e.in_stream(doc, first_line, obj_line);
    let detail = clean_message(strip_position(&msg));
    let diag = match breach {
        Some(kind) if !detail.contains(kind.flag()) => Diagnostic::error(
            Rule::LoadLimit,
            format!("{} ({detail})", limit_message(kind, limits.get(kind))),
        ),
        Some(_) => Diagnostic::error(Rule::LoadLimit, detail),
        None if e.limit.is_some() => Diagnostic::error(Rule::LoadLimit, detail),
        None => Diagnostic::error(Rule::LoadYaml, format!("invalid YAML: {detail}")),
    };
    (diag, (line, column))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::de::{Events, FastEvents};
    use std::path::{Path, PathBuf};

    fn yaml_files(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                yaml_files(&p, out);
            } else if p.extension().is_some_and(|x| x == "yaml" || x == "yml") {
                out.push(p);
            }
        }
    }

    /// Every document of the real catalogs that the fast reader takes reads as granit-parser
    /// reads it, value for value, and as the same raw object.
    #[test]
    fn the_fast_reader_agrees_with_granit_on_the_real_catalogs() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/catalogs");
        let mut files = Vec::new();
        yaml_files(&root, &mut files);
        let limits = Limits::DEFAULT;
        let caps = caps(&limits);
        let (mut fast_docs, mut slow_docs) = (0, 0);
        for path in files {
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            for seg in Pieces::new(&text, Separator::Marker) {
                let doc = &text[seg.start..seg.end];
                if is_empty_document(doc) {
                    continue;
                }
                let fast_value = |de: &mut FastEvents<'_>| Value::read(de, &Budget::new(limits));
                let value = |de: &mut Events<'_>| Value::read(de, &Budget::new(limits));
                let mut scratch = Scratch::default();
                let Some(fast) = read_document_fast(doc, 101, &mut scratch, fast_value) else {
                    slow_docs += 1;
                    continue;
                };
                fast_docs += 1;
                let slow = read_document(doc, caps, value);
                let at = format!("{}:{}", path.display(), seg.first_line);
                assert_eq!(Some(&fast), slow.as_ref().ok(), "{at}");
                let fast_raw = |de: &mut FastEvents<'_>| RawObject::read(de, &Budget::new(limits));
                let raw = |de: &mut Events<'_>| RawObject::read(de, &Budget::new(limits));
                let fast =
                    read_document_fast(doc, 101, &mut scratch, fast_raw).map(|o| format!("{o:?}"));
                let slow = read_document(doc, caps, raw).map(|o| format!("{o:?}"));
                assert_eq!(fast, slow.ok(), "{at}");
            }
        }
        eprintln!("fast reader: {fast_docs} documents, granit-parser: {slow_docs}");
        assert!(
            fast_docs > 1000,
            "{fast_docs} documents read fast, {slow_docs} not"
        );
    }

    /// Continuation lines of plain scalars that start with an indicator, and literal scalars
    /// with an explicit indentation: the fast reader reads them, as granit-parser does.
    #[test]
    fn the_fast_reader_reads_indicator_lines_and_explicit_indentation_as_granit() {
        let limits = Limits::DEFAULT;
        let caps = caps(&limits);
        let fast = [
            "a: b\n  \"c\" d\n  -e\n  [f] {g} *h &i !j |k >l 'm %n @o `p ?q ,r\nz: 1\n",
            "- a\n  -b\n- c\n  'd\n",
            "a:\n- b: x\n    \"y\"\n  c: 2\n",
            "a: |2\n\n    x\n   y\n  z\nb: 1\n",
            "a:\n  b: |1-\n    x\n   y\nc: |-3\n    p\n     q\n",
            "- |2\n   x\n  y\n- b: |4\n        u\n      v\n",
            "a: |9\n           x\n",
        ];
        // Left to granit-parser (errors, or text it reads differently).
        let slow = [
            "a: b\n  : c\n",
            "a: b\n  - c\n",
            "a: b\n  :\n",
            "a: |2\n x\n",
            "a: |2\n    \n  x\n",
            "a: |0\n  x\n",
            "a: |+2\n  x\n",
        ];
        for (texts, expect_fast) in [(&fast[..], true), (&slow[..], false)] {
            for text in texts {
                let mut scratch = Scratch::default();
                let value = |de: &mut FastEvents<'_>| Value::read(de, &Budget::new(limits));
                let got = read_document_fast(text, 101, &mut scratch, value);
                assert_eq!(got.is_some(), expect_fast, "{text:?}: {got:?}");
                let granit = |de: &mut Events<'_>| Value::read(de, &Budget::new(limits));
                let want = read_document(text, caps, granit);
                if let Some(got) = got {
                    assert_eq!(Some(got), want.ok(), "{text:?}");
                }
            }
        }
    }

    /// Generated documents made of the pieces the fast reader decides on (indicators, quotes,
    /// comments, block headers with and without an indentation, continuation lines): every
    /// one it reads, it reads as granit-parser does.
    #[test]
    fn the_fast_reader_agrees_with_granit_on_generated_documents() {
        let limits = Limits::DEFAULT;
        let caps = caps(&limits);
        let starts = ["k: ", "- ", "a:\n  b: ", "a:\n- b: ", "a:\n  - "];
        let atoms = [
            "a", "b: ", "c:", "- ", "-", "  ", "    ", "\n", "\n", "\n  ", "\n    ", "|", "|2",
            "|-", "|1-", "|-3", "\"", "'", "#", " #", ":", "x y", "1", "\"q\"", "[", "{}", "[]",
            "*", "&", "!", "?", ",", "\n- ", "\n  - ", "k: |2\n", "k: |\n", "\n   ", "0755",
            "true", "~",
        ];
        // xorshift64: the same documents on every run.
        let mut seed: u64 = 0x1234_5678_9abc_def1;
        let mut pick = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut fast = 0;
        for _ in 0..100_000 {
            let mut text = String::from(starts[pick(starts.len())]);
            for _ in 0..2 + pick(14) {
                text.push_str(atoms[pick(atoms.len())]);
            }
            text.push('\n');
            let mut scratch = Scratch::default();
            let value = |de: &mut FastEvents<'_>| Value::read(de, &Budget::new(limits));
            let Some(got) = read_document_fast(&text, 101, &mut scratch, value) else {
                continue;
            };
            fast += 1;
            let value = |de: &mut Events<'_>| Value::read(de, &Budget::new(limits));
            let want = read_document(&text, caps, value).map_err(|e| e.message);
            assert_eq!(Ok(&got), want.as_ref(), "{text:?}");
        }
        assert!(fast > 5_000, "{fast} documents read fast");
    }
}
