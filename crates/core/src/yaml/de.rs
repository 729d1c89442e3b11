//! A serde deserializer over the YAML events of granit-parser or of the fast path ([`super::fast`]):
//! how the catalog loader (`load::yaml`) reads a document into its objects.
//!
//! It reads one document and types plain scalars as serde_yaml 0.9 did (YAML 1.2 core schema:
//! `null`, `~` and empty are null; only `true`/`false` in three spellings are booleans;
//! decimal, `0x`, `0o` and `0b` integers, with a leading zero a string; floats with `.inf`
//! and `.nan`). Quoted and block scalars are strings. Anchors are recorded and aliases replayed,
//! aliases may replay at most [`REPLAYS_PER_EVENT`] events per event of the document itself (serde_yaml's rule),
//! so an alias bomb stops early and any document is read in time linear in its length. Every error carries the line and column of
//! the event it happened at.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;
use std::rc::Rc;

use crate::yaml::fast::{Ev, Scratch};
use crate::yaml::position::{first_tab, shift_lines};
use crate::yaml::LimitError;
#[cfg(doc)]
use crate::yaml::REPLAYS_PER_EVENT;
use crate::yaml::{parser, replays_allowed};
use granit_parser::{Event, Marker, Parser, ScalarStyle, ScanError, Span, StrInput, Tag};
use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};

/// An error reading a YAML document, with its 1-based line and column (0 when not known).
#[derive(Debug)]
pub(crate) struct YamlError {
    pub message: String,
    pub line: usize,
    pub column: usize,
    /// The parser's own nesting limit stopped it.
    pub too_deep: bool,
    /// A limit of the reader's own stopped it (anchors and aliases replaying too much).
    pub limit: Option<LimitError>,
}

impl YamlError {
    /// The error placed in the stream, for a document `doc` whose first line is the stream's
    /// `first_line`: its message with every line it quotes made absolute, and its line and
    /// column (the parser's, else the first its message quotes, else `fallback_line`; a tab
    /// error points at the tab itself).
    ///
    /// # Complexity
    /// O(length of the message), plus the document's lines from the error's to its first tab.
    pub(crate) fn in_stream(
        &self,
        doc: &str,
        first_line: usize,
        fallback_line: usize,
    ) -> (String, (usize, usize)) {
        let (msg, in_msg) = shift_lines(&self.message, first_line - 1);
        let at = (self.line > 0).then(|| (first_line + self.line - 1, self.column.max(1)));
        let (mut line, mut column) = at.or(in_msg).unwrap_or((fallback_line, 1));
        if msg.contains("tab") {
            if let Some((l, c)) = first_tab(doc, line + 1 - first_line) {
                (line, column) = (first_line + l - 1, c);
            }
        }
        (msg, (line, column))
    }
}

impl fmt::Display for YamlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for YamlError {}

impl de::Error for YamlError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        YamlError {
            message: msg.to_string(),
            line: 0,
            column: 0,
            too_deep: false,
            limit: None,
        }
    }
}

impl From<ScanError> for YamlError {
    fn from(e: ScanError) -> Self {
        let m = e.marker();
        YamlError {
            message: e.info(),
            line: m.line(),
            column: m.col() + 1,
            too_deep: matches!(e.kind(), granit_parser::ErrorKind::RecursionLimitExceeded),
            limit: None,
        }
    }
}

/// Caps on what one document may make the reader do.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Caps {
    /// Nesting of mappings and lists (the parser's own limits, see
    /// [`PARSER_DEPTH_MARGIN`](super::PARSER_DEPTH_MARGIN)), and of aliases being replayed.
    pub depth: usize,
}

/// Reads the single document of `text` with `read`.
pub(crate) fn read_document<'de, T>(
    text: &'de str,
    caps: Caps,
    read: impl FnOnce(&mut Events<'de>) -> Result<T, YamlError>,
) -> Result<T, YamlError> {
    read_events(&mut Events::new(text, caps), read)
}

