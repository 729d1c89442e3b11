//! JSON streams and top-level JSON arrays. A stream is read in one pass: each object goes
//! straight from the text into a [`RawObject`] within the [`Limits`]. Only an object that fails
//! is read again, in two passes as before: serde_json first finds where it ends (skipping it
//! without building anything, and reporting a syntax error with its position), then the object
//! alone is read, so that its error names the same place whichever way it was found. After a
//! syntax error the stream resumes at the next line that starts with `{`, found by one forward
//! search, so no byte is read more than a few times.

use std::cell::Cell;

use serde::{Deserialize, Deserializer};
use serde_json::value::RawValue;

use crate::diag::{Diagnostic, Location, Rule};
use crate::load::object::budget::Budget;
use crate::load::object::{RawObject, Read};
use crate::load::stream::document::{clean_message, too_many_documents, Doc, DocSink};
use crate::yaml::cut::next_json_line;
use crate::yaml::position::{json_offset, strip_position, Cursor};
use crate::yaml::Limits;

/// How a JSON stream's first failure went, and the documents still held back because the
/// stream may yet have to be read as YAML.
pub(in crate::load) struct JsonStream {
    /// Documents not sent to the sink: all of them while the YAML reading is still possible
    /// (then the stream is short: it failed after at most one object), none otherwise.
    pub held: Vec<Doc>,
    /// Objects read before the first failure.
    good_before_failure: Option<usize>,
    /// The first failure was a syntax error (not a crossed limit nor a wrong field type).
    first_failure_is_syntax: bool,
}

impl JsonStream {
    /// apimachinery's rule: a stream that fails on its syntax after at most one object may be
    /// YAML that merely starts with `{`.
    pub(crate) fn worth_reading_as_yaml(&self) -> bool {
        worth_reading_as_yaml(self.good_before_failure, self.first_failure_is_syntax)
    }
}

fn worth_reading_as_yaml(good_before_failure: Option<usize>, syntax: bool) -> bool {
    syntax && good_before_failure.is_some_and(|n| n <= 1)
}

/// Reads a stream of concatenated JSON objects. Documents go to `sink` as they are read, once
/// the stream can no longer turn out to be YAML (after two good objects, or a first failure
/// that does not allow it); until then they are held.
///
/// # Complexity
/// O(n) time in the length n of the text: each byte is read once (an object that fails twice
/// more), and at most once more searched (after a syntax error) and counted (for a position). Memory O(d) for
/// the largest object d, plus two objects held.
pub(in crate::load) fn read_stream(
    path: &str,
    text: &str,
    limits: &Limits,
    sink: &mut dyn DocSink,
) -> JsonStream {
    let mut reader = Reader::new(path, text, limits, sink, Some(Vec::new()));
    let mut base = 0;
    while let Some(next) = reader.read_from(base) {
        base = next;
    }
    JsonStream {
        held: reader.held.unwrap_or_default(),
        good_before_failure: reader.good_before_failure,
        first_failure_is_syntax: reader.first_failure_is_syntax,
    }
}

/// Reads a top-level JSON array of objects into `sink`. `false` (and nothing sent) when the
/// text is not a JSON array (or its first item is not an object).
///
/// # Complexity
/// O(n) time in the length n of the text.
pub(in crate::load) fn read_array(
    path: &str,
    text: &str,
    limits: &Limits,
    sink: &mut dyn DocSink,
) -> bool {
    let Some(inside) = text.trim_start().strip_prefix('[') else {
        return false;
    };
    if !inside.trim_start().starts_with(['{', ']']) {
        return false;
    }
    let Ok(items) = serde_json::from_str::<Vec<&RawValue>>(text) else {
        return false;
    };
    let mut reader = Reader::new(path, text, limits, sink, None);
    for (i, raw) in items.into_iter().enumerate() {
        let start = raw.get().as_ptr() as usize - text.as_ptr() as usize;
        if i >= limits.max_documents {
            let at = reader.cursor.at(start);
            reader.push(too_many_documents(path, limits, start, at));
            break;
        }
        reader.object(start, raw.get());
        reader.sink.reached(start + raw.get().len());
    }
    true
}

thread_local! {
    /// The limits [`Budgeted`] reads within: a stream deserializer takes no seed, so the reader
    /// sets them here, on its own thread, before it starts.
    static LIMITS: Cell<Option<Limits>> = const { Cell::new(None) };
}

/// An object read within the limits in [`LIMITS`], with a budget of its own.
struct Budgeted(RawObject);

impl<'de> Deserialize<'de> for Budgeted {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let limits = LIMITS.with(Cell::get).unwrap_or_default();
        RawObject::read(d, &Budget::new(limits)).map(Budgeted)
    }
}

