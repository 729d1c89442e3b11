//! The one document cutter: a YAML stream cut into documents at its separator lines, and a
//! JSON stream into its values, in one forward pass. Every reader above (catalogs, templates,
//! cluster state, ImageSetConfigurations) cuts its files here; none matches a separator itself.
//!
//! Two rules say which line starts a document ([`Separator`]), because the tools olm-graph
//! reproduces cut differently: opm's catalog loader starts a document at `---` at column 0
//! followed by nothing, a blank or a line end, and the document keeps its marker line
//! ([`Separator::Marker`]); apimachinery's `YAMLReader` (templates, cluster objects, oc-mirror's
//! configuration) cuts at lines that are `---` plus trailing blanks and drops the line
//! ([`Separator::Alone`], [`chunks`]). Either way a stream is first cut into [`Piece`]s, each
//! from one separator line to the next; a text whose first non-blank character is `{` is cut
//! by [`chunks`] as a JSON stream instead: its values are found with `serde_json` and then
//! read like YAML (JSON is YAML), so positions are kept.

use crate::yaml::position::Cursor;
use crate::yaml::tree::Pos;

/// The line a writer starts a document with (opm's marker, alone on its line).
pub(crate) const MARKER_LINE: &str = "---\n";

/// Which lines start a new document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Separator {
    /// `---` at column 0, alone or followed by a space, a tab or a line end (opm's loader).
    Marker,
    /// `---` at column 0 followed by nothing but white space (apimachinery's `YAMLReader`).
    Alone,
}

impl Separator {
    /// True when the line `text` starts with (a line, its line end included or not, or the
    /// rest of the text from a line's start) starts a document. Only that line is looked at,
    /// and past its first three bytes only when they are the marker.
    ///
    /// # Complexity
    /// O(1) for [`Separator::Marker`]; O(length of the line) for [`Separator::Alone`].
    fn starts(self, text: &[u8]) -> bool {
        let Some(rest) = text.strip_prefix(b"---") else {
            return false;
        };
        match self {
            Separator::Marker => matches!(rest.first(), None | Some(b'\n' | b'\r' | b' ' | b'\t')),
            Separator::Alone => {
                std::str::from_utf8(line_at(rest, 0)).is_ok_and(|r| r.trim_end().is_empty())
            }
        }
    }
}

/// One piece of a stream: from a separator line (or the start of the text) to the next
/// separator line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Piece {
    /// The byte where the piece starts: its separator line, or the text's start.
    pub(crate) start: usize,
    /// The byte after the piece's last.
    pub(crate) end: usize,
    /// The byte after the piece's separator line: where its content starts (`start` when it
    /// has none).
    pub(crate) body: usize,
    /// 1-based line of the piece's first byte.
    pub(crate) first_line: usize,
    /// The piece starts with a separator line (every piece but the first does).
    pub(crate) marked: bool,
}

/// The pieces of a stream, in order: the first starts at byte 0 (and is marked when the text's
/// first line is a separator), every other at a separator line. An empty text is one empty
/// piece.
pub(crate) struct Pieces<'t> {
    text: &'t [u8],
    rule: Separator,
    /// Start of the piece not yet given.
    start: usize,
    first_line: usize,
    marked: bool,
    /// Where the search for the next separator goes on, and its line.
    pos: usize,
    line: usize,
    done: bool,
}

impl<'t> Pieces<'t> {
    /// The pieces of `text` cut by `rule`.
    ///
    /// # Complexity
    /// O(1); the whole iteration is O(n) in the text's length (each byte is looked at once,
    /// each separator candidate's line once more).
    pub(crate) fn new(text: &'t str, rule: Separator) -> Self {
        let bytes = text.as_bytes();
        Pieces {
            text: bytes,
            rule,
            start: 0,
            first_line: 1,
            marked: rule.starts(bytes),
            pos: 0,
            line: 1,
            done: false,
        }
    }

    fn cut(&mut self, end: usize) -> Piece {
        let body = if self.marked {
            self.start + line_at(self.text, self.start).len()
        } else {
            self.start
        };
        let piece = Piece {
            start: self.start,
            end,
            body: body.min(end),
            first_line: self.first_line,
            marked: self.marked,
        };
        self.start = end;
        piece
    }
}

impl Iterator for Pieces<'_> {
    type Item = Piece;

    fn next(&mut self) -> Option<Piece> {
        if self.done {
            return None;
        }
        loop {
            let Some(i) = memchr::memchr(b'\n', &self.text[self.pos..]) else {
                self.done = true;
                return Some(self.cut(self.text.len()));
            };
            self.pos += i + 1;
            self.line += 1;
            if self.rule.starts(&self.text[self.pos..]) {
                let piece = self.cut(self.pos);
                self.first_line = self.line;
                self.marked = true;
                return Some(piece);
            }
        }
    }
}