/// Reads the single document of `text` with `read` through the fast reader of the block
/// subset (`fast.rs`), in the buffers of `scratch`; `None` when the document is outside
/// the subset or `read` fails, and it is to be read with [`read_document`] (which gives the
/// error and its position).
///
/// # Complexity
/// O(n) in the length n of the document.
pub(crate) fn read_document_fast<'de, T>(
    text: &'de str,
    max_depth: usize,
    scratch: &mut Scratch<'de>,
    read: impl FnOnce(&mut FastEvents<'de>) -> Result<T, YamlError>,
) -> Option<T> {
    crate::yaml::fast::document_events(text, max_depth, scratch).ok()?;
    let mut events = FastEvents {
        events: std::mem::take(&mut scratch.events),
        next: 0,
    };
    let value = read(&mut events).ok();
    let whole = events.next == events.events.len();
    events.events.clear();
    scratch.events = events.events;
    value.filter(|_| whole)
}

/// Reads the document of `events` with `read`, checking that it is the only one.
fn read_events<'de, T>(
    events: &mut Events<'de>,
    read: impl FnOnce(&mut Events<'de>) -> Result<T, YamlError>,
) -> Result<T, YamlError> {
    loop {
        match events.next_raw()? {
            (Event::StreamStart, _) => continue,
            (Event::DocumentStart(..), _) => break,
            (_, span) => return Err(events.error_at("the text holds no YAML document", span)),
        }
    }
    let value = read(events).map_err(|e| events.locate(e))?;
    match events.next()? {
        (Event::DocumentEnd, _) => {}
        (_, span) => return Err(events.error_at("expected the end of the document", span)),
    }
    match events.next()? {
        (Event::StreamEnd, _) => Ok(value),
        (_, span) => {
            Err(events.error_at("a second document without a `---` line of its own", span))
        }
    }
}

type Recorded<'de> = Rc<Vec<(Event<'de>, Span)>>;

/// An anchored node being recorded: its anchor id, its events so far, its open collections.
type Recording<'de> = (usize, Vec<(Event<'de>, Span)>, usize);

