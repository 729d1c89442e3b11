//! Positions: the 1-based line and column of byte offsets, counted in one forward pass
//! ([`Cursor`]), and the byte offset of a JSON reader's position ([`json_offset`]). The readers
//! above take their lines and columns from here and from the tree's [`Pos`](super::tree::Pos).

/// Line and column (in characters) of byte offsets asked in increasing order: each byte of the
/// text is looked at once, however many positions are asked (one huge line holding thousands
/// of objects included).
pub(crate) struct Cursor<'t> {
    text: &'t str,
    offset: usize,
    line: usize,
    column: usize,
}

impl<'t> Cursor<'t> {
    /// A cursor at the start of `text`.
    ///
    /// # Complexity
    /// O(1).
    pub(crate) fn new(text: &'t str) -> Self {
        Cursor {
            text,
            offset: 0,
            line: 1,
            column: 1,
        }
    }

    /// 1-based line and column of a byte offset (clamped to the text, rounded down to a
    /// character). An offset before the last one asked starts over from the top.
    ///
    /// # Complexity
    /// O(bytes between the last offset asked and this one).
    pub(crate) fn at(&mut self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        if offset < self.offset {
            *self = Cursor::new(self.text);
        }
        let seg = &self.text[self.offset..offset];
        match memchr::memrchr(b'\n', seg.as_bytes()) {
            Some(last) => {
                self.line += memchr::memchr_iter(b'\n', seg.as_bytes()).count();
                self.column = seg[last + 1..].chars().count() + 1;
            }
            None => self.column += seg.chars().count(),
        }
        self.offset = offset;
        (self.line, self.column)
    }
}

/// Byte offset of a serde_json position (1-based line, 1-based byte column) in a text parsed
/// from byte `from` on.
///
/// # Complexity
/// O(bytes up to that line).
pub(crate) fn json_offset(text: &str, from: usize, line: usize, column: usize) -> usize {
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
