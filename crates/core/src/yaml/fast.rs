//! A fast reader for the plain block YAML that catalog tools write (opm's `yaml.Marshal`).
//!
//! It turns one document into the events granit-parser gives (their data: no positions, and no
//! stream or document events), line by line, for a conservative subset: block mappings and sequences (the indentless sequence of a mapping
//! value included), plain keys and one-line quoted keys, one-line plain and quoted scalars,
//! literal block scalars (`|`, `|-`), empty flow collections (`{}`, `[]`), comments. Anything
//! else (anchors, tags, flow content, folded or multi-line scalars, tabs, carriage returns,
//! control characters, document markers inside, an indentation it does not expect) makes it
//! give up with [`Fallback`], and the document is read by granit-parser instead, which also
//! gives every error and its position. So a document it reads yields the events granit-parser
//! would, and every other document is read exactly as before.

use std::borrow::Cow;

use granit_parser::ScalarStyle;

/// The document is outside the subset (or not valid YAML): read it with granit-parser.
#[derive(Debug)]
pub(crate) struct Fallback;

type R<T> = Result<T, Fallback>;

/// Longest plain or quoted key read here (granit-parser's simple keys stop at 1024).
const MAX_KEY: usize = 1000;

/// One event of a document: what the loader reads of granit-parser's events (a scalar's text
/// and style; the start and end of a collection), small enough to be moved cheaply.
#[derive(Debug)]
pub(crate) enum Ev<'t> {
    Scalar(Cow<'t, str>, ScalarStyle),
    MappingStart,
    MappingEnd,
    SequenceStart,
    SequenceEnd,
}

/// Buffers a file's documents share (so that each document does not allocate its own).
#[derive(Default)]
pub(crate) struct Scratch<'t> {
    lines: Vec<Line>,
    pub events: Vec<Ev<'t>>,
    /// When kept (`Some`), where each event starts: the 0-based line in the document and the
    /// 0-based column, the places granit-parser gives for the same events (a reader that keeps
    /// positions asks for them; the loader does not). The block reader counts the column in
    /// bytes, the JSON reader in characters.
    pub marks: Option<Vec<(usize, usize)>>,
}

/// Where a reader hands its events while it reads, [`FLUSH_AT`] at a time: it takes them out
/// of the two buffers (events, and their marks) and says whether the reader is to go on. A
/// reader that stops for it returns [`Fallback`]; what happened is the taker's to know.
pub(crate) type Flush<'f, 't> =
    &'f mut dyn FnMut(&mut Vec<Ev<'t>>, &mut Vec<(usize, usize)>) -> bool;

/// How many events a reader with a [`Flush`] holds before handing them on: enough to make
/// the call rare, few enough that a document of any length is never held whole.
pub(crate) const FLUSH_AT: usize = 4096;

/// The events of one document's root node into `scratch.events`, or [`Fallback`].
///
/// # Complexity
/// O(n) time and memory in the length n of the document: each line is looked at a bounded
/// number of times (once to split, once to read, once more when it ends a node); nesting is
/// bounded by `max_depth`.
pub(crate) fn document_events<'t>(
    text: &'t str,
    max_depth: usize,
    scratch: &mut Scratch<'t>,
) -> R<()> {
    document_events_flushed(text, max_depth, scratch, None)
}

/// As [`document_events`], but with marks kept and a `flush` given, the events are handed to
/// it while they are read (the last ones, fewer than [`FLUSH_AT`], stay in `scratch.events`):
/// a taker that builds as it goes never holds the events of a whole document. On
/// [`Fallback`], the events already handed on were those granit-parser gives for the same text.
///
/// # Complexity
/// As [`document_events`], plus what `flush` costs.
pub(crate) fn document_events_flushed<'t>(
    text: &'t str,
    max_depth: usize,
    scratch: &mut Scratch<'t>,
    flush: Option<Flush<'_, 't>>,
) -> R<()> {
    scratch.events.clear();
    if !plain_bytes(text.as_bytes()) {
        return Err(Fallback);
    }
    split_lines(text, &mut scratch.lines);
    let mut marks = scratch.marks.take();
    if let Some(m) = marks.as_mut() {
        m.clear();
    }
    let mut r = Reader {
        text,
        lines: std::mem::take(&mut scratch.lines),
        at: 0,
        events: std::mem::take(&mut scratch.events),
        max_depth,
        mark: (0, 0),
        marks,
        flush,
        stopped: false,
    };
    let read = r.document();
    scratch.lines = r.lines;
    scratch.events = r.events;
    scratch.marks = r.marks;
    read
}