/// The events of one document, with aliases expanded.
pub(crate) struct Events<'de> {
    parser: Box<Parser<'de, StrInput<'de>>>,
    peeked: Option<(Event<'de>, Span)>,
    /// Alias expansions being replayed (innermost last): the events and the next index.
    replays: Vec<(Recorded<'de>, usize)>,
    anchors: HashMap<usize, Recorded<'de>>,
    /// Anchored nodes being recorded: anchor id, events so far, open collections.
    recording: Vec<Recording<'de>>,
    /// Where the last event started.
    mark: Marker,
    /// Where the alias being expanded (the outermost one) is.
    alias_at: Marker,
    caps: Caps,
    /// Events read from the parser, and replayed from aliases.
    parsed: usize,
    replayed: usize,
    /// The limit that stopped the reading, kept here as a typed value: serde wraps the error
    /// it was reported with in the fields' messages.
    limit: Option<LimitError>,
}

impl<'de> Events<'de> {
    fn new(text: &'de str, caps: Caps) -> Self {
        Events {
            parser: Box::new(parser(text, caps.depth)),
            peeked: None,
            replays: Vec::new(),
            anchors: HashMap::new(),
            recording: Vec::new(),
            mark: Marker::default(),
            alias_at: Marker::default(),
            caps,
            parsed: 0,
            replayed: 0,
            limit: None,
        }
    }

    fn error_at(&self, message: &str, span: Span) -> YamlError {
        YamlError {
            message: message.to_string(),
            line: span.start.line(),
            column: span.start.col() + 1,
            too_deep: false,
            limit: None,
        }
    }

    /// Where the reader is in the document: the last event read, or, while an alias is being
    /// expanded, the alias.
    fn position(&self) -> Marker {
        if self.replays.is_empty() {
            self.mark
        } else {
            self.alias_at
        }
    }

    /// Gives an error without a position the reader's position.
    fn locate(&self, mut e: YamlError) -> YamlError {
        e.limit = e.limit.or(self.limit);
        if e.line == 0 {
            let at = self.position();
            e.line = at.line();
            e.column = at.col() + 1;
        }
        e
    }

    /// The next event from the parser, comments and anchor metadata left out.
    fn parser_event(&mut self) -> Result<(Event<'de>, Span), YamlError> {
        loop {
            let Some(next) = self.parser.next() else {
                return Ok((Event::StreamEnd, Span::default()));
            };
            let (ev, span) = next?;
            if is_data(&ev) {
                return Ok((ev, span));
            }
        }
    }

    /// Counts `n` events replayed or recorded for anchors against the allowance.
    fn count_replay(&mut self, n: usize) -> Result<(), YamlError> {
        self.replayed = self.replayed.saturating_add(n);
        if self.replayed <= replays_allowed(self.parsed) {
            return Ok(());
        }
        let limit = LimitError::AliasBomb {
            factor: super::REPLAYS_PER_EVENT,
        };
        self.limit = Some(limit);
        let at = self.position();
        Err(YamlError {
            message: limit.to_string(),
            line: at.line(),
            column: at.col() + 1,
            too_deep: false,
            limit: Some(limit),
        })
    }

    /// Adds a parser event to the anchored nodes being recorded, and starts recording a node
    /// that carries an anchor.
    fn record(&mut self, ev: &Event<'de>, span: Span) -> Result<(), YamlError> {
        self.parsed += 1;
        if !self.recording.is_empty() {
            self.count_replay(self.recording.len())?;
        }
        let delta: isize = match ev {
            Event::SequenceStart(..) | Event::MappingStart(..) => 1,
            Event::SequenceEnd | Event::MappingEnd => -1,
            _ => 0,
        };
        for (_, events, depth) in &mut self.recording {
            events.push((ev.clone(), span));
            *depth = depth.saturating_add_signed(delta);
        }
        while let Some((id, _, 0)) = self.recording.last() {
            let id = *id;
            if let Some((_, events, _)) = self.recording.pop() {
                self.anchors.insert(id, Rc::new(events));
            }
        }
        let anchor = match ev {
            Event::Scalar(_, _, a, _)
            | Event::SequenceStart(_, a, _)
            | Event::MappingStart(_, a, _) => *a,
            _ => 0,
        };
        if anchor != 0 {
            let depth = usize::from(delta > 0);
            let events = vec![(ev.clone(), span)];
            if depth == 0 {
                self.anchors.insert(anchor, Rc::new(events));
            } else {
                self.recording.push((anchor, events, depth));
            }
        }
        Ok(())
    }

    /// The next event with aliases expanded, not through the peek slot.
    fn next_raw(&mut self) -> Result<(Event<'de>, Span), YamlError> {
        loop {
            if let Some((events, i)) = self.replays.last_mut() {
                if let Some(item) = events.get(*i).cloned() {
                    *i += 1;
                    self.count_replay(1)?;
                    if let (Event::Alias(id), span) = &item {
                        self.start_replay(*id, *span)?;
                        continue;
                    }
                    return Ok(item);
                }
                self.replays.pop();
                continue;
            }
            let (ev, span) = self.parser_event()?;
            self.mark = span.start;
            self.record(&ev, span)?;
            if let Event::Alias(id) = ev {
                self.start_replay(id, span)?;
                continue;
            }
            return Ok((ev, span));
        }
    }

    fn start_replay(&mut self, id: usize, span: Span) -> Result<(), YamlError> {
        let Some(events) = self.anchors.get(&id).cloned() else {
            return Err(self.error_at("alias to an anchor that is not (fully) defined yet", span));
        };
        if self.replays.is_empty() {
            self.alias_at = span.start;
        }
        if self.replays.len() >= self.caps.depth {
            return Err(self.error_at("aliases nested too deeply", span));
        }
        self.replays.push((events, 0));
        Ok(())
    }

    fn next(&mut self) -> Result<(Event<'de>, Span), YamlError> {
        let item = match self.peeked.take() {
            Some(item) => item,
            None => self.next_raw()?,
        };
        self.mark = item.1.start;
        Ok(item)
    }

    fn peek(&mut self) -> Result<&Event<'de>, YamlError> {
        if self.peeked.is_none() {
            self.peeked = Some(self.next_raw()?);
        }
        match &self.peeked {
            Some((ev, _)) => Ok(ev),
            None => Err(de::Error::custom("no event")),
        }
    }

    /// Consumes the rest of a collection up to and including its end event.
    fn finish_collection(&mut self) -> Result<(), YamlError> {
        let mut depth = 1usize;
        while depth > 0 {
            match self.next()?.0 {
                Event::SequenceStart(..) | Event::MappingStart(..) => depth += 1,
                Event::SequenceEnd | Event::MappingEnd => depth -= 1,
                Event::StreamEnd | Event::DocumentEnd => {
                    return Err(de::Error::custom("the document ends inside a collection"))
                }
                _ => {}
            }
        }
        Ok(())
    }
}