/// The line that starts at byte `at`, its line end included.
fn line_at(text: &[u8], at: usize) -> &[u8] {
    let rest = &text[at.min(text.len())..];
    match memchr::memchr(b'\n', rest) {
        Some(i) => &rest[..=i],
        None => rest,
    }
}

/// True when `line` starts a document under opm's rule ([`Separator::Marker`]): for readers
/// that walk a document's lines and stop at the next one.
///
/// # Complexity
/// O(1).
pub(crate) fn starts_document(line: &str) -> bool {
    Separator::Marker.starts(line.as_bytes())
}

/// True for a document marker line: one that starts a document ([`starts_document`]) or ends
/// one (`...`, trailing blanks allowed).
///
/// # Complexity
/// O(length of the line).
pub(crate) fn is_marker_line(line: &str) -> bool {
    starts_document(line) || line.trim_end() == "..."
}

/// Where a JSON stream may resume after a value that cannot be read: the start of the next
/// line at or after byte `from` that starts with `{` (`None`: no such line).
///
/// # Complexity
/// O(n) in the bytes searched (one forward search).
pub(crate) fn next_json_line(text: &str, from: usize) -> Option<usize> {
    let mut from = from.min(text.len());
    while !text.is_char_boundary(from) {
        from += 1;
    }
    memchr::memmem::find(&text.as_bytes()[from..], b"\n{").map(|i| from + i + 1)
}

/// True for a line that holds nothing to read: blank (white space only) or a comment. The
/// readers' one test of it (the cutter here, core's skim, the semver template's editor).
///
/// # Complexity
/// O(length of the line's leading white space).
pub(crate) fn is_blank_or_comment(line: &str) -> bool {
    let t = line.trim_start();
    t.is_empty() || t.starts_with('#')
}

/// True for a line without content: blank, a comment, or a document marker (`---` or `...`).
fn is_blank_line(l: &str) -> bool {
    is_blank_or_comment(l) || matches!(l.trim(), "---" | "...")
}

/// True when a document (a [`Piece`]'s text) holds nothing but blank lines, comments and
/// markers.
///
/// # Complexity
/// O(length of the document), stopping at its first content.
pub(crate) fn is_empty_document(doc: &str) -> bool {
    doc.lines().all(is_blank_line)
}

/// The line of a document's own content (a [`Piece`]'s text starting at `first_line`): its
/// first line that is not its marker, blank or a comment.
///
/// # Complexity
/// O(length of the lines skipped).
pub(crate) fn content_line(doc: &str, first_line: usize) -> usize {
    first_line
        + doc
            .lines()
            .take_while(|l| is_blank_or_comment(l) || l.trim() == "---")
            .count()
}

/// One document of a file: where it is and what it holds.
#[derive(Debug, Clone)]
pub(crate) struct Chunk {
    /// Byte range in the file.
    pub(crate) span: (usize, usize),
    /// 1-based line of the chunk's first byte.
    pub(crate) first_line: usize,
    /// True when the file is a JSON stream.
    pub(crate) json: bool,
}

impl Chunk {
    /// The line in the file of line `line` (1-based) of the chunk read on its own.
    ///
    /// # Complexity
    /// O(1).
    pub(crate) fn file_line(&self, line: usize) -> usize {
        line + self.first_line - 1
    }
}

/// The documents of a file, and where the document limit stopped the cutting (if it did).
#[derive(Debug, Clone, Default)]
pub(crate) struct Chunks {
    /// The documents, empty ones left out.
    pub(crate) list: Vec<Chunk>,
    /// The start of the first document past the limit.
    pub(crate) overflow: Option<Pos>,
}

/// Cuts a file as apimachinery's readers cut it: a JSON stream into its values, YAML at
/// [`Separator::Alone`] lines, the separator lines dropped; empty chunks are skipped (but
/// counted against the limit); at most `max_documents` documents, empty ones included, are
/// cut.
///
/// # Complexity
/// O(n) in the text's length: every line is looked at once, every JSON value read once.
pub(crate) fn chunks(text: &str, max_documents: usize) -> Chunks {
    let start = text.len() - text.trim_start().len();
    if text.as_bytes().get(start) == Some(&b'{') {
        return json_chunks(text, max_documents);
    }
    let mut out = Chunks::default();
    let mut documents = 1usize;
    for piece in Pieces::new(text, Separator::Alone) {
        if piece.marked {
            if documents >= max_documents {
                out.overflow = Some(Pos {
                    line: piece.first_line,
                    column: 1,
                });
                return out;
            }
            documents += 1;
        }
        if piece.end > piece.body {
            out.list.push(Chunk {
                span: (piece.body, piece.end),
                first_line: piece.first_line + usize::from(piece.marked),
                json: false,
            });
        }
    }
    out
}