struct Reader<'t, 's> {
    path: &'t str,
    text: &'t str,
    limits: &'t Limits,
    cursor: Cursor<'t>,
    sink: &'s mut dyn DocSink,
    /// Documents held back while the stream may still be read as YAML; `None` once they go
    /// straight to the sink.
    held: Option<Vec<Doc>>,
    /// Documents read so far.
    count: usize,
    good_before_failure: Option<usize>,
    first_failure_is_syntax: bool,
}

impl<'t, 's> Reader<'t, 's> {
    fn new(
        path: &'t str,
        text: &'t str,
        limits: &'t Limits,
        sink: &'s mut dyn DocSink,
        held: Option<Vec<Doc>>,
    ) -> Self {
        Reader {
            path,
            text,
            limits,
            cursor: Cursor::new(text),
            sink,
            held,
            count: 0,
            good_before_failure: None,
            first_failure_is_syntax: false,
        }
    }

    fn failed(&mut self, syntax: bool) {
        if self.good_before_failure.is_none() {
            self.good_before_failure = Some(self.count);
            self.first_failure_is_syntax = syntax;
        }
    }

    /// Sends a document on, or holds it while the stream may still be read as YAML: until two
    /// objects are read without a failure, or the first failure rules YAML out.
    fn push(&mut self, doc: Doc) {
        self.count += 1;
        let Some(held) = &mut self.held else {
            self.sink.doc(doc);
            return;
        };
        held.push(doc);
        let undecided = match self.good_before_failure {
            None => self.count < 2,
            Some(n) => worth_reading_as_yaml(Some(n), self.first_failure_is_syntax),
        };
        if !undecided {
            for doc in self.held.take().into_iter().flatten() {
                self.sink.doc(doc);
            }
        }
    }

    /// Reads objects from byte `base` on: `None` at the end of the text (or of what the
    /// document limit lets through), or the offset to resume at after a syntax error.
    fn read_from(&mut self, base: usize) -> Option<usize> {
        let slice = &self.text[base..];
        LIMITS.with(|l| l.set(Some(*self.limits)));
        let mut stream = serde_json::Deserializer::from_str(slice).into_iter::<Budgeted>();
        loop {
            let before = stream.byte_offset();
            let rest = &slice[before..];
            let start = base + before + (rest.len() - rest.trim_start().len());
            if start >= self.text.len() {
                return None;
            }
            if self.count >= self.limits.max_documents {
                let at = self.cursor.at(start);
                let doc = too_many_documents(self.path, self.limits, start, at);
                self.push(doc);
                return None;
            }
            match stream.next() {
                None => return None,
                Some(Ok(Budgeted(obj))) => {
                    let end = base + stream.byte_offset();
                    let (line, column) = self.cursor.at(start);
                    let location = Location::at(self.path, line, column, self.count + 1);
                    self.push(Doc {
                        location,
                        span: (start, end),
                        result: Ok(obj),
                    });
                    self.sink.reached(end);
                }
                Some(Err(_)) => return self.read_failed_object(start),
            }
        }
    }

    /// Reads again, in two passes, the object at byte `start` that failed in one: its end, then
    /// the object alone (see the module's introduction). The offset to resume at, or `None` at
    /// the end of the text.
    fn read_failed_object(&mut self, start: usize) -> Option<usize> {
        let slice = &self.text[start..];
        let mut one = serde_json::Deserializer::from_str(slice).into_iter::<&RawValue>();
        match one.next() {
            None => None,
            Some(Ok(raw)) => {
                self.object(start, raw.get());
                let end = start + one.byte_offset();
                self.sink.reached(end);
                Some(end)
            }
            Some(Err(e)) => self.syntax_error(start, start, &e),
        }
    }

    /// Reads one object whose text (`raw`) starts at byte `start`.
    fn object(&mut self, start: usize, raw: &str) {
        let number = self.count + 1;
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
                    Some(_) => Diagnostic::error(Rule::LoadLimit, detail),
                    None => Diagnostic::error(Rule::LoadJson, format!("invalid JSON: {detail}")),
                };
                Err(diag.at(Location::at(self.path, eline, ecol, number)))
            }
        };
        self.push(Doc {
            location: Location::at(self.path, line, column, number),
            span: (start, start + raw.len()),
            result,
        });
    }

    /// Records a syntax error in the object starting at `start` (serde_json's position is
    /// relative to `base`), and finds where to resume: the next line that starts with `{`.
    fn syntax_error(&mut self, base: usize, start: usize, e: &serde_json::Error) -> Option<usize> {
        self.failed(true);
        let number = self.count + 1;
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
        let next = next_json_line(text, at.max(start + 1));
        self.push(Doc {
            location: Location::at(self.path, sline, scol, number),
            span: (start, next.unwrap_or(text.len())),
            result: Err(Diagnostic::error(Rule::LoadJson, message)
                .at(Location::at(self.path, eline, ecol, number))),
        });
        next
    }
}