/// True for the events that carry data (not comments nor anchor metadata).
fn is_data(ev: &Event<'_>) -> bool {
    matches!(
        ev,
        Event::StreamStart
            | Event::StreamEnd
            | Event::DocumentStart(..)
            | Event::DocumentEnd
            | Event::Alias(_)
            | Event::Scalar(..)
            | Event::SequenceStart(..)
            | Event::SequenceEnd
            | Event::MappingStart(..)
            | Event::MappingEnd
    )
}

/// True for a plain, untagged (or `!!null`) scalar that means null.
fn is_null(value: &str, style: ScalarStyle, typing: Typing) -> bool {
    match typing {
        Typing::Null => true,
        Typing::Str => false,
        Typing::Schema => {
            style == ScalarStyle::Plain && matches!(value, "" | "~" | "null" | "Null" | "NULL")
        }
    }
}

/// What a scalar's tag does to its type: only `!!null` and `!!str` change it; any other tag,
/// or none, leaves the core schema to decide.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Typing {
    Schema,
    Null,
    Str,
}

impl Typing {
    fn of(tag: Option<&Tag>) -> Typing {
        match tag {
            Some(t) if t.is_yaml_core_schema_tag("null") => Typing::Null,
            Some(t) if t.is_yaml_core_schema_tag("str") => Typing::Str,
            _ => Typing::Schema,
        }
    }
}

/// Leading zeros followed by digits: a string in YAML 1.2 (serde_yaml's rule).
fn is_zero_padded(s: &str) -> bool {
    let s = s.strip_prefix(['-', '+']).unwrap_or(s);
    s.len() > 1 && s.starts_with('0') && s.bytes().all(|b| b.is_ascii_digit())
}

/// An integer in YAML 1.2 core notation: decimal (no leading zero), `0x`, `0o`, `0b`.
fn parse_int(s: &str) -> Option<i128> {
    let (negative, unsigned) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if unsigned.starts_with(['+', '-']) || unsigned.is_empty() {
        return None;
    }
    let (radix, digits) = match unsigned.get(..2) {
        Some("0x") => (16, &unsigned[2..]),
        Some("0o") => (8, &unsigned[2..]),
        Some("0b") => (2, &unsigned[2..]),
        _ if is_zero_padded(unsigned) => return None,
        _ => (10, unsigned),
    };
    if digits.starts_with(['+', '-']) {
        return None;
    }
    let n = u128::from_str_radix(digits, radix).ok()?;
    let n = i128::try_from(n).ok()?;
    Some(if negative { -n } else { n })
}

/// A float in YAML 1.2 core notation (finite, or `.inf` / `.nan` spelled with the dot).
fn parse_float(s: &str) -> Option<f64> {
    let unsigned = match s.strip_prefix('+') {
        Some(rest) if rest.starts_with(['+', '-']) => return None,
        Some(rest) => rest,
        None => s,
    };
    match unsigned {
        ".inf" | ".Inf" | ".INF" => return Some(f64::INFINITY),
        "-.inf" | "-.Inf" | "-.INF" => return Some(f64::NEG_INFINITY),
        ".nan" | ".NaN" | ".NAN" => return Some(f64::NAN),
        _ => {}
    }
    if is_zero_padded(s) {
        return None;
    }
    unsigned.parse::<f64>().ok().filter(|f| f.is_finite())
}

/// What a plain, untagged scalar is in the core schema, as the catalog loader reads it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Plain {
    Null,
    Bool(bool),
    U64(u64),
    I64(i64),
    F64(f64),
    /// Text: anything else, integers past 64 bits among it (serde_json cannot hold them).
    Str,
}

/// How the loader types a plain, untagged scalar written `value` ([`visit_scalar`] reads every
/// plain scalar through it; `load::skim` asks it whether a name is read as a name).
///
/// # Complexity
/// O(s) in the scalar's length s.
pub(crate) fn plain(value: &str) -> Plain {
    if is_null(value, ScalarStyle::Plain, Typing::Schema) {
        return Plain::Null;
    }
    match value {
        "true" | "True" | "TRUE" => return Plain::Bool(true),
        "false" | "False" | "FALSE" => return Plain::Bool(false),
        _ => {}
    }
    if let Some(n) = parse_int(value) {
        match (u64::try_from(n), i64::try_from(n)) {
            (Ok(u), _) => return Plain::U64(u),
            (_, Ok(i)) => return Plain::I64(i),
            _ => {}
        }
    }
    match parse_float(value) {
        Some(f) => Plain::F64(f),
        None => Plain::Str,
    }
}