/// The text of a file's first document, as [`chunks`] cuts it: a JSON text as it is (the
/// cutter stops after its first value); YAML from the first line that is not blank, a comment
/// or a separator, to the separator that ends it. Empty when there is none.
///
/// # Complexity
/// O(d) for the first document's length d (plus the lines skipped before it).
pub(crate) fn first_document(text: &str) -> &str {
    if text.trim_start().starts_with('{') {
        return text;
    }
    for piece in Pieces::new(text, Separator::Alone) {
        let body = &text[piece.body..piece.end];
        let mut offset = 0;
        for line in body.split_inclusive('\n') {
            if !(line.trim().is_empty() || line.trim_start().starts_with('#')) {
                return &body[offset..];
            }
            offset += line.len();
        }
    }
    ""
}

fn json_chunks(text: &str, max_documents: usize) -> Chunks {
    let mut out = Chunks::default();
    let mut lines = Cursor::new(text);
    let mut stream = serde_json::Deserializer::from_str(text).into_iter::<serde::de::IgnoredAny>();
    loop {
        let before = stream.byte_offset();
        let rest = &text[before..];
        let start = before + (rest.len() - rest.trim_start().len());
        if start < text.len() && out.list.len() >= max_documents {
            out.overflow = Some(Pos {
                line: lines.at(start).0,
                column: 1,
            });
            return out;
        }
        let first_line = lines.at(start).0;
        match stream.next() {
            Some(Ok(_)) => out.list.push(Chunk {
                span: (start, stream.byte_offset()),
                first_line,
                json: true,
            }),
            Some(Err(_)) => {
                // The rest is one broken value: reading it reports the error with a position.
                out.list.push(Chunk {
                    span: (start, text.len()),
                    first_line,
                    json: true,
                });
                return out;
            }
            None => return out,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_follow_each_rule() {
        let text = "---\na: 1\n--- x\n---  \nb: 2\n";
        let marker: Vec<_> = Pieces::new(text, Separator::Marker)
            .map(|p| (&text[p.start..p.end], p.first_line, p.marked))
            .collect();
        assert_eq!(
            marker,
            [
                ("---\na: 1\n", 1, true),
                ("--- x\n", 3, true),
                ("---  \nb: 2\n", 4, true)
            ]
        );
        let alone: Vec<_> = Pieces::new(text, Separator::Alone)
            .map(|p| (&text[p.body..p.end], p.first_line))
            .collect();
        assert_eq!(alone, [("a: 1\n--- x\n", 1), ("b: 2\n", 4)]);
        let empty: Vec<_> = Pieces::new("", Separator::Marker).collect();
        assert_eq!(empty.len(), 1);
        assert_eq!((empty[0].start, empty[0].end), (0, 0));
    }

    #[test]
    fn the_first_document_skips_blanks_comments_and_separators() {
        assert_eq!(
            first_document("# c\n---\n\nkind: A\n---\nkind: B\n"),
            "kind: A\n"
        );
        assert_eq!(first_document("---\n# only\n---\n"), "");
        assert_eq!(first_document(" {\"a\": 1}\n"), " {\"a\": 1}\n");
    }

    #[test]
    fn chunks_follow_yaml_reader() {
        let text = "---\n---\na: 1\n---  \nb: 2\n--- c\n";
        let c = chunks(text, 100).list;
        assert_eq!(c.len(), 2);
        assert_eq!(c[0].first_line, 3);
        assert_eq!(&text[c[1].span.0..c[1].span.1], "b: 2\n--- c\n");
        // A first chunk of comments only is a document of its own.
        let c = chunks("# only\n---\na: 1\n", 100).list;
        assert_eq!(c.len(), 2);
    }

    #[test]
    fn the_document_limit_stops_the_cutting_at_the_separator() {
        let text = "a: 1\n---\n---\n---\nb: 2\n";
        let c = chunks(text, 3);
        assert_eq!(c.list.len(), 1);
        assert_eq!(c.overflow, Some(Pos { line: 4, column: 1 }));
        assert!(chunks(text, 4).overflow.is_none());
        let json = "{\"a\": 1}\n{\"b\": 2}\n\n{\"c\": 3}\n";
        let c = chunks(json, 2);
        assert_eq!(c.list.len(), 2);
        assert_eq!(c.overflow, Some(Pos { line: 4, column: 1 }));
        let c = chunks(json, 3);
        assert_eq!(
            c.list.iter().map(|c| c.first_line).collect::<Vec<_>>(),
            [1, 2, 4]
        );
    }
}
