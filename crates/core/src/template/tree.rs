//! Template documents as trees with positions.
//!
//! opm reads templates through `sigs.k8s.io/yaml` (go-yaml v2), so plain scalars follow YAML 1.1:
//! `yes`/`no`/`on`/`off` are booleans, `0755` is octal, `1_000` is a number. This module reads a
//! document with the `saphyr-parser` event parser into a small tree that keeps each node's line
//! and column, key order and duplicate keys (the strict semver reader reports them), then
//! resolves plain scalars with go-yaml v2's rules.
//!
//! Documents are cut as apimachinery's `YAMLReader` cuts them: at lines that are `---` (plus
//! trailing blanks); empty leading chunks are skipped. A text whose first non-blank character is
//! `{` is a JSON stream: its values are cut with `serde_json` and then read like YAML (JSON is
//! YAML), so positions are kept.
//!
//! Nothing here recurses on input depth: nesting is limited to [`MAX_DEPTH`] and alias
//! expansion to [`MAX_NODES`] nodes, so a hostile document is an error, never a panic.

use std::collections::HashMap;
use std::fmt;

use saphyr_parser::{Event, Parser, ScalarStyle, Span};
use serde_json::{Map, Number, Value};

/// Deepest nesting of sequences and mappings read.
pub const MAX_DEPTH: usize = 256;
/// Most nodes one document may hold after aliases are expanded.
pub const MAX_NODES: usize = 2_000_000;

/// A 1-based line and column in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pos {
    pub line: usize,
    pub column: usize,
}

/// One node of a document.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    pub pos: Pos,
    pub value: NodeValue,
}

/// A node's content, scalars already resolved (YAML 1.1, as go-yaml v2).
#[derive(Debug, Clone, PartialEq)]
pub enum NodeValue {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    /// A string; `plain` when it was written without quotes.
    Str(String),
    Seq(Vec<Node>),
    /// Keys in document order, duplicates kept.
    Map(Vec<MapEntry>),
}

/// One key of a mapping.
#[derive(Debug, Clone, PartialEq)]
pub struct MapEntry {
    pub key: String,
    pub key_pos: Pos,
    pub value: Node,
}

/// A document that could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub message: String,
    pub pos: Pos,
    /// Read as JSON (the message is then a JSON reader's).
    pub json: bool,
}

impl ParseError {
    /// The problem as go-yaml words it: `yaml: line N: <problem>`, without the parser's
    /// context (`while scanning a quoted scalar, …`), which go-yaml leaves out.
    pub fn go_yaml(&self) -> String {
        let problem = match self.message.split_once(", ") {
            Some((context, rest)) if context.starts_with("while ") => rest,
            _ => self.message.as_str(),
        };
        format!("yaml: line {}: {problem}", self.pos.line)
    }

    /// What opm's decoder reports: a JSON reader's message for JSON input, else
    /// `error converting YAML to JSON: yaml: line N: …`.
    pub fn decoder_message(&self) -> String {
        if self.json {
            self.message.clone()
        } else {
            format!("error converting YAML to JSON: {}", self.go_yaml())
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (line {}, column {})",
            self.message, self.pos.line, self.pos.column
        )
    }
}

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

impl Node {
    /// The mapping's entries, when the node is a mapping.
    pub fn as_map(&self) -> Option<&[MapEntry]> {
        match &self.value {
            NodeValue::Map(m) => Some(m),
            _ => None,
        }
    }