/// Hands a scalar to a visitor, typed by its style and tag.
fn visit_scalar<'de, V: Visitor<'de>>(
    visitor: V,
    value: Cow<'de, str>,
    style: ScalarStyle,
    typing: Typing,
) -> Result<V::Value, YamlError> {
    if style == ScalarStyle::Plain && typing != Typing::Str {
        if typing == Typing::Null {
            return visitor.visit_unit();
        }
        match plain(&value) {
            Plain::Null => return visitor.visit_unit(),
            Plain::Bool(b) => return visitor.visit_bool(b),
            Plain::U64(u) => return visitor.visit_u64(u),
            Plain::I64(i) => return visitor.visit_i64(i),
            Plain::F64(f) => return visitor.visit_f64(f),
            Plain::Str => {}
        }
    }
    match value {
        Cow::Borrowed(s) => visitor.visit_borrowed_str(s),
        Cow::Owned(s) => visitor.visit_string(s),
    }
}

/// A scalar, or the start of a collection: how a value begins, in either reader's events.
enum Node<'de> {
    Scalar(Cow<'de, str>, ScalarStyle, Typing),
    Sequence,
    Mapping,
}

/// What the deserializer needs of an event reader: granit-parser's [`Events`] (positions,
/// tags, aliases) or the fast reader's [`FastEvents`] (none of them). One deserializer
/// ([`deserializer!`]) reads both, so both type scalars and read collections alike.
trait Source<'de> {
    /// The next value's first event; an error for anything else (an end, a document event).
    fn node(&mut self) -> Result<Node<'de>, YamlError>;
    /// The next event when it is a scalar: its text, style and tag.
    fn peek_scalar(&mut self) -> Result<Option<(&str, ScalarStyle, Typing)>, YamlError>;
    /// True when the collection being read has no more items.
    fn at_end(&mut self) -> Result<bool, YamlError>;
    /// Consumes the rest of a collection up to and including its end event.
    fn finish_collection(&mut self) -> Result<(), YamlError>;
    /// Gives an error without a position the reader's position (the fast reader has none: a
    /// document that fails there is read again by granit-parser).
    fn locate(&self, e: YamlError) -> YamlError;
}

impl<'de> Source<'de> for Events<'de> {
    fn node(&mut self) -> Result<Node<'de>, YamlError> {
        match self.next()? {
            (Event::Scalar(value, style, _, tag), _) => {
                Ok(Node::Scalar(value, style, Typing::of(tag.as_deref())))
            }
            (Event::SequenceStart(..), _) => Ok(Node::Sequence),
            (Event::MappingStart(..), _) => Ok(Node::Mapping),
            (_, span) => Err(self.error_at("expected a value", span)),
        }
    }

    fn peek_scalar(&mut self) -> Result<Option<(&str, ScalarStyle, Typing)>, YamlError> {
        Ok(match self.peek()? {
            Event::Scalar(value, style, _, tag) => {
                Some((value, *style, Typing::of(tag.as_deref())))
            }
            _ => None,
        })
    }

    fn at_end(&mut self) -> Result<bool, YamlError> {
        Ok(matches!(
            self.peek()?,
            Event::SequenceEnd | Event::MappingEnd | Event::DocumentEnd | Event::StreamEnd
        ))
    }

    fn finish_collection(&mut self) -> Result<(), YamlError> {
        Events::finish_collection(self)
    }

    fn locate(&self, e: YamlError) -> YamlError {
        Events::locate(self, e)
    }
}

/// The events of the fast reader (`fast.rs`), read as [`Events`] reads granit-parser's:
/// the subset has no anchors, aliases nor tags, and a document that fails here is read again
/// by granit-parser, which gives the error and its position, so no positions are kept. Each
/// event is taken out of the list as it is read.
pub(crate) struct FastEvents<'de> {
    events: Vec<Ev<'de>>,
    next: usize,
}