/// True when the text holds no byte the subset leaves to granit-parser: control characters
/// (tab and carriage return included), DEL, C1 controls and NEL, line and paragraph
/// separators, byte-order marks and the non-characters U+FFFE and U+FFFF.
///
/// # Complexity
/// O(n).
fn plain_bytes(b: &[u8]) -> bool {
    /// Bytes looked at together while they are all printable ASCII or line feeds.
    const RUN: usize = 32;
    let mut i = 0;
    let mut checked_to = 0;
    while i < b.len() {
        if i >= checked_to {
            if let Some(run) = b.get(i..i + RUN) {
                let printable =
                    |ok: bool, c: &u8| ok & (*c == b'\n' || c.wrapping_sub(0x20) < 0x5f);
                if run.iter().fold(true, printable) {
                    i += RUN;
                    continue;
                }
            }
            // A run with other bytes: each one on its own.
            checked_to = i + RUN;
        }
        let c = b[i];
        match c {
            b'\n' | 0x20..=0x7e => {}
            0x00..=0x1f | 0x7f => return false,
            0xc2 if matches!(b.get(i + 1), Some(0x80..=0x9f)) => return false,
            0xe2 if b.get(i + 1) == Some(&0x80) && matches!(b.get(i + 2), Some(0xa8 | 0xa9)) => {
                return false
            }
            0xef if matches!(
                (b.get(i + 1), b.get(i + 2)),
                (Some(0xbb), Some(0xbf)) | (Some(0xbf), Some(0xbe | 0xbf))
            ) =>
            {
                return false
            }
            _ => {}
        }
        i += 1;
    }
    true
}

/// One line: its byte range (without the line feed) and its indentation in spaces.
#[derive(Debug, Clone, Copy)]
struct Line {
    start: usize,
    end: usize,
    indent: usize,
}

/// The lines of the text.
///
/// # Complexity
/// O(n).
fn split_lines(text: &str, lines: &mut Vec<Line>) {
    let b = text.as_bytes();
    lines.clear();
    let mut start = 0;
    while start < b.len() {
        let end = memchr::memchr(b'\n', &b[start..]).map_or(b.len(), |i| start + i);
        let indent = b[start..end].iter().take_while(|c| **c == b' ').count();
        lines.push(Line { start, end, indent });
        start = end + 1;
    }
}

/// True for the characters that may not start a plain scalar or key here.
fn is_indicator(c: u8) -> bool {
    matches!(
        c,
        b'-' | b'?'
            | b':'
            | b','
            | b'['
            | b']'
            | b'{'
            | b'}'
            | b'#'
            | b'&'
            | b'*'
            | b'!'
            | b'|'
            | b'>'
            | b'\''
            | b'"'
            | b'%'
            | b'@'
            | b'`'
    )
}

struct Reader<'t, 'f> {
    text: &'t str,
    lines: Vec<Line>,
    /// The next line not yet read.
    at: usize,
    events: Vec<Ev<'t>>,
    max_depth: usize,
    /// Where the next event starts (line, byte column), when marks are kept.
    mark: (usize, usize),
    marks: Option<Vec<(usize, usize)>>,
    /// Where the events go while they are read, when marks are kept (see [`Flush`]).
    flush: Option<Flush<'f, 't>>,
    /// The flush said stop: the reader gives up at the next node.
    stopped: bool,
}

