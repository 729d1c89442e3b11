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