impl<'de> FastEvents<'de> {
    #[inline(always)]
    fn next(&mut self) -> Result<Ev<'de>, YamlError> {
        let slot = self.events.get_mut(self.next);
        let slot = slot.ok_or_else(|| <YamlError as de::Error>::custom("ends early"))?;
        self.next += 1;
        Ok(std::mem::replace(slot, Ev::SequenceEnd))
    }
}

impl<'de> Source<'de> for FastEvents<'de> {
    #[inline(always)]
    fn node(&mut self) -> Result<Node<'de>, YamlError> {
        match self.next()? {
            Ev::Scalar(value, style) => Ok(Node::Scalar(value, style, Typing::Schema)),
            Ev::SequenceStart => Ok(Node::Sequence),
            Ev::MappingStart => Ok(Node::Mapping),
            Ev::SequenceEnd | Ev::MappingEnd => Err(de::Error::custom("expected a value")),
        }
    }

    #[inline]
    fn peek_scalar(&mut self) -> Result<Option<(&str, ScalarStyle, Typing)>, YamlError> {
        Ok(match self.events.get(self.next) {
            Some(Ev::Scalar(value, style)) => Some((value, *style, Typing::Schema)),
            _ => None,
        })
    }

    #[inline]
    fn at_end(&mut self) -> Result<bool, YamlError> {
        Ok(matches!(
            self.events.get(self.next),
            None | Some(Ev::SequenceEnd | Ev::MappingEnd)
        ))
    }

    fn finish_collection(&mut self) -> Result<(), YamlError> {
        let mut depth = 1usize;
        while depth > 0 {
            match self.next()? {
                Ev::SequenceStart | Ev::MappingStart => depth += 1,
                Ev::SequenceEnd | Ev::MappingEnd => depth -= 1,
                Ev::Scalar(..) => {}
            }
        }
        Ok(())
    }

    fn locate(&self, e: YamlError) -> YamlError {
        e
    }
}

/// Any value: a scalar typed by its style and tag, or a collection read to its end.
fn read_any<'de, S, V>(source: &mut S, visitor: V) -> Result<V::Value, YamlError>
where
    S: Source<'de>,
    for<'a> &'a mut S: de::Deserializer<'de, Error = YamlError>,
    V: Visitor<'de>,
{
    let result = match source.node()? {
        Node::Scalar(value, style, typing) => visit_scalar(visitor, value, style, typing),
        Node::Sequence => visitor
            .visit_seq(Collection { de: &mut *source })
            .and_then(|v| source.finish_collection().map(|()| v)),
        Node::Mapping => visitor
            .visit_map(Collection { de: &mut *source })
            .and_then(|v| source.finish_collection().map(|()| v)),
    };
    result.map_err(|e| source.locate(e))
}

/// A null scalar as none, anything else as some.
fn read_option<'de, S, V>(source: &mut S, visitor: V) -> Result<V::Value, YamlError>
where
    S: Source<'de>,
    for<'a> &'a mut S: de::Deserializer<'de, Error = YamlError>,
    V: Visitor<'de>,
{
    let null = source.peek_scalar()?;
    if null.is_some_and(|(value, style, typing)| is_null(value, style, typing)) {
        source.node()?;
        return visitor.visit_none().map_err(|e| source.locate(e));
    }
    visitor.visit_some(source)
}

/// Any scalar as the text it spells (keys, string fields); other nodes as they are.
fn read_str<'de, S, V>(source: &mut S, visitor: V) -> Result<V::Value, YamlError>
where
    S: Source<'de>,
    for<'a> &'a mut S: de::Deserializer<'de, Error = YamlError>,
    V: Visitor<'de>,
{
    if source.peek_scalar()?.is_none() {
        return read_any(source, visitor);
    }
    let result = match source.node()? {
        Node::Scalar(Cow::Borrowed(s), ..) => visitor.visit_borrowed_str(s),
        Node::Scalar(Cow::Owned(s), ..) => visitor.visit_string(s),
        _ => Err(de::Error::custom("expected a scalar")),
    };
    result.map_err(|e| source.locate(e))
}