impl<'t> Reader<'t, '_> {
    /// The whole document: its root node between the stream's and document's events.
    fn document(&mut self) -> R<()> {
        self.skip_marker()?;
        let first = self.next_content().ok_or(Fallback)?;
        let indent = self.lines[first].indent;
        self.block_node(indent, false, 0)?;
        if self.next_content().is_some() {
            return Err(Fallback);
        }
        Ok(())
    }

    fn push(&mut self, ev: Ev<'t>) {
        self.events.push(ev);
        if let Some(m) = self.marks.as_mut() {
            m.push(self.mark);
            if self.events.len() >= FLUSH_AT {
                if let Some(flush) = self.flush.as_mut() {
                    self.stopped |= !flush(&mut self.events, m);
                }
            }
        }
    }

    fn scalar(&mut self, value: Cow<'t, str>, style: ScalarStyle) {
        self.push(Ev::Scalar(value, style));
    }

    /// The text of line `i` from byte `col` on.
    fn rest(&self, i: usize, col: usize) -> &'t str {
        let l = self.lines[i];
        &self.text[(l.start + col).min(l.end)..l.end]
    }

    /// Skips an opening `---` line (alone on its line).
    fn skip_marker(&mut self) -> R<()> {
        let Some(i) = self.next_content() else {
            return Ok(());
        };
        let line = self.rest(i, 0);
        if let Some(rest) = line.strip_prefix("---") {
            if !rest.trim_end_matches(' ').is_empty() {
                return Err(Fallback);
            }
            self.at = i + 1;
        }
        Ok(())
    }

    /// The next line with content (not blank, not a comment), without consuming it; a
    /// document marker gives up.
    fn next_content(&mut self) -> Option<usize> {
        while self.at < self.lines.len() {
            let l = self.lines[self.at];
            let content = &self.text[l.start + l.indent..l.end];
            if content.is_empty() || content.starts_with('#') {
                self.at += 1;
                continue;
            }
            return Some(self.at);
        }
        None
    }

    /// True when the next content line is indented deeper than `indent` or is a marker:
    /// the node just read would continue there (granit-parser decides).
    fn deeper_follows(&mut self, indent: usize) -> bool {
        self.next_content().is_some_and(|i| {
            let l = self.lines[i];
            l.indent > indent || (l.indent == 0 && self.rest(i, 0).starts_with("..."))
        })
    }

    /// A block mapping or sequence whose first line is the next content line, at `indent`.
    fn block_node(&mut self, indent: usize, indentless: bool, depth: usize) -> R<()> {
        if depth > self.max_depth || self.stopped {
            return Err(Fallback);
        }
        let i = self.next_content().ok_or(Fallback)?;
        if is_entry(self.rest(i, indent)) {
            self.sequence(indent, indentless, depth)
        } else {
            self.mapping(i, indent, depth)
        }
    }

    /// A block mapping whose first key is at column `col` of line `i`, the next ones at
    /// lines indented by `col`.
    fn mapping(&mut self, mut i: usize, col: usize, depth: usize) -> R<()> {
        if depth > self.max_depth || self.stopped {
            return Err(Fallback);
        }
        self.mark = (i, col);
        self.push(Ev::MappingStart);
        loop {
            let (key, style, after) = key_at(self.rest(i, col)).ok_or(Fallback)?;
            self.mark = (i, col);
            self.scalar(key, style);
            self.at = i + 1;
            self.value(i, col + after, col, true, depth + 1)?;
            let Some(next) = self.next_content() else {
                break;
            };
            let l = self.lines[next];
            if l.indent < col {
                break;
            }
            if l.indent > col || is_entry(self.rest(next, col)) {
                return Err(Fallback);
            }
            i = next;
        }
        self.push(Ev::MappingEnd);
        Ok(())
    }

    /// A block sequence whose entries are lines indented by `col` starting with `-`.
    fn sequence(&mut self, col: usize, indentless: bool, depth: usize) -> R<()> {
        if let Some(i) = self.next_content() {
            // granit-parser places a block sequence at its first dash, an indentless one (a
            // mapping's value at the mapping's indentation) at its first entry's content.
            let rest = self.rest(i, col + 1);
            let content = col + 1 + rest.len() - rest.trim_start_matches(' ').len();
            self.mark = (i, if indentless { content } else { col });
        }
        self.push(Ev::SequenceStart);
        while let Some(i) = self.next_content() {
            let l = self.lines[i];
            if l.indent < col {
                break;
            }
            if l.indent > col {
                return Err(Fallback);
            }
            if !is_entry(self.rest(i, col)) {
                if indentless {
                    break;
                }
                return Err(Fallback);
            }
            if self.stopped {
                return Err(Fallback);
            }
            self.at = i + 1;
            let rest = self.rest(i, col + 1);
            let spaces = rest.len() - rest.trim_start_matches(' ').len();
            let c = col + 1 + spaces;
            if spaces > 0 && key_at(self.rest(i, c)).is_some() {
                self.mapping(i, c, depth + 1)?;
            } else {
                self.value(i, col + 1, col, false, depth + 1)?;
            }
        }
        self.push(Ev::SequenceEnd);
        Ok(())
    }

    /// The value that starts at column `col` of line `i` (after `key:` or `-`), in a node at
    /// `indent`; `in_map` allows an indentless sequence on the next lines.
    fn value(&mut self, i: usize, col: usize, indent: usize, in_map: bool, depth: usize) -> R<()> {
        let raw = self.rest(i, col);
        let s = raw.trim_start_matches(' ');
        if s.is_empty() || (s.starts_with('#') && s.len() < raw.len()) {
            return self.value_below(indent, in_map, depth);
        }
        self.mark = (i, col + raw.len() - s.len());
        let b = s.as_bytes();
        match b[0] {
            b'|' => return self.literal(&s[1..], indent),
            b'"' | b'\'' => match quoted(s) {
                Some((value, style, len)) if is_line_end(&s[len..]) => self.scalar(value, style),
                Some(_) => return Err(Fallback),
                None => {
                    let at = self.lines[i].end - s.len();
                    self.quoted_lines(i, at, indent)?;
                }
            },
            b'{' | b'[' => {
                // `get`: the second character may be a multi-byte one (then it is neither).
                let (start, end) = match s.get(..2).unwrap_or(s) {
                    "{}" => (Ev::MappingStart, Ev::MappingEnd),
                    "[]" => (Ev::SequenceStart, Ev::SequenceEnd),
                    _ => return Err(Fallback),
                };
                if !is_line_end(&s[2..]) {
                    return Err(Fallback);
                }
                self.push(start);
                self.push(end);
            }
            c if is_indicator(c) => return Err(Fallback),
            _ => {
                let (first, comment) = plain(s).ok_or(Fallback)?;
                let value = if comment {
                    Cow::Borrowed(first)
                } else {
                    self.plain_lines(first, indent)?
                };
                self.scalar(value, ScalarStyle::Plain);
            }
        }
        if self.deeper_follows(indent) {
            return Err(Fallback);
        }
        Ok(())
    }

    /// A value on the lines below its key or dash: a nested node, an indentless sequence, or
    /// an empty (null) scalar.
    fn value_below(&mut self, indent: usize, in_map: bool, depth: usize) -> R<()> {
        if let Some(j) = self.next_content() {
            let l = self.lines[j];
            if l.indent > indent {
                return self.block_node(l.indent, false, depth);
            }
            if in_map && l.indent == indent && is_entry(self.rest(j, indent)) {
                return self.block_node(indent, true, depth);
            }
        }
        self.scalar(Cow::Borrowed("~"), ScalarStyle::Plain);
        Ok(())
    }

    /// A literal block scalar after its `|`, in a node at `indent`: clip (`|`) or strip
    /// (`|-`) chomping, indentation taken from its first line or given in the header (`|2`,
    /// `|2-`, `|-2`).
    fn literal(&mut self, header: &str, indent: usize) -> R<()> {
        let (strip, explicit, rest) = literal_header(header);
        if !is_line_end(rest) {
            return Err(Fallback);
        }
        // Leading empty lines, then the first line with text sets the indentation (unless the
        // header gives it, counted from the node's).
        let mut j = self.at;
        let mut leading = 0;
        while j < self.lines.len() && self.lines[j].indent == self.len(j) {
            leading = leading.max(self.len(j));
            j += 1;
        }
        let first = self.lines.get(j).map_or(0, |l| l.indent);
        let m = explicit.map_or(first, |n| indent + n);
        if j == self.lines.len() || first <= indent || first < m || leading > m {
            return Err(Fallback);
        }
        let mut value = String::new();
        let mut last = j;
        for k in self.at..self.lines.len() {
            let l = self.lines[k];
            let all_space = l.indent == self.len(k);
            if all_space && self.len(k) > m {
                return Err(Fallback);
            }
            if !all_space && l.indent < m {
                // A comment less indented than the text: left to granit-parser.
                if self.rest(k, l.indent).starts_with('#') {
                    return Err(Fallback);
                }
                break;
            }
            if !all_space {
                last = k;
            }
        }
        for k in self.at..=last {
            value.push_str(self.rest(k, m));
            if k < last || !strip {
                value.push('\n');
            }
        }
        // granit-parser places a literal at its first line of text.
        self.mark = (j, m);
        self.at = last + 1;
        self.scalar(Cow::Owned(value), ScalarStyle::Literal);
        if self.deeper_follows(indent) {
            return Err(Fallback);
        }
        Ok(())
    }

    /// The continuation lines of a plain scalar whose first line gave `first`, in a node at
    /// `indent`: lines indented deeper, folded (one line break is a space, each empty line a
    /// line feed), up to a line not deeper or a comment. A continuation line may start with
    /// an indicator (`"`, `[`, `*`…): it is text there, as granit-parser reads it.
    fn plain_lines(&mut self, first: &'t str, indent: usize) -> R<Cow<'t, str>> {
        let mut out: Option<String> = None;
        let mut empties = 0;
        let mut k = self.at;
        while k < self.lines.len() {
            let l = self.lines[k];
            let content = &self.text[l.start + l.indent..l.end];
            k += 1;
            if content.is_empty() {
                empties += 1;
                continue;
            }
            if l.indent <= indent || content.starts_with('#') {
                break;
            }
            // Only the first line of a plain scalar may not start with an indicator; a line
            // starting with `:` or looking like a sequence entry is left to granit-parser.
            if content.starts_with(':') || is_entry(content) {
                return Err(Fallback);
            }
            let (v, comment) = plain(content).ok_or(Fallback)?;
            let o = out.get_or_insert_with(|| first.to_string());
            if empties == 0 {
                o.push(' ');
            }
            (0..empties).for_each(|_| o.push('\n'));
            o.push_str(v);
            empties = 0;
            self.at = k;
            if comment {
                break;
            }
        }
        Ok(out.map_or(Cow::Borrowed(first), Cow::Owned))
    }

    /// A quoted scalar opening at byte `at` (on line `i`) and closing on a later line, in a
    /// node at `indent` (its other lines with text indented deeper).
    fn quoted_lines(&mut self, i: usize, at: usize, indent: usize) -> R<()> {
        let double = self.text.as_bytes()[at] == b'"';
        let (value, used) = fold_quoted(&self.text[at + 1..], double).ok_or(Fallback)?;
        let end = at + 1 + used;
        let mut j = i;
        while self.lines[j].end < end {
            j += 1;
        }
        if !is_line_end(&self.text[end..self.lines[j].end]) {
            return Err(Fallback);
        }
        let shallow = |l: &Line| l.indent <= indent && l.indent < l.end - l.start;
        if self.lines[i + 1..=j].iter().any(shallow) {
            return Err(Fallback);
        }
        self.at = j + 1;
        let style = if double {
            ScalarStyle::DoubleQuoted
        } else {
            ScalarStyle::SingleQuoted
        };
        self.scalar(Cow::Owned(value), style);
        Ok(())
    }

    fn len(&self, i: usize) -> usize {
        self.lines[i].end - self.lines[i].start
    }
}

