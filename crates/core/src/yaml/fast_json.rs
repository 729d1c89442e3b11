//! The fast path for JSON (`kubectl get -o json`): one JSON value turned into the events
//! granit-parser gives for it, with the same positions, without the parser.
//!
//! The text must already be known to be one valid JSON value (the caller checks it with
//! serde_json first, whose messages are the ones a JSON reader gives). So the tokens are simply
//! mapped: `{` `}` `[` `]` open and close, strings are double-quoted scalars (unescaped by
//! serde_json), numbers and `true`/`false`/`null` plain scalars, `:` and `,` skipped. A
//! carriage return (a line break granit-parser counts its own way) makes it give up.

use std::borrow::Cow;

use granit_parser::ScalarStyle;

use super::fast::{Ev, Fallback, Flush, Scratch, FLUSH_AT};

/// The events of the first JSON value of `text` into `scratch` (with their marks: 0-based
/// line and character column), or [`Fallback`]. With a `flush`, they are handed to it while
/// they are read, as `document_events_flushed` does (the last ones stay in `scratch`).
///
/// # Complexity
/// O(n) in the length of the text: each byte is looked at once (twice inside a string with
/// escapes, which serde_json then reads), plus what `flush` costs.
pub(crate) fn json_events<'t>(
    text: &'t str,
    scratch: &mut Scratch<'t>,
    mut flush: Option<Flush<'_, 't>>,
) -> Result<(), Fallback> {
    let b = text.as_bytes();
    if memchr::memchr(b'\r', b).is_some() {
        return Err(Fallback);
    }
    scratch.events.clear();
    let marks = scratch.marks.get_or_insert_with(Vec::new);
    marks.clear();
    let mut cursor = Cursor::default();
    let mut open = 0usize;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let start = i;
        let ev = match c {
            b' ' | b'\t' | b'\n' | b',' | b':' => {
                i += 1;
                continue;
            }
            b'{' | b'[' => {
                open += 1;
                i += 1;
                if c == b'{' {
                    Ev::MappingStart
                } else {
                    Ev::SequenceStart
                }
            }
            b'}' | b']' => {
                open = open.checked_sub(1).ok_or(Fallback)?;
                i += 1;
                if c == b'}' {
                    Ev::MappingEnd
                } else {
                    Ev::SequenceEnd
                }
            }
            b'"' => {
                let (value, end) = string(text, i)?;
                i = end;
                Ev::Scalar(value, ScalarStyle::DoubleQuoted)
            }
            _ => {
                let len = b[i..]
                    .iter()
                    .position(|c| matches!(c, b',' | b'}' | b']' | b' ' | b'\t' | b'\n'))
                    .unwrap_or(b.len() - i);
                i += len;
                Ev::Scalar(Cow::Borrowed(&text[start..i]), ScalarStyle::Plain)
            }
        };
        marks.push(cursor.advance_to(b, start));
        scratch.events.push(ev);
        if open == 0 {
            break;
        }
        if scratch.events.len() >= FLUSH_AT {
            if let Some(flush) = flush.as_mut() {
                if !flush(&mut scratch.events, marks) {
                    return Err(Fallback);
                }
            }
        }
    }
    if open != 0 || scratch.events.is_empty() {
        return Err(Fallback);
    }
    Ok(())
}

/// The string whose opening quote is at byte `at`, and the byte after its closing quote.
fn string(text: &str, at: usize) -> Result<(Cow<'_, str>, usize), Fallback> {
    let b = text.as_bytes();
    let mut j = at + 1;
    let mut escaped = false;
    loop {
        let k = j + memchr::memchr2(b'"', b'\\', &b[j..]).ok_or(Fallback)?;
        if b[k] == b'"' {
            j = k + 1;
            break;
        }
        escaped = true;
        j = k + 2;
        if j > b.len() {
            return Err(Fallback);
        }
    }
    let raw = &text[at..j];
    if !escaped {
        return Ok((Cow::Borrowed(&raw[1..raw.len() - 1]), j));
    }
    let value: String = serde_json::from_str(raw).map_err(|_| Fallback)?;
    Ok((Cow::Owned(value), j))
}

/// Where the reader is: a byte offset and its 0-based line and character column.
#[derive(Default)]
struct Cursor {
    offset: usize,
    line: usize,
    column: usize,
}

impl Cursor {
    /// Moves forward to byte `to`, counting line feeds and characters on the way.
    fn advance_to(&mut self, b: &[u8], to: usize) -> (usize, usize) {
        for &c in &b[self.offset..to] {
            if c == b'\n' {
                self.line += 1;
                self.column = 0;
            } else if c & 0xc0 != 0x80 {
                // Not a UTF-8 continuation byte: a character starts here.
                self.column += 1;
            }
        }
        self.offset = to;
        (self.line, self.column)
    }
}