/// The serde deserializer of an event reader (a generic impl for `&mut S` is not allowed: the
/// trait and the reference are both foreign).
macro_rules! deserializer {
    ($reader:ident) => {
        impl<'de> de::Deserializer<'de> for &mut $reader<'de> {
            type Error = YamlError;

            fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, YamlError> {
                read_any(self, visitor)
            }

            fn deserialize_option<V: Visitor<'de>>(
                self,
                visitor: V,
            ) -> Result<V::Value, YamlError> {
                read_option(self, visitor)
            }

            fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, YamlError> {
                read_str(self, visitor)
            }

            fn deserialize_string<V: Visitor<'de>>(
                self,
                visitor: V,
            ) -> Result<V::Value, YamlError> {
                read_str(self, visitor)
            }

            serde::forward_to_deserialize_any! {
                bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char bytes byte_buf unit
                unit_struct newtype_struct seq tuple tuple_struct map struct enum identifier
                ignored_any
            }
        }
    };
}

deserializer!(Events);
deserializer!(FastEvents);

/// The items of a sequence or the entries of a mapping.
struct Collection<'a, S> {
    de: &'a mut S,
}

impl<'de, S> SeqAccess<'de> for Collection<'_, S>
where
    S: Source<'de>,
    for<'a> &'a mut S: de::Deserializer<'de, Error = YamlError>,
{
    type Error = YamlError;
    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, YamlError> {
        if self.de.at_end()? {
            return Ok(None);
        }
        seed.deserialize(&mut *self.de).map(Some)
    }
}

impl<'de, S> MapAccess<'de> for Collection<'_, S>
where
    S: Source<'de>,
    for<'a> &'a mut S: de::Deserializer<'de, Error = YamlError>,
{
    type Error = YamlError;
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, YamlError> {
        if self.de.at_end()? {
            return Ok(None);
        }
        seed.deserialize(&mut *self.de).map(Some)
    }
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, YamlError> {
        seed.deserialize(&mut *self.de)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    const CAPS: Caps = Caps { depth: 100 };

    fn value(text: &str) -> Result<Value, YamlError> {
        read_document(text, CAPS, |de| serde::Deserialize::deserialize(de))
    }

    #[test]
    fn plain_scalars_are_typed_as_serde_yaml_did() {
        let v = value("a: 12\nb: 1.0\nc: yes\nd: 0755\ne: 1_000\nf: ~\ng:\nh: true\ni: '12'\nj: 0x1F\nk: -3\nl: .inf\nm: \"null\"\nn: 1e3\no: +7\np: 007.5\n").unwrap();
        assert_eq!(
            v,
            json!({"a": 12, "b": 1.0, "c": "yes", "d": "0755", "e": "1_000", "f": null, "g": null,
                   "h": true, "i": "12", "j": 31, "k": -3, "l": null, "m": "null", "n": 1000.0,
                   "o": 7, "p": 7.5})
        );
    }

    #[test]
    fn anchors_and_aliases_are_expanded() {
        let v = value("a: &x [1, {b: &y two}]\nc: *x\nd: *y\n").unwrap();
        assert_eq!(
            v,
            json!({"a": [1, {"b": "two"}], "c": [1, {"b": "two"}], "d": "two"})
        );
    }

    #[test]
    fn an_alias_bomb_stops_at_the_cap() {
        let mut text = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for i in 1..8 {
            let prev = format!("*a{}", i - 1);
            text.push_str(&format!("a{i}: &a{i} [{}]\n", vec![prev; 10].join(", ")));
        }
        let e = value(&text).unwrap_err();
        let factor = crate::yaml::REPLAYS_PER_EVENT;
        let wording = LimitError::AliasBomb { factor }.to_string();
        assert!(e.message.starts_with(&wording), "{e}");
        assert_eq!(
            e.limit,
            Some(LimitError::AliasBomb { factor }),
            "a typed limit"
        );
        assert!(e.line > 1, "{e:?}");
    }

    #[test]
    fn errors_carry_positions() {
        let e = value("a: b\nc: [d\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 4), "the unclosed bracket: {e:?}");
        let e = value("*nope\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 1), "{e:?}");
        let e = value("a: 1\n...\nb: 2\n").unwrap_err();
        assert!(e.message.contains("second document"), "{e}");
        let deep = format!("a: {}{}", "[".repeat(200), "]".repeat(200));
        assert!(value(&deep).is_err());
    }
}