    /// The string, when the node is a string.
    pub fn as_str(&self) -> Option<&str> {
        match &self.value {
            NodeValue::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The value of the last key equal to `key`, or else equal ignoring ASCII case (as Go's
    /// `encoding/json` fills a struct field: the last matching key wins).
    pub fn get(&self, key: &str) -> Option<&Node> {
        let map = self.as_map()?;
        map.iter()
            .rev()
            .find(|e| e.key == key)
            .or_else(|| map.iter().rev().find(|e| e.key.eq_ignore_ascii_case(key)))
            .map(|e| &e.value)
    }

    /// The node as JSON, as `sigs.k8s.io/yaml` converts it: duplicate keys keep the last value,
    /// whole floats become integers (Go decodes every number into a float64).
    pub fn to_json(&self) -> Value {
        match &self.value {
            NodeValue::Null => Value::Null,
            NodeValue::Bool(b) => Value::Bool(*b),
            NodeValue::Int(i) => Value::Number((*i).into()),
            NodeValue::Float(f) => float_json(*f),
            NodeValue::Str(s) => Value::String(s.clone()),
            NodeValue::Seq(items) => Value::Array(items.iter().map(Node::to_json).collect()),
            NodeValue::Map(entries) => {
                let mut m = Map::new();
                for e in entries {
                    m.insert(e.key.clone(), e.value.to_json());
                }
                Value::Object(m)
            }
        }
    }

    /// What Go's `encoding/json` calls this kind of value in its type errors.
    pub fn go_kind(&self) -> &'static str {
        match &self.value {
            NodeValue::Null => "null",
            NodeValue::Bool(_) => "bool",
            NodeValue::Int(_) | NodeValue::Float(_) => "number",
            NodeValue::Str(_) => "string",
            NodeValue::Seq(_) => "array",
            NodeValue::Map(_) => "object",
        }
    }
}

fn float_json(f: f64) -> Value {
    if f.fract() == 0.0 && f.abs() < 9.0e15 {
        // Exact: |f| < 2^53.
        return Value::Number((f as i64).into());
    }
    Number::from_f64(f).map_or_else(|| Value::String(f.to_string()), Value::Number)
}

/// Cuts a file into documents the way opm's readers do (see the module doc).
///
/// # Complexity
/// O(n) in the text's length.
pub fn chunks(text: &str) -> Vec<Chunk> {
    let start = text.len() - text.trim_start().len();
    if text.as_bytes().get(start) == Some(&b'{') {
        return json_chunks(text);
    }
    let mut out = Vec::new();
    let (mut offset, mut chunk_start, mut chunk_line) = (0usize, 0usize, 1usize);
    for (i, line) in text.split_inclusive('\n').enumerate() {
        if is_separator(line) {
            if offset > chunk_start {
                out.push(Chunk {
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
        out.push(Chunk {
            span: (chunk_start, text.len()),
            first_line: chunk_line,
            json: false,
        });
    }
    out
}

/// `---` alone on its line (trailing white space allowed), as apimachinery's `YAMLReader`.
fn is_separator(line: &str) -> bool {
    line.strip_prefix("---")
        .is_some_and(|rest| rest.trim_end().is_empty())
}

fn json_chunks(text: &str) -> Vec<Chunk> {
    let mut out = Vec::new();
    let mut stream = serde_json::Deserializer::from_str(text).into_iter::<serde::de::IgnoredAny>();
    loop {
        let before = stream.byte_offset();
        let ws = text[before..].len() - text[before..].trim_start().len();
        let start = before + ws;
        match stream.next() {
            Some(Ok(_)) => {
                let end = stream.byte_offset();
                out.push(Chunk {
                    span: (start, end),
                    first_line: line_of(text, start),
                    json: true,
                });
            }
            Some(Err(_)) => {
                // The rest is one broken value: reading it reports the error with a position.
                out.push(Chunk {
                    span: (start, text.len()),
                    first_line: line_of(text, start),
                    json: true,
                });
                break;
            }
            None => break,
        }
    }
    out
}

fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|b| **b == b'\n')
        .count()
        + 1
}

/// Reads the first document of a chunk. `Ok(None)` for a chunk of only comments and blanks
/// (opm reads it as `null`).
///
/// # Complexity
/// O(n) in the chunk's length plus the nodes created by aliases (at most [`MAX_NODES`]).
pub fn parse_chunk(text: &str, chunk: &Chunk) -> Result<Option<Node>, ParseError> {
    let body = &text[chunk.span.0..chunk.span.1];
    if chunk.json {
        check_json(body, chunk.first_line)?;
    }
    let mut builder = Builder::new(chunk.first_line);
    let mut parser = Parser::new_from_str(body);
    while let Some(event) = parser.next_event() {
        let (event, span) = event.map_err(|e| ParseError {
            message: e.info().to_string(),
            pos: builder.pos(e.marker().line(), e.marker().col()),
            json: false,
        })?;
        if builder.feed(event, span)? {
            break;
        }
    }
    Ok(builder.done)
}

/// A JSON value checked with `serde_json` first: its messages are those of a JSON reader.
fn check_json(body: &str, first_line: usize) -> Result<(), ParseError> {
    let mut stream = serde_json::Deserializer::from_str(body).into_iter::<serde::de::IgnoredAny>();
    match stream.next() {
        Some(Err(e)) => {
            let msg = e.to_string();
            let msg = match msg.rfind(" at line ") {
                Some(i) => msg[..i].to_string(),
                None => msg,
            };
            Err(ParseError {
                message: msg,
                pos: Pos {
                    line: first_line + e.line().saturating_sub(1),
                    column: e.column().max(1),
                },
                json: true,
            })
        }
        _ => Ok(()),
    }
}

/// Parses a whole text's first YAML document (not cut at `---` lines first), as go-yaml's
/// `Unmarshal` does for the strict semver reader.
///
/// # Complexity
/// As [`parse_chunk`].
pub fn parse_first_document(text: &str) -> Result<Option<Node>, ParseError> {
    parse_chunk(
        text,
        &Chunk {
            span: (0, text.len()),
            first_line: 1,
            json: false,
        },
    )
}

/// An open sequence or mapping while building.
enum Open {
    Seq(Node, usize),
    /// The mapping, its anchor, and a key waiting for its value.
    Map(Node, usize, Option<(String, Pos)>),
}

struct Builder {
    first_line: usize,
    stack: Vec<Open>,
    anchors: HashMap<usize, Node>,
    nodes: usize,
    done: Option<Node>,
    in_document: bool,
}

impl Builder {
    fn new(first_line: usize) -> Self {
        Builder {
            first_line,
            stack: Vec::new(),
            anchors: HashMap::new(),
            nodes: 0,
            done: None,
            in_document: false,
        }
    }

    fn pos(&self, line: usize, col: usize) -> Pos {
        Pos {
            line: self.first_line + line.saturating_sub(1),
            column: col + 1,
        }
    }

    fn too_big(&self, pos: Pos, what: &str) -> ParseError {
        ParseError {
            message: what.to_string(),
            pos,
            json: false,
        }
    }

    /// Takes one event; true when the first document is complete.
    fn feed(&mut self, event: Event<'_>, span: Span) -> Result<bool, ParseError> {
        let pos = self.pos(span.start.line(), span.start.col());
        match event {
            Event::DocumentStart(_) => self.in_document = true,
            Event::DocumentEnd => return Ok(self.in_document),
            Event::StreamEnd => return Ok(true),
            Event::Scalar(text, style, anchor, tag) => {
                let is_str_tag = tag.as_ref().is_some_and(|t| t.suffix == "str");
                let value = resolve_scalar(&text, style, is_str_tag);
                self.add(Node { pos, value }, anchor)?;
            }
            Event::Alias(id) => {
                let node = self.anchors.get(&id).cloned().ok_or_else(|| ParseError {
                    message: "unknown anchor".into(),
                    pos,
                    json: false,
                })?;
                self.nodes += count_nodes(&node);
                if self.nodes > MAX_NODES {
                    return Err(self.too_big(
                        pos,
                        &format!("more than {MAX_NODES} nodes after expanding aliases"),
                    ));
                }
                self.add(node, 0)?;
            }
            Event::SequenceStart(anchor, _) => self.open(
                Open::Seq(
                    Node {
                        pos,
                        value: NodeValue::Seq(Vec::new()),
                    },
                    anchor,
                ),
                pos,
            )?,
            Event::MappingStart(anchor, _) => self.open(
                Open::Map(
                    Node {
                        pos,
                        value: NodeValue::Map(Vec::new()),
                    },
                    anchor,
                    None,
                ),
                pos,
            )?,
            Event::SequenceEnd | Event::MappingEnd => self.close()?,
            Event::StreamStart | Event::Nothing => {}
        }
        Ok(false)
    }

    fn open(&mut self, open: Open, pos: Pos) -> Result<(), ParseError> {
        if self.stack.len() >= MAX_DEPTH {
            return Err(self.too_big(pos, &format!("nesting deeper than {MAX_DEPTH} levels")));
        }
        self.stack.push(open);
        Ok(())
    }

    fn close(&mut self) -> Result<(), ParseError> {
        match self.stack.pop() {
            Some(Open::Seq(node, anchor)) | Some(Open::Map(node, anchor, _)) => {
                self.add(node, anchor)
            }
            None => Ok(()),
        }
    }

    /// Puts a finished node into its parent (or makes it the document).
    fn add(&mut self, node: Node, anchor: usize) -> Result<(), ParseError> {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return Err(self.too_big(node.pos, &format!("more than {MAX_NODES} nodes")));
        }
        if anchor != 0 {
            self.anchors.insert(anchor, node.clone());
        }
        match self.stack.last_mut() {
            None => self.done = Some(node),
            Some(Open::Seq(seq, _)) => {
                if let NodeValue::Seq(items) = &mut seq.value {
                    items.push(node);
                }
            }
            Some(Open::Map(map, _, pending)) => match pending.take() {
                None => *pending = Some((key_text(&node), node.pos)),
                Some((key, key_pos)) => {
                    if let NodeValue::Map(entries) = &mut map.value {
                        entries.push(MapEntry {
                            key,
                            key_pos,
                            value: node,
                        });
                    }
                }
            },
        }
        Ok(())
    }
}

fn count_nodes(node: &Node) -> usize {
    // Iterative: aliases may point at deep nodes.
    let mut stack = vec![node];
    let mut n = 0;
    while let Some(x) = stack.pop() {
        n += 1;
        match &x.value {
            NodeValue::Seq(items) => stack.extend(items.iter()),
            NodeValue::Map(entries) => stack.extend(entries.iter().map(|e| &e.value)),
            _ => {}
        }
    }
    n
}

/// A mapping key as `sigs.k8s.io/yaml` turns it into a JSON key.
fn key_text(node: &Node) -> String {
    match &node.value {
        NodeValue::Null => "null".into(),
        NodeValue::Bool(b) => b.to_string(),
        NodeValue::Int(i) => i.to_string(),
        NodeValue::Float(f) => f.to_string(),
        NodeValue::Str(s) => s.clone(),
        NodeValue::Seq(_) | NodeValue::Map(_) => node.to_json().to_string(),
    }
}

fn resolve_scalar(text: &str, style: ScalarStyle, str_tag: bool) -> NodeValue {
    if style != ScalarStyle::Plain || str_tag {
        return NodeValue::Str(text.to_string());
    }
    resolve_plain(text)
}

/// go-yaml v2's resolution of a plain scalar.
pub fn resolve_plain(s: &str) -> NodeValue {
    match s {
        "" | "~" | "null" | "Null" | "NULL" => return NodeValue::Null,
        "y" | "Y" | "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => {
            return NodeValue::Bool(true)
        }
        "n" | "N" | "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" => {
            return NodeValue::Bool(false)
        }
        _ => {}
    }
    let first = s.as_bytes()[0];
    if !(first.is_ascii_digit() || matches!(first, b'+' | b'-' | b'.')) {
        return NodeValue::Str(s.to_string());
    }
    let plain = s.replace('_', "");
    if let Some(i) = parse_go_int(&plain) {
        return NodeValue::Int(i);
    }
    if is_yaml_float(&plain) {
        if let Ok(f) = plain.parse::<f64>() {
            return NodeValue::Float(f);
        }
    }
    NodeValue::Str(s.to_string())
}

/// `strconv.ParseInt(s, 0, 64)`, plus go-yaml's `0b` binary form.
fn parse_go_int(s: &str) -> Option<i64> {
    let (neg, body) = match s.as_bytes().first()? {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    let lower = body.to_ascii_lowercase();
    let (radix, digits) = if let Some(d) = lower.strip_prefix("0x") {
        (16, d)
    } else if let Some(d) = lower.strip_prefix("0b") {
        (2, d)
    } else if let Some(d) = lower.strip_prefix("0o") {
        (8, d)
    } else if lower.len() > 1 && lower.starts_with('0') {
        (8, &lower[1..])
    } else {
        (10, lower.as_str())
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let magnitude = i128::from_str_radix(digits, radix).ok()?;
    let v = if neg { -magnitude } else { magnitude };
    i64::try_from(v).ok()
}

/// go-yaml v2's float pattern: `^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`.
fn is_yaml_float(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = usize::from(matches!(b.first(), Some(b'+' | b'-')));
    let digits = |i: &mut usize| {
        let start = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i - start
    };
    if b.get(i) == Some(&b'.') {
        i += 1;
        if digits(&mut i) == 0 {
            return false;
        }
    } else {
        if digits(&mut i) == 0 {
            return false;
        }
        if b.get(i) == Some(&b'.') {
            i += 1;
            digits(&mut i);
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first(text: &str) -> Node {
        let c = chunks(text);
        parse_chunk(text, &c[0]).unwrap().unwrap()
    }

    #[test]
    fn yaml_1_1_scalars_as_go_yaml_v2() {
        assert_eq!(resolve_plain("yes"), NodeValue::Bool(true));
        assert_eq!(resolve_plain("Off"), NodeValue::Bool(false));
        assert_eq!(resolve_plain("0755"), NodeValue::Int(493));
        assert_eq!(resolve_plain("1_000"), NodeValue::Int(1000));
        assert_eq!(resolve_plain("0x1f"), NodeValue::Int(31));
        assert_eq!(resolve_plain("1.5"), NodeValue::Float(1.5));
        assert_eq!(resolve_plain("1.0.0"), NodeValue::Str("1.0.0".into()));
        assert_eq!(resolve_plain("~"), NodeValue::Null);
        assert_eq!(resolve_plain("v1"), NodeValue::Str("v1".into()));
        assert_eq!(resolve_plain("-"), NodeValue::Str("-".into()));
    }

    #[test]
    fn positions_keys_and_duplicates() {
        let n = first("---\n# c\nentries:\n- name: a\n  name: b\nschema: olm.template.basic\n");
        let m = n.as_map().unwrap();
        assert_eq!(m[0].key, "entries");
        assert_eq!(m[0].key_pos, Pos { line: 3, column: 1 });
        assert_eq!(
            n.get("schema").unwrap().as_str(),
            Some("olm.template.basic")
        );
        let e = &n.get("entries").unwrap();
        let NodeValue::Seq(items) = &e.value else {
            panic!("a list")
        };
        assert_eq!(items[0].pos.line, 4);
        assert_eq!(items[0].get("name").unwrap().as_str(), Some("b"));
        assert_eq!(items[0].to_json()["name"], "b");
    }

    #[test]
    fn chunks_follow_yaml_reader() {
        let text = "---\n---\na: 1\n---  \nb: 2\n--- c\n";
        let c = chunks(text);
        assert_eq!(c.len(), 2);
        assert_eq!(c[0].first_line, 3);
        assert_eq!(&text[c[1].span.0..c[1].span.1], "b: 2\n--- c\n");
        // A first chunk of comments only is a document of its own.
        let c = chunks("# only\n---\na: 1\n");
        assert_eq!(c.len(), 2);
        assert_eq!(parse_chunk("# only\n---\na: 1\n", &c[0]), Ok(None));
    }

    #[test]
    fn json_streams_keep_positions() {
        let text = "{\"schema\": \"olm.semver\",\n \"stable\": {\"bundles\": [{\"image\": \"x\"}]}}\n{\"a\":1}";
        let c = chunks(text);
        assert_eq!(c.len(), 2);
        let n = parse_chunk(text, &c[0]).unwrap().unwrap();
        assert_eq!(n.get("stable").unwrap().pos.line, 2);
        let bad = "{\"schema\": \"x\",\n \"a\": [1, }";
        let e = parse_chunk(bad, &chunks(bad)[0]).unwrap_err();
        assert_eq!(e.pos.line, 2, "{e}");
    }

    #[test]
    fn aliases_and_limits() {
        let n = first("a: &x [1, 2]\nb: *x\n");
        assert_eq!(n.to_json()["b"], serde_json::json!([1, 2]));
        let deep = format!(
            "x: {}{}",
            "[".repeat(MAX_DEPTH + 5),
            "]".repeat(MAX_DEPTH + 5)
        );
        let e = parse_chunk(&deep, &chunks(&deep)[0]).unwrap_err();
        // saphyr-parser has a recursion limit of its own, at about the same depth.
        assert!(
            e.message.contains("nesting") || e.message.contains("recursion"),
            "{e}"
        );
        // JSON is checked by serde_json first, with its own limit.
        let deep = format!("{{\"x\": {}{}}}", "[".repeat(300), "]".repeat(300));
        assert!(parse_chunk(&deep, &chunks(&deep)[0]).is_err());
        let mut bomb = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for i in 1..9 {
            let p = i - 1;
            bomb.push_str(&format!(
                "a{i}: &a{i} [*a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}]\n"
            ));
        }
        let e = parse_chunk(&bomb, &chunks(&bomb)[0]).unwrap_err();
        assert!(e.message.contains("aliases"), "{e}");
    }

    #[test]
    fn truncated_yaml_is_an_error_with_a_position() {
        let text = "schema: olm.semver\nstable:\n  bundles:\n  - image: \"quay.io/x:v1\n";
        let e = parse_chunk(text, &chunks(text)[0]).unwrap_err();
        assert!(e.pos.line >= 4, "{e}");
    }
}