/// The header of a literal block scalar after its `|`: strip chomping (`-`), the explicit
/// indentation (a digit 1–9, either order), and the rest of the line.
fn literal_header(header: &str) -> (bool, Option<usize>, &str) {
    let (mut strip, mut explicit, mut used) = (false, None, 0);
    for &c in header.as_bytes().iter().take(2) {
        match c {
            b'-' if !strip => strip = true,
            b'1'..=b'9' if explicit.is_none() => explicit = Some(usize::from(c - b'0')),
            _ => break,
        }
        used += 1;
    }
    (strip, explicit, &header[used..])
}

/// True for a line (from some column) that starts a sequence entry: `-` then a space or the
/// end of the line.
fn is_entry(s: &str) -> bool {
    s.starts_with('-') && matches!(s.as_bytes().get(1), None | Some(b' '))
}

/// True when what is left of a line after a node is spaces, then nothing or a comment.
fn is_line_end(s: &str) -> bool {
    let t = s.trim_start_matches(' ');
    t.is_empty() || (t.starts_with('#') && t.len() < s.len())
}

/// A one-line plain scalar: up to a ` #` comment, trailing spaces dropped, and whether a
/// comment follows; `None` when it holds `: ` or ends with `:` (a mapping granit-parser
/// reports).
///
/// # Complexity
/// O(n) in the length of the line, in one pass over its spaces.
fn plain(s: &str) -> Option<(&str, bool)> {
    let b = s.as_bytes();
    let mut end = b.len();
    let mut colon_space = false;
    for i in memchr::memchr_iter(b' ', b) {
        if b.get(i + 1) == Some(&b'#') {
            end = i;
            break;
        }
        // A `: ` whose space the trim below drops leaves the value ending with `:`.
        colon_space |= i > 0 && b[i - 1] == b':';
    }
    let v = s[..end].trim_end_matches(' ');
    (!colon_space && !v.ends_with(':')).then_some((v, end < b.len()))
}

