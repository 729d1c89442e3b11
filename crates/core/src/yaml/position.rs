//! Positions: the 1-based line and column of byte offsets, counted in one forward pass
//! ([`Cursor`]), the byte offset of a JSON reader's position ([`json_offset`]), the positions
//! a parser's message quotes, made absolute in the stream ([`shift_lines`]) or taken out
//! ([`strip_position`]), and the first tab of a document ([`first_tab`]). The readers
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

/// Rewrites every `line N` in a parser message to `line N + shift`, and returns the first
/// `line N column M` (or `line N, column M`) position found (after the shift).
///
/// # Complexity
/// O(length of the message).
pub(crate) fn shift_lines(msg: &str, shift: usize) -> (String, Option<(usize, usize)>) {
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
///
/// # Complexity
/// O(length of the message).
pub(crate) fn strip_position(msg: &str) -> &str {
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

/// Line (1-based, in the document) and column of the first tab at or after line `from`: the
/// parser names the scalar it was reading, a curator needs the tab.
///
/// # Complexity
/// O(length of the document from line `from` to the tab).
pub(crate) fn first_tab(doc: &str, from: usize) -> Option<(usize, usize)> {
    doc.lines()
        .enumerate()
        .skip(from.saturating_sub(1))
        .find_map(|(i, l)| l.find('\t').map(|c| (i + 1, l[..c].chars().count() + 1)))
}
