//! JSON streams and top-level JSON arrays, read in two passes over each object: serde_json
//! first finds where the object ends (skipping it without building anything, and reporting
//! syntax errors with their position), then the object alone is read into a [`RawObject`]
//! within the [`Limits`]. After a syntax error the stream resumes at the next line that starts
//! with `{`, found by one forward search, so no byte is read more than a few times.

use serde_json::value::RawValue;

use super::budget::Budget;
use super::doc::{clean_message, location, strip_position, too_many_documents, Cursor, Doc};
use super::options::Limits;
use super::raw::{RawObject, Read};
use crate::diag::Diagnostic;

/// The documents of a JSON stream, and how its first failure went.
pub(super) struct JsonStream {
    pub docs: Vec<Doc>,
    /// Objects read before the first failure.
    good_before_failure: Option<usize>,
    /// The first failure was a syntax error (not a crossed limit nor a wrong field type).
    first_failure_is_syntax: bool,
}

impl JsonStream {
    /// apimachinery's rule: a stream that fails on its syntax after at most one object may be
    /// YAML that merely starts with `{`.
    pub fn worth_reading_as_yaml(&self) -> bool {
        self.first_failure_is_syntax && self.good_before_failure.is_some_and(|n| n <= 1)
    }
}

/// Reads a stream of concatenated JSON objects.
///
/// # Complexity
/// O(n) time in the length n of the text: each byte is skipped once, read once, and at most
/// once more searched (after a syntax error) and counted (for a position).
pub(super) fn read_stream(
    path: &str,
    text: &str,
    limits: &Limits,
    on_doc: &mut dyn FnMut(usize),
) -> JsonStream {
    let mut reader = Reader::new(path, text, limits);
    let mut base = 0;
    while let Some(next) = reader.read_from(base, on_doc) {
        base = next;
    }
    JsonStream {
        docs: reader.docs,
        good_before_failure: reader.good_before_failure,
        first_failure_is_syntax: reader.first_failure_is_syntax,
    }
}

/// Reads a top-level JSON array of objects. `None` when the text is not a JSON array (or its
/// first item is not an object).
///
/// # Complexity
/// O(n) time in the length n of the text.
pub(super) fn read_array(
    path: &str,
    text: &str,
    limits: &Limits,
    on_doc: &mut dyn FnMut(usize),
) -> Option<Vec<Doc>> {
    let inside = text.trim_start().strip_prefix('[')?.trim_start();
    if !inside.starts_with(['{', ']']) {
        return None;
    }
    let items: Vec<&RawValue> = serde_json::from_str(text).ok()?;
    let mut reader = Reader::new(path, text, limits);
    for (i, raw) in items.into_iter().enumerate() {
        let start = raw.get().as_ptr() as usize - text.as_ptr() as usize;
        if i >= limits.max_documents {
            let at = reader.cursor.at(start);
            reader
                .docs
                .push(too_many_documents(path, limits, start, at));
            break;
        }
        reader.object(start, raw.get());
        on_doc(start + raw.get().len());
    }
    Some(reader.docs)
}

struct Reader<'t> {
    path: &'t str,
    text: &'t str,
    limits: &'t Limits,
    cursor: Cursor<'t>,
    docs: Vec<Doc>,
    good_before_failure: Option<usize>,
    first_failure_is_syntax: bool,
}

impl<'t> Reader<'t> {
    fn new(path: &'t str, text: &'t str, limits: &'t Limits) -> Self {
        Reader {
            path,
            text,
            limits,
            cursor: Cursor::new(text),
            docs: Vec::new(),
            good_before_failure: None,
            first_failure_is_syntax: false,
        }
    }

    fn failed(&mut self, syntax: bool) {
        if self.good_before_failure.is_none() {
            self.good_before_failure = Some(self.docs.len());
            self.first_failure_is_syntax = syntax;
        }
    }