/// True when the text holds a ` #` (a comment after a node).
fn has_comment(s: &str) -> bool {
    memchr::memchr_iter(b'#', s.as_bytes()).any(|i| i > 0 && s.as_bytes()[i - 1] == b' ')
}

/// The key at the start of `s` (a plain or quoted scalar followed by `:` and a space or the
/// end of the line): its text, its style, and the byte offset after the colon.
fn key_at(s: &str) -> Option<(Cow<'_, str>, ScalarStyle, usize)> {
    let b = s.as_bytes();
    let first = *b.first()?;
    if first == b'"' || first == b'\'' {
        let (key, style, len) = quoted(s)?;
        let after = b.get(len + 1);
        return (b.get(len) == Some(&b':') && matches!(after, None | Some(b' ')) && len <= MAX_KEY)
            .then_some((key, style, len + 1));
    }
    if is_indicator(first) {
        return None;
    }
    let mut from = 0;
    loop {
        let i = from + memchr::memchr(b':', &b[from..])?;
        if matches!(b.get(i + 1), None | Some(b' ')) {
            let key = s[..i].trim_end_matches(' ');
            let ok = !key.is_empty() && !has_comment(&s[..i]) && i <= MAX_KEY;
            return ok.then_some((Cow::Borrowed(key), ScalarStyle::Plain, i + 1));
        }
        from = i + 1;
    }
}

