//! What the stream readers share: a document read from a file and the wording of parser
//! messages (positions are counted by [`crate::yaml::position`]).

use crate::diag::{Diagnostic, Location, Rule};
use crate::load::object::RawObject;
use crate::yaml::Limits;

/// A document read from a file: the object, or why it could not be read.
#[derive(Debug)]
pub(crate) struct Doc {
    pub location: Location,
    /// Byte range of the document in the file.
    pub span: (usize, usize),
    pub result: Result<RawObject, Diagnostic>,
}

/// Where a reader sends what it reads, in order: each document as soon as it is read, and the
/// byte offset reached after it. Documents are not gathered into a list first, so a big file
/// costs the memory of its objects, not also of every raw document at once.
pub(crate) trait DocSink {
    fn doc(&mut self, doc: Doc);
    /// The reader has read the text up to byte `offset`.
    fn reached(&mut self, _offset: usize) {}
}

/// Gathers the documents.
impl DocSink for Vec<Doc> {
    fn doc(&mut self, doc: Doc) {
        self.push(doc);
    }
}

/// The diagnostic of a file that holds more documents than the limit allows; what follows is
/// not read.
pub(in crate::load) fn too_many_documents(
    path: &str,
    limits: &Limits,
    start: usize,
    (line, column): (usize, usize),
) -> Doc {
    let kind = crate::yaml::LimitKind::Documents;
    let number = limits.max_documents.saturating_add(1);
    let diag = Diagnostic::error(
        Rule::LoadLimit,
        format!(
            "{}; the rest of the file is not read",
            crate::yaml::limit_message(kind, limits.max_documents)
        ),
    )
    .at(Location::at(path, line, column, number));
    Doc {
        location: Location::at(path, line, column, number),
        span: (start, start),
        result: Err(diag),
    }
}

/// Rewrites every `line N` in a parser message to `line N + shift`, and returns the first
/// `line N column M` (or `line N, column M`) position found (after the shift).
pub(in crate::load) fn shift_lines(msg: &str, shift: usize) -> (String, Option<(usize, usize)>) {
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
            let after = rest.strip_prefix(',').unwrap_or(rest);
            let col = after.strip_prefix(" column ").and_then(|r| {
                let d = r.bytes().take_while(u8::is_ascii_digit).count();
                r[..d].parse().ok()
            });
            first = Some((n + shift, col.unwrap_or(1)));
        }
    }
    out.push_str(rest);
    (out, first)
}

/// Drops a trailing ` at line N column M` or ` at line N, column M` (we report the position
/// ourselves).
pub(in crate::load) fn strip_position(msg: &str) -> &str {
    let Some(i) = msg.rfind(" at line ") else {
        return msg;
    };
    let tail = &msg[i + " at line ".len()..];
    let digits = tail.bytes().take_while(u8::is_ascii_digit).count();
    let rest = &tail[digits..];
    let rest = rest.strip_prefix(',').unwrap_or(rest);
    let is_position = digits > 0
        && rest
            .strip_prefix(" column ")
            .is_some_and(|c| !c.is_empty() && c.bytes().all(|b| b.is_ascii_digit()));
    if is_position {
        &msg[..i]
    } else {
        msg
    }
}

/// Truncates very long messages (a 1 MB string echoed back helps nobody).
pub(in crate::load) fn clean_message(msg: &str) -> String {
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