    /// Reads objects from byte `base` on: `None` at the end of the text (or of what the
    /// document limit lets through), or the offset to resume at after a syntax error.
    fn read_from(&mut self, base: usize, on_doc: &mut dyn FnMut(usize)) -> Option<usize> {
        let slice = &self.text[base..];
        let mut stream = serde_json::Deserializer::from_str(slice).into_iter::<&RawValue>();
        loop {
            let before = stream.byte_offset();
            let rest = &slice[before..];
            let start = base + before + (rest.len() - rest.trim_start().len());
            if start >= self.text.len() {
                return None;
            }
            if self.docs.len() >= self.limits.max_documents {
                let at = self.cursor.at(start);
                let doc = too_many_documents(self.path, self.limits, start, at);
                self.docs.push(doc);
                return None;
            }
            match stream.next() {
                None => return None,
                Some(Ok(raw)) => {
                    self.object(start, raw.get());
                    on_doc(base + stream.byte_offset());
                }
                Some(Err(e)) => return self.syntax_error(base, start, &e),
            }
        }
    }

    /// Reads one object whose text (`raw`) starts at byte `start`.
    fn object(&mut self, start: usize, raw: &str) {
        let number = self.docs.len() + 1;
        let (line, column) = self.cursor.at(start);
        let budget = Budget::new(*self.limits);
        let read = RawObject::read(&mut serde_json::Deserializer::from_str(raw), &budget);
        let result = match read {
            Ok(obj) => Ok(obj),
            Err(e) => {
                self.failed(false);
                let at = json_offset(self.text, start, e.line(), e.column());
                let (eline, ecol) = self.cursor.at(at);
                let detail = clean_message(strip_position(&e.to_string()));
                let diag = match budget.breach() {
                    Some(_) => Diagnostic::error("load.limit", detail),
                    None => Diagnostic::error("load.json", format!("invalid JSON: {detail}")),
                };
                Err(diag.at(location(self.path, eline, ecol, number)))
            }
        };
        self.docs.push(Doc {
            location: location(self.path, line, column, number),
            span: (start, start + raw.len()),
            result,
        });
    }

    /// Records a syntax error in the object starting at `start` (serde_json's position is
    /// relative to `base`), and finds where to resume: the next line that starts with `{`.
    fn syntax_error(&mut self, base: usize, start: usize, e: &serde_json::Error) -> Option<usize> {
        self.failed(true);
        let number = self.docs.len() + 1;
        let text = self.text;
        let at = json_offset(text, base, e.line(), e.column()).max(start);
        let (sline, scol) = self.cursor.at(start);
        let (eline, ecol) = self.cursor.at(at);
        let message = if e.is_eof() {
            format!("invalid JSON: the file ends inside the object that starts at line {sline}, column {scol} (truncated?)")
        } else {
            format!(
                "invalid JSON: {}",
                clean_message(strip_position(&e.to_string()))
            )
        };
        let mut from = at.max(start + 1).min(text.len());
        while !text.is_char_boundary(from) {
            from += 1;
        }
        let next = memchr::memmem::find(&text.as_bytes()[from..], b"\n{").map(|i| from + i + 1);
        self.docs.push(Doc {
            location: location(self.path, sline, scol, number),
            span: (start, next.unwrap_or(text.len())),
            result: Err(Diagnostic::error("load.json", message)
                .at(location(self.path, eline, ecol, number))),
        });
        next
    }
}

/// Byte offset of a serde_json position (1-based line, 1-based byte column) in a text parsed
/// from byte `from` on.
fn json_offset(text: &str, from: usize, line: usize, column: usize) -> usize {
    let rest = &text.as_bytes()[from.min(text.len())..];
    let line_start = if line <= 1 {
        0
    } else {
        memchr::memchr_iter(b'\n', rest)
            .nth(line - 2)
            .map_or(rest.len(), |i| i + 1)
    };
    (from + line_start + column.saturating_sub(1)).min(text.len())
}
