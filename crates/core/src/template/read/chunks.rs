//! Cutting a template file into documents, as opm's readers cut it, within the loader's
//! document limit.
//!
//! YAML is cut as apimachinery's `YAMLReader` cuts it: at lines that are `---` (plus trailing
//! blanks); empty chunks are skipped (but counted against the limit). A text whose first
//! non-blank character is `{` is a JSON stream: its values are cut with `serde_json` and then
//! read like YAML (JSON is YAML), so positions are kept.

use crate::template::read::tree::Pos;

/// One document of a file: where it is and what it holds.
#[derive(Debug, Clone)]
pub struct Chunk {
    /// Byte range in the file.
    pub span: (usize, usize),
    /// 1-based line of the chunk's first byte.
    pub first_line: usize,
    /// True when the file is a JSON stream.
    pub json: bool,
}

/// The documents of a file, and where the document limit stopped the cutting (if it did).
#[derive(Debug, Clone, Default)]
pub struct Chunks {
    pub list: Vec<Chunk>,
    /// The start of the first document past the limit.
    pub overflow: Option<Pos>,
}

/// Cuts a file into documents (see the module doc); at most `max_documents` documents, empty
/// ones included, are cut.
///
/// # Complexity
/// O(n) in the text's length: every line is looked at once, every JSON value read once.
pub fn chunks(text: &str, max_documents: usize) -> Chunks {
    let start = text.len() - text.trim_start().len();
    if text.as_bytes().get(start) == Some(&b'{') {
        return json_chunks(text, max_documents);
    }
    let mut out = Chunks::default();
    let (mut offset, mut chunk_start, mut chunk_line) = (0usize, 0usize, 1usize);
    let mut documents = 1usize;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        if is_separator(line) {
            if documents >= max_documents {
                out.overflow = Some(Pos {
                    line: i + 1,
                    column: 1,
                });
                return out;
            }
            documents += 1;
            if offset > chunk_start {
                out.list.push(Chunk {
                    span: (chunk_start, offset),
                    first_line: chunk_line,
                    json: false,
                });
            }
            chunk_start = offset + line.len();
            chunk_line = i + 2;
        }
        offset += line.len();
    }
    if text.len() > chunk_start {
        out.list.push(Chunk {
            span: (chunk_start, text.len()),
            first_line: chunk_line,
            json: false,
        });
    }
    out
}

/// `---` alone on its line (trailing white space allowed), as apimachinery's `YAMLReader`.
pub(crate) fn is_separator(line: &str) -> bool {
    line.strip_prefix("---")
        .is_some_and(|rest| rest.trim_end().is_empty())
}

/// Line numbers of byte offsets that only grow, counted in one forward pass.
struct Lines<'t> {
    text: &'t [u8],
    offset: usize,
    line: usize,
}

impl Lines<'_> {
    fn at(&mut self, offset: usize) -> usize {
        let offset = offset.clamp(self.offset, self.text.len());
        self.line += memchr::memchr_iter(b'\n', &self.text[self.offset..offset]).count();
        self.offset = offset;
        self.line
    }
}

fn json_chunks(text: &str, max_documents: usize) -> Chunks {
    let mut out = Chunks::default();
    let mut lines = Lines {
        text: text.as_bytes(),
        offset: 0,
        line: 1,
    };
    let mut stream = serde_json::Deserializer::from_str(text).into_iter::<serde::de::IgnoredAny>();
    loop {
        let before = stream.byte_offset();
        let rest = &text[before..];
        let start = before + (rest.len() - rest.trim_start().len());
        if start < text.len() && out.list.len() >= max_documents {
            out.overflow = Some(Pos {
                line: lines.at(start),
                column: 1,
            });
            return out;
        }
        let first_line = lines.at(start);
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