/// A one-line quoted scalar at the start of `s`: its value, its style and its length with the
/// quotes; `None` when it does not close on this line or uses an escape left to granit-parser.
fn quoted(s: &str) -> Option<(Cow<'_, str>, ScalarStyle, usize)> {
    if let Some(body) = s.strip_prefix('\'') {
        return single_quoted(body).map(|(v, n)| (v, ScalarStyle::SingleQuoted, n + 1));
    }
    let body = s.strip_prefix('"')?;
    double_quoted(body).map(|(v, n)| (v, ScalarStyle::DoubleQuoted, n + 1))
}

/// The body of a single-quoted scalar (after its opening quote): value and bytes used up to
/// and including the closing quote.
fn single_quoted(body: &str) -> Option<(Cow<'_, str>, usize)> {
    let b = body.as_bytes();
    let mut owned: Option<String> = None;
    let mut from = 0;
    loop {
        let i = from + memchr::memchr(b'\'', &b[from..])?;
        if b.get(i + 1) == Some(&b'\'') {
            let o = owned.get_or_insert_with(String::new);
            o.push_str(&body[from..=i]);
            from = i + 2;
            continue;
        }
        let value = match owned {
            Some(mut o) => {
                o.push_str(&body[from..i]);
                Cow::Owned(o)
            }
            None => Cow::Borrowed(&body[..i]),
        };
        return Some((value, i + 1));
    }
}

/// The body of a double-quoted scalar (after its opening quote): value and bytes used up to
/// and including the closing quote.
fn double_quoted(body: &str) -> Option<(Cow<'_, str>, usize)> {
    let b = body.as_bytes();
    let i = memchr::memchr2(b'"', b'\\', b)?;
    if b[i] == b'"' {
        return Some((Cow::Borrowed(&body[..i]), i + 1));
    }
    let mut out = String::with_capacity(body.len());
    out.push_str(&body[..i]);
    let mut at = i;
    loop {
        let j = at + memchr::memchr2(b'"', b'\\', &b[at..])?;
        out.push_str(&body[at..j]);
        if b[j] == b'"' {
            return Some((Cow::Owned(out), j + 1));
        }
        let (c, used) = escape(&body[j + 1..])?;
        out.push(c);
        at = j + 1 + used;
    }
}

/// A quoted scalar over several lines (the text after its opening quote): its value and the
/// bytes used up to and including the closing quote. Line breaks fold as in YAML (trailing
/// spaces of a line and leading spaces of the next dropped; one break is a space, each empty
/// line a line feed; an escaped break is nothing); `None` for an escape not read here, an
/// empty line after an escaped break, a document marker, or no closing quote.
///
/// # Complexity
/// O(n) in the bytes up to the closing quote.
fn fold_quoted(body: &str, double: bool) -> Option<(String, usize)> {
    let b = body.as_bytes();
    let quote = if double { b'"' } else { b'\'' };
    let mut out = String::new();
    // Bytes of `out` that folding must not trim (escaped or folded characters).
    let mut keep = 0;
    let mut i = 0;
    loop {
        let j = i + if double {
            memchr::memchr3(quote, b'\\', b'\n', &b[i..])?
        } else {
            memchr::memchr2(quote, b'\n', &b[i..])?
        };
        out.push_str(&body[i..j]);
        match b[j] {
            b'\n' => {
                out.truncate(keep.max(out.trim_end_matches(' ').len()));
                let (next, empties) = next_folded_line(b, j + 1)?;
                if empties == 0 {
                    out.push(' ');
                }
                (0..empties).for_each(|_| out.push('\n'));
                keep = out.len();
                i = next;
            }
            b'\\' if b.get(j + 1) == Some(&b'\n') => {
                let (next, empties) = next_folded_line(b, j + 2)?;
                if empties > 0 {
                    return None;
                }
                keep = out.len();
                i = next;
            }
            b'\\' => {
                let (c, used) = escape(&body[j + 1..])?;
                out.push(c);
                keep = out.len();
                i = j + 1 + used;
            }
            _ if !double && b.get(j + 1) == Some(&b'\'') => {
                out.push('\'');
                keep = out.len();
                i = j + 2;
            }
            _ => return Some((out, j + 1)),
        }
    }
}

/// From the start of a line inside a quoted scalar: where its text starts (leading spaces
/// skipped) past any empty lines, and how many empty lines there were; `None` at the end of
/// the text or at a line starting with a document marker.
fn next_folded_line(b: &[u8], mut k: usize) -> Option<(usize, usize)> {
    let mut empties = 0;
    loop {
        let line = &b[k.min(b.len())..];
        if line.starts_with(b"...") || line.starts_with(b"---") {
            return None;
        }
        let spaces = line.iter().take_while(|c| **c == b' ').count();
        match line.get(spaces) {
            None => return None,
            Some(b'\n') => {
                empties += 1;
                k += spaces + 1;
            }
            Some(_) => return Some((k + spaces, empties)),
        }
    }
}

/// The character a double-quoted escape stands for (the text after the backslash), and the
/// bytes it uses.
fn escape(s: &str) -> Option<(char, usize)> {
    let c = *s.as_bytes().first()?;
    let simple = match c {
        b'0' => '\0',
        b'a' => '\u{7}',
        b'b' => '\u{8}',
        b't' => '\t',
        b'n' => '\n',
        b'v' => '\u{b}',
        b'f' => '\u{c}',
        b'r' => '\r',
        b'e' => '\u{1b}',
        b' ' => ' ',
        b'"' => '"',
        b'/' => '/',
        b'\\' => '\\',
        b'N' => '\u{85}',
        b'_' => '\u{a0}',
        b'L' => '\u{2028}',
        b'P' => '\u{2029}',
        b'x' | b'u' | b'U' => {
            let n = match c {
                b'x' => 2,
                b'u' => 4,
                _ => 8,
            };
            let hex = s.get(1..1 + n)?;
            if !hex.bytes().all(|h| h.is_ascii_hexdigit()) {
                return None;
            }
            let code = u32::from_str_radix(hex, 16).ok()?;
            return char::from_u32(code).map(|ch| (ch, 1 + n));
        }
        _ => return None,
    };
    Some((simple, 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Option<Vec<String>> {
        let mut scratch = Scratch::default();
        document_events(text, 100, &mut scratch).ok()?;
        // Stream and document start, the root node, document and stream end.
        let ends = || [".".to_string(), ".".to_string()];
        let events = scratch.events.into_iter().map(|e| match e {
            Ev::Scalar(v, s) => format!("{s:?}:{v}"),
            Ev::MappingStart => "{".into(),
            Ev::MappingEnd => "}".into(),
            Ev::SequenceStart => "[".into(),
            Ev::SequenceEnd => "]".into(),
        });
        Some(ends().into_iter().chain(events).chain(ends()).collect())
    }

    #[test]
    fn reads_the_block_subset() {
        let k =
            kinds("---\na: 1\nb:\n- x: \"q\\u0041\"\n  y: 'it''s'\n- |-\n  t\n\n  u\nc: {}\nd:\n")
                .unwrap();
        assert_eq!(
            k.join(" "),
            ". . { Plain:a Plain:1 Plain:b [ { Plain:x DoubleQuoted:qA Plain:y SingleQuoted:it's } Literal:t\n\nu ] Plain:c { } Plain:d Plain:~ } . ."
        );
    }

    #[test]
    fn folds_multi_line_scalars() {
        let text = "a: b\n  c\n\n  d # x\ne: \"f \\\n   g  \n\n  h \\t\n  i\"\nj: 'k\n  ''l'''\n";
        let k = kinds(text).unwrap();
        assert_eq!(
            k.join("|"),
            ".|.|{|Plain:a|Plain:b c\nd|Plain:e|DoubleQuoted:f g\nh \t i|Plain:j|SingleQuoted:k 'l'|}|.|."
        );
    }

    #[test]
    fn gives_up_outside_the_subset() {
        for text in [
            "a: &x 1\n",
            "a: b\n  - c\n",
            "a: b\n  c: d\n",
            "a: b # x\n  c\n",
            "a: [1]\n",
            "a: >\n  x\n",
            "a:\tb\n",
            "a: \"b\n...\n  c\"\n",
            "a:\n  b: \"c\n  d\"\n",
            "a: \"b\\\n\n  c\"\n",
            "a: b: c\n",
            "a: 1\n...\n",
            "a:\n  b: 1\n c: 2\n",
            "a: |\n    x\n  # c\nb: 1\n",
            "a: |+\n  x\n",
            "a: {\u{e9}\n",
            "- [\u{e9}]\n",
        ] {
            let k = kinds(text);
            assert!(k.is_none(), "{text:?}: {k:?}");
        }
    }
}
