//! Reading one document (of a template, cluster state, an ImageSetConfiguration) into a
//! [`Node`] tree with positions, through the parser of [`crate::yaml`] and its fast paths,
//! within the [`Limits`].
//!
//! Every limit is checked while the events arrive, so a hostile document costs no more than
//! reading up to the spot where it crosses one: nesting depth, nodes (keys, values and list
//! items, alias expansions counted again), string length, and alias replays (at most
//! [`REPLAYS_PER_EVENT`] nodes copied by anchors and aliases for each event of the document
//! itself, the loader's rule). Nothing here recurses on input depth.

use std::collections::HashMap;
use std::fmt;

use granit_parser::{ErrorKind, Event, ScalarStyle, ScanError, Span};

use crate::yaml::cut::Chunk;
use crate::yaml::fast::{document_events_flushed, Ev, Scratch};
use crate::yaml::fast_json::json_events;
use crate::yaml::tree::{key_text, resolve_scalar, MapEntry, Node, NodeValue, Pos};
use crate::yaml::REPLAYS_PER_EVENT;
use crate::yaml::{parser, parser_nesting, replays_allowed, LimitError, LimitKind, Limits};

/// A document that could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ParseError {
    pub(crate) message: String,
    pub(crate) pos: Pos,
    /// Read as JSON (the message is then a JSON reader's).
    pub(crate) json: bool,
    /// The input limit the document crossed, when that is what stopped it.
    pub(crate) limit: Option<LimitError>,
}

impl ParseError {
    /// The problem as go-yaml words it: `yaml: line N: <problem>`, without the parser's
    /// context (`while scanning a quoted scalar, …`), which go-yaml leaves out.
    ///
    /// # Complexity
    /// O(length of the message).
    pub(crate) fn go_yaml(&self) -> String {
        let first = self.message.lines().next().unwrap_or_default();
        let problem = match first.split_once(", ") {
            Some((context, rest)) if context.starts_with("while ") => rest,
            _ => first,
        };
        format!("yaml: line {}: {problem}", self.pos.line)
    }

    /// What opm's decoder reports: a JSON reader's message for JSON input, else
    /// `error converting YAML to JSON: yaml: line N: …`.
    ///
    /// # Complexity
    /// O(length of the message).
    pub(crate) fn decoder_message(&self) -> String {
        if self.json {
            self.message.clone()
        } else {
            format!("error converting YAML to JSON: {}", self.go_yaml())
        }
    }

    fn limit(limit: LimitError, pos: Pos) -> Self {
        ParseError {
            message: limit.to_string(),
            pos,
            json: false,
            limit: Some(limit),
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

/// Reads the first document of a chunk. `Ok(None)` for a chunk of only comments and blanks
/// (opm reads it as `null`).
///
/// # Complexity
/// O(n) in the chunk's length: the nodes anchors and aliases copy are at most
/// [`REPLAYS_PER_EVENT`] times the events read.
pub(crate) fn parse_chunk(
    text: &str,
    chunk: &Chunk,
    limits: &Limits,
) -> Result<Option<Node>, ParseError> {
    let body = &text[chunk.span.0..chunk.span.1];
    if chunk.json {
        check_json(body, chunk.first_line, limits)?;
    }
    parse_yaml(body, Builder::new(chunk.first_line, limits))
}

/// A document of Kubernetes objects (cluster state), read as [`parse_chunk`] reads a chunk
/// but for three things. The items of a root mapping's `items` list (a `List`) are handed to
/// `each_item` as each is read, and not kept in the tree (so a `List` of 100,000 objects is
/// never held whole); each counts as a document against the limits: under `max_nodes`, at
/// most `max_documents` of them, as the same objects in a stream would. And a document is
/// first read by the loader's fast reader of plain block YAML (the subset `kubectl get -o
/// yaml` writes) or of JSON (`-o json`, once serde_json has found it valid), which keep each
/// node's line and column as granit-parser gives them (the YAML reader's column counts bytes:
/// the same unless a non-ASCII key comes first on the line); a document outside that subset,
/// or with an error, is read by granit-parser, so errors and their positions are the same
/// either way; the fast reader's events go into the tree as it reads (a document's events are
/// never all held), and the items it handed on before it gave up are not handed on again.
/// A JSON document is checked by [`check_json_chunk`] first, unless `json_checked` says the
/// caller checks it. `scratch` is shared by the documents of a file.
///
/// # Complexity
/// O(n) in the chunk's length, plus what `each_item` costs.
pub(crate) fn parse_object_chunk<'t>(
    text: &'t str,
    chunk: &Chunk,
    limits: &Limits,
    json_checked: bool,
    scratch: &mut Scratch<'t>,
    each_item: &mut dyn FnMut(Node),
) -> Result<Option<Node>, ParseError> {
    let body = &text[chunk.span.0..chunk.span.1];
    if !json_checked {
        check_json_chunk(text, chunk, limits)?;
    }
    let mut b = Builder {
        list_items: Some(&mut *each_item),
        ..Builder::new(chunk.first_line, limits)
    };
    // The fast reader's events go into the tree while it reads, so a document's events are
    // never all held at once.
    let mut stop = None;
    let mut take = |events: &mut Vec<Ev<'t>>, marks: &mut Vec<(usize, usize)>| {
        let fed = feed_fast_all(&mut b, events, marks);
        stop = fed.err();
        stop.is_none()
    };
    scratch.marks.get_or_insert_with(Vec::new);
    let fast = if chunk.json {
        json_events(body, scratch, Some(&mut take))
    } else {
        document_events_flushed(body, limits.max_depth, scratch, Some(&mut take))
    };
    if let Some(e) = stop {
        return Err(e);
    }
    if fast.is_err() {
        // The items the fast reader handed on are the ones granit-parser reads first: it
        // counts them again but hands on only the ones after them.
        let handed = b.items_read;
        return parse_yaml(
            body,
            Builder {
                list_items: Some(each_item),
                skip_items: handed,
                ..Builder::new(chunk.first_line, limits)
            },
        );
    }
    let mut marks = scratch.marks.take().unwrap_or_default();
    let fed = feed_fast_all(&mut b, &mut scratch.events, &mut marks);
    scratch.marks = Some(marks);
    fed?;
    Ok(b.done)
}

/// Feeds a fast reader's events, with their marks, to the tree, emptying both buffers.
fn feed_fast_all(
    b: &mut Builder<'_>,
    events: &mut Vec<Ev<'_>>,
    marks: &mut Vec<(usize, usize)>,
) -> Result<(), ParseError> {
    let fed = events
        .iter()
        .zip(marks.iter())
        .try_for_each(|(ev, &(line, col))| b.feed_fast(ev, b.pos(line + 1, col)));
    events.clear();
    marks.clear();
    fed
}

/// Parses a whole text's first YAML document (not cut at `---` lines first), as go-yaml's
/// `Unmarshal` does for the strict semver reader.
///
/// # Complexity
/// As [`parse_chunk`].
pub(crate) fn parse_first_document(
    text: &str,
    limits: &Limits,
) -> Result<Option<Node>, ParseError> {
    parse_yaml(text, Builder::new(1, limits))
}

fn parse_yaml(body: &str, mut builder: Builder<'_>) -> Result<Option<Node>, ParseError> {
    let mut parser = parser(body, parser_nesting(builder.limits));
    while let Some(event) = parser.next_event() {
        let (event, span) = event.map_err(|e| builder.scan_error(&e))?;
        if builder.feed(event, span)? {
            break;
        }
    }
    Ok(builder.done)
}

/// The check [`parse_object_chunk`] makes of a JSON chunk before it reads it (nothing for a
/// YAML one): one JSON value, read by `serde_json`, whose messages are a JSON reader's. A
/// caller may run it itself (`json_checked`), for instance beside the reading on another
/// thread, keeping what was read only when it passes: on text that is not JSON the reading
/// ends, within the limits, in an error or a tree to throw away.
///
/// # Complexity
/// O(n) in the chunk's length.
pub(crate) fn check_json_chunk(
    text: &str,
    chunk: &Chunk,
    limits: &Limits,
) -> Result<(), ParseError> {
    if !chunk.json {
        return Ok(());
    }
    check_json(&text[chunk.span.0..chunk.span.1], chunk.first_line, limits)
}

/// A JSON value checked with `serde_json` first: its messages are those of a JSON reader.
fn check_json(body: &str, first_line: usize, limits: &Limits) -> Result<(), ParseError> {
    let mut stream = serde_json::Deserializer::from_str(body).into_iter::<serde::de::IgnoredAny>();
    let Some(Err(e)) = stream.next() else {
        return Ok(());
    };
    let msg = e.to_string();
    let msg = match msg.rfind(" at line ") {
        Some(i) => msg[..i].to_string(),
        None => msg,
    };
    let pos = Pos {
        line: first_line + e.line().saturating_sub(1),
        column: e.column().max(1),
    };
    if msg.starts_with("recursion limit exceeded") {
        // serde_json never reads deeper than 127 levels, whatever the limit says.
        let limit = LimitError::Crossed {
            kind: LimitKind::Depth,
            limit: limits.max_depth.min(127),
        };
        return Err(ParseError {
            json: true,
            ..ParseError::limit(limit, pos)
        });
    }
    Err(ParseError {
        message: msg,
        pos,
        json: true,
        limit: None,
    })
}

/// An open sequence or mapping while building: the node, its anchor, the node count when it
/// opened, and (mappings) a key waiting for its value.
struct Open {
    node: Node,
    anchor: usize,
    nodes_before: usize,
    key: Option<(String, Pos)>,
}

/// Builds the first document's tree from parser events, counting against the limits.
struct Builder<'l> {
    first_line: usize,
    limits: &'l Limits,
    stack: Vec<Open>,
    /// Anchored nodes and their node counts.
    anchors: HashMap<usize, (Node, usize)>,
    nodes: usize,
    events: usize,
    replayed: usize,
    done: Option<Node>,
    in_document: bool,
    /// Where the items of a root `items` list go, each counted as a document (see
    /// [`parse_object_chunk`]), and how many went.
    list_items: Option<&'l mut dyn FnMut(Node)>,
    items_read: usize,
    /// How many of the first items are counted but not handed on (the fast reader handed
    /// them on before it gave the document up).
    skip_items: usize,
}

impl<'l> Builder<'l> {
    fn new(first_line: usize, limits: &'l Limits) -> Self {
        Builder {
            first_line,
            limits,
            stack: Vec::new(),
            anchors: HashMap::new(),
            nodes: 0,
            events: 0,
            replayed: 0,
            done: None,
            in_document: false,
            list_items: None,
            items_read: 0,
            skip_items: 0,
        }
    }

    fn pos(&self, line: usize, col: usize) -> Pos {
        Pos {
            line: self.first_line + line.saturating_sub(1),
            column: col + 1,
        }
    }

    fn crossed(&self, kind: LimitKind, pos: Pos) -> ParseError {
        let limit = LimitError::Crossed {
            kind,
            limit: self.limits.get(kind),
        };
        ParseError::limit(limit, pos)
    }

    fn scan_error(&self, e: &ScanError) -> ParseError {
        let pos = self.pos(e.marker().line(), e.marker().col());
        if matches!(e.kind(), ErrorKind::RecursionLimitExceeded) {
            return self.crossed(LimitKind::Depth, pos);
        }
        ParseError {
            message: e.info(),
            pos,
            json: false,
            limit: None,
        }
    }

    /// Takes one event; true when the first document is complete.
    fn feed(&mut self, event: Event<'_>, span: Span) -> Result<bool, ParseError> {
        self.events += 1;
        let pos = self.pos(span.start.line(), span.start.col());
        match event {
            Event::DocumentStart(..) => self.in_document = true,
            Event::DocumentEnd => return Ok(self.in_document),
            Event::StreamEnd => return Ok(true),
            Event::Scalar(text, style, anchor, tag) => {
                if text.len() > self.limits.max_string_bytes {
                    return Err(self.crossed(LimitKind::StringBytes, pos));
                }
                let str_tag = tag.as_ref().is_some_and(|t| t.suffix() == "str");
                let value = resolve_scalar(&text, style == ScalarStyle::Plain, str_tag);
                self.add(Node { pos, value }, anchor, 1)?;
            }
            Event::Alias(id) => self.alias(id, pos)?,
            Event::SequenceStart(_, anchor, _) => {
                self.open(NodeValue::Seq(Vec::new()), anchor, pos)?
            }
            Event::MappingStart(_, anchor, _) => {
                self.open(NodeValue::Map(Vec::new()), anchor, pos)?
            }
            Event::SequenceEnd | Event::MappingEnd => self.close()?,
            _ => {}
        }
        Ok(false)
    }

    /// True when the open node is the list under the root mapping's `items` key.
    fn is_list_item(&self) -> bool {
        matches!(
            self.stack.as_slice(),
            [root, list] if matches!(list.node.value, NodeValue::Seq(_))
                && root.key.as_ref().is_some_and(|(k, _)| k == "items")
        )
    }

    /// An item of a `List`, counted as a document of its own and handed on: the node count
    /// goes back to what it was when the list opened, and the items are counted against
    /// `max_documents`.
    fn list_item(&mut self, node: Node) -> Result<(), ParseError> {
        let pos = node.pos;
        if let Some(list) = self.stack.last() {
            self.nodes = list.nodes_before;
        }
        self.items_read += 1;
        if self.items_read > self.limits.max_documents {
            return Err(self.crossed(LimitKind::Documents, pos));
        }
        if self.items_read <= self.skip_items {
            return Ok(());
        }
        if let Some(each) = self.list_items.as_mut() {
            each(node);
        }
        Ok(())
    }

    /// Takes one event of the fast reader (no anchors, aliases or tags there), at `pos`.
    fn feed_fast(&mut self, event: &Ev<'_>, pos: Pos) -> Result<(), ParseError> {
        self.events += 1;
        match event {
            Ev::Scalar(text, style) => {
                if text.len() > self.limits.max_string_bytes {
                    return Err(self.crossed(LimitKind::StringBytes, pos));
                }
                let value = resolve_scalar(text, *style == ScalarStyle::Plain, false);
                self.add(Node { pos, value }, 0, 1)
            }
            Ev::SequenceStart => self.open(NodeValue::Seq(Vec::new()), 0, pos),
            Ev::MappingStart => self.open(NodeValue::Map(Vec::new()), 0, pos),
            Ev::SequenceEnd | Ev::MappingEnd => self.close(),
        }
    }

    /// Counts nodes copied by an anchor or an alias against the replay allowance.
    fn replay(&mut self, nodes: usize, pos: Pos) -> Result<(), ParseError> {
        self.replayed = self.replayed.saturating_add(nodes);
        if self.replayed > replays_allowed(self.events) {
            let bomb = LimitError::AliasBomb {
                factor: REPLAYS_PER_EVENT,
            };
            return Err(ParseError::limit(bomb, pos));
        }
        Ok(())
    }

    fn alias(&mut self, id: usize, pos: Pos) -> Result<(), ParseError> {
        let Some((_, size)) = self.anchors.get(&id) else {
            return Err(ParseError {
                message: "unknown anchor".into(),
                pos,
                json: false,
                limit: None,
            });
        };
        let size = *size;
        self.replay(size, pos)?;
        let node = self.anchors.get(&id).map(|(n, _)| n.clone());
        match node {
            Some(node) => self.add(node, 0, size),
            None => Ok(()),
        }
    }

    fn open(&mut self, value: NodeValue, anchor: usize, pos: Pos) -> Result<(), ParseError> {
        if self.stack.len() >= self.limits.max_depth {
            return Err(self.crossed(LimitKind::Depth, pos));
        }
        self.stack.push(Open {
            node: Node { pos, value },
            anchor,
            nodes_before: self.nodes,
            key: None,
        });
        Ok(())
    }

    fn close(&mut self) -> Result<(), ParseError> {
        let Some(open) = self.stack.pop() else {
            return Ok(());
        };
        let size = self.nodes - open.nodes_before + 1;
        if open.anchor != 0 {
            // The anchored copy is paid for like an alias expansion.
            self.replay(size, open.node.pos)?;
            self.anchors.insert(open.anchor, (open.node.clone(), size));
        }
        self.add(open.node, 0, 1)
    }

    /// Puts a finished node into its parent (or makes it the document); `count` is the number
    /// of nodes it adds (1, or an alias expansion's size).
    fn add(&mut self, node: Node, anchor: usize, count: usize) -> Result<(), ParseError> {
        self.nodes = self.nodes.saturating_add(count);
        if self.nodes > self.limits.max_nodes {
            return Err(self.crossed(LimitKind::Nodes, node.pos));
        }
        if anchor != 0 {
            self.anchors.insert(anchor, (node.clone(), 1));
        }
        if self.list_items.is_some() && self.is_list_item() {
            return self.list_item(node);
        }
        let Some(parent) = self.stack.last_mut() else {
            self.done = Some(node);
            return Ok(());
        };
        match &mut parent.node.value {
            NodeValue::Seq(items) => items.push(node),
            NodeValue::Map(entries) => match parent.key.take() {
                None => parent.key = Some((key_text(&node), node.pos)),
                Some((key, key_pos)) => entries.push(MapEntry {
                    key,
                    key_pos,
                    value: node,
                }),
            },
            _ => {}
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::cut::chunks;
    use crate::yaml::fast::document_events;

    fn parse(text: &str, limits: &Limits) -> Result<Option<Node>, ParseError> {
        let c = chunks(text, limits.max_documents);
        parse_chunk(text, &c.list[0], limits)
    }

    fn first(text: &str) -> Node {
        parse(text, &Limits::DEFAULT).unwrap().unwrap()
    }

    /// [`parse_object_chunk`] with the `List` items it hands on put back under `items`, to
    /// compare with the whole tree [`parse_chunk`] reads.
    fn object_chunk<'t>(
        text: &'t str,
        chunk: &Chunk,
        limits: &Limits,
        scratch: &mut Scratch<'t>,
    ) -> Result<Option<Node>, ParseError> {
        let mut items = Vec::new();
        let mut root =
            parse_object_chunk(text, chunk, limits, false, scratch, &mut |n| items.push(n))?;
        if let Some(NodeValue::Map(entries)) = root.as_mut().map(|r| &mut r.value) {
            for e in entries.iter_mut().filter(|e| e.key == "items") {
                if let NodeValue::Seq(list) = &mut e.value.value {
                    list.append(&mut items);
                }
            }
        }
        Ok(root)
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
        let n = first("a: !!str 1\nb: '2'\nc: 3\nd: yes\n");
        assert_eq!(
            n.to_json(),
            serde_json::json!({"a": "1", "b": "2", "c": 3, "d": true})
        );
    }

    #[test]
    fn a_comment_only_chunk_is_empty() {
        let text = "# only\n---\na: 1\n";
        let c = chunks(text, 10);
        assert_eq!(parse_chunk(text, &c.list[0], &Limits::DEFAULT), Ok(None));
    }

    #[test]
    fn json_streams_keep_positions() {
        let text = "{\"schema\": \"olm.semver\",\n \"stable\": {\"bundles\": [{\"image\": \"x\"}]}}\n{\"a\":1}";
        let c = chunks(text, 10).list;
        assert_eq!(c.len(), 2);
        let n = parse_chunk(text, &c[0], &Limits::DEFAULT).unwrap().unwrap();
        assert_eq!(n.get("stable").unwrap().pos.line, 2);
        let bad = "{\"schema\": \"x\",\n \"a\": [1, }";
        let e = parse(bad, &Limits::DEFAULT).unwrap_err();
        assert_eq!(e.pos.line, 2, "{e}");
        assert!(e.limit.is_none());
    }

    #[test]
    fn each_limit_stops_the_document_where_it_is_crossed() {
        let small = Limits {
            max_depth: 3,
            max_nodes: 6,
            max_string_bytes: 4,
            ..Limits::DEFAULT
        };
        let kind = |text: &str| parse(text, &small).unwrap_err().limit;
        let crossed = |kind: LimitKind| {
            Some(LimitError::Crossed {
                kind,
                limit: small.get(kind),
            })
        };
        assert!(parse("a: [[x]]\n", &small).is_ok());
        assert_eq!(kind("a: [[[x]]]\n"), crossed(LimitKind::Depth));
        assert_eq!(kind("a: [1, 2, 3]\nb: 4\n"), crossed(LimitKind::Nodes));
        assert_eq!(kind("a: abcde\n"), crossed(LimitKind::StringBytes));
        let e = parse("a: [[[x]]]\n", &small).unwrap_err();
        assert_eq!(e.pos, Pos { line: 1, column: 6 });
        assert!(e.message.contains("--max-depth"), "{e}");
    }

    #[test]
    fn aliases_expand_within_the_replay_allowance() {
        let n = first("a: &x [1, 2]\nb: *x\n");
        assert_eq!(n.to_json()["b"], serde_json::json!([1, 2]));
        let mut bomb = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for i in 1..9 {
            let p = i - 1;
            bomb.push_str(&format!(
                "a{i}: &a{i} [*a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}]\n"
            ));
        }
        let e = parse(&bomb, &Limits::DEFAULT).unwrap_err();
        assert_eq!(
            e.limit,
            Some(LimitError::AliasBomb {
                factor: REPLAYS_PER_EVENT
            })
        );
        assert_eq!(e.message, e.limit.unwrap().to_string(), "the one wording");
    }

    #[test]
    fn deep_json_is_a_depth_limit() {
        let deep = format!("{{\"x\": {}{}}}", "[".repeat(300), "]".repeat(300));
        let e = parse(&deep, &Limits::DEFAULT).unwrap_err();
        assert!(matches!(
            e.limit,
            Some(LimitError::Crossed {
                kind: LimitKind::Depth,
                ..
            })
        ));
        let deep = format!("x: {}{}", "[".repeat(5000), "]".repeat(5000));
        let e = parse(&deep, &Limits::DEFAULT).unwrap_err();
        assert!(
            e.message.starts_with("nesting deeper than 100 levels"),
            "{e}"
        );
    }

    #[test]
    fn truncated_yaml_is_an_error_with_a_position() {
        let text = "schema: olm.semver\nstable:\n  bundles:\n  - image: \"quay.io/x:v1\n";
        let e = parse(text, &Limits::DEFAULT).unwrap_err();
        assert!(e.pos.line >= 4, "{e}");
        assert!(e.go_yaml().starts_with("yaml: line "), "{}", e.go_yaml());
    }

    /// The fast reader gives the tree granit-parser gives, positions included, on the cluster
    /// fixtures (`oc get -o yaml` shapes) and on real published catalogs; and it does read
    /// them (the fallback is not what makes them equal).
    #[test]
    fn the_fast_reader_builds_the_same_tree_with_the_same_positions() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let catalogs = root.join("../../../shared/catalogs");
        let mut files = vec![
            root.join("tests/fixtures/cluster/v0/stream.yaml"),
            root.join("tests/fixtures/cluster/v0/list.yaml"),
            root.join("tests/fixtures/cluster/v0/list.json"),
            root.join("tests/fixtures/cluster/v1/stream.yaml"),
            catalogs.join("examples/operator-registry/prometheus.json"),
            catalogs.join("examples/olm/magiccatalog-fbc_catalog.json"),
            catalogs.join("kueue-fbc/v4.18/kueue-operator.json"),
        ];
        for dir in [
            "certified-operators/v4.18",
            "lightspeed-operator/v4.17-split",
            "templates/basic",
            "examples/operator-registry",
        ] {
            let entries = std::fs::read_dir(catalogs.join(dir)).expect("a real catalog folder");
            let yaml = entries.flatten().map(|e| e.path());
            files.extend(yaml.filter(|p| p.extension().is_some_and(|e| e == "yaml")));
        }
        let (mut fast_documents, mut json_documents) = (0, 0);
        for path in files {
            let text = std::fs::read_to_string(&path).expect("a fixture or real catalog file");
            let mut scratch = Scratch::default();
            for chunk in &chunks(&text, 100_000).list {
                let slow = parse_chunk(&text, chunk, &Limits::DEFAULT);
                let fast = object_chunk(&text, chunk, &Limits::DEFAULT, &mut scratch);
                if fast != slow {
                    let (f, s) = (format!("{fast:?}"), format!("{slow:?}"));
                    let at = f.bytes().zip(s.bytes()).take_while(|(a, b)| a == b).count();
                    let from = at.saturating_sub(300);
                    panic!(
                        "{} line {}: fast …{} | slow …{}",
                        path.display(),
                        chunk.first_line,
                        &f[from..(at + 80).min(f.len())],
                        &s[at..(at + 80).min(s.len())]
                    );
                }
                let body = &text[chunk.span.0..chunk.span.1];
                let read = if chunk.json {
                    json_events(body, &mut scratch, None)
                } else {
                    document_events(body, Limits::DEFAULT.max_depth, &mut scratch)
                };
                fast_documents += usize::from(read.is_ok());
                json_documents += usize::from(read.is_ok() && chunk.json);
            }
        }
        assert!(fast_documents > 100, "{fast_documents} documents read fast");
        assert!(
            json_documents > 20,
            "{json_documents} JSON documents read fast"
        );
    }

    #[test]
    fn the_fast_reader_stops_where_the_parser_stops() {
        let small = Limits {
            max_nodes: 6,
            max_string_bytes: 4,
            ..Limits::DEFAULT
        };
        let mut scratch = Scratch::default();
        // Block YAML the fast reader reads (a limit crossed there), flow YAML it leaves to the
        // parser, and a syntax error: the same result either way.
        for text in [
            "a:\n  b: 1\n  c: 2\nd:\n- x\n- y\n",
            "a:\n  b: abcdef\n",
            "a: [1, 2, 3]\nb: 4\n",
            "a: b: c\n",
        ] {
            let c = &chunks(text, 10).list[0];
            let fast = object_chunk(text, c, &small, &mut scratch);
            assert!(fast.is_err(), "{text}");
            assert_eq!(fast, parse_chunk(text, c, &small), "{text}");
        }
    }

    #[test]
    fn a_lists_items_count_as_documents() {
        let small = Limits {
            max_nodes: 10,
            max_documents: 3,
            ..Limits::DEFAULT
        };
        let item = "- kind: A\n  metadata:\n    name: x\n";
        let list = |n: usize| format!("apiVersion: v1\nitems:\n{}kind: List\n", item.repeat(n));
        let read = |text: &str| {
            let c = &chunks(text, 10).list[0];
            let got = object_chunk(text, c, &small, &mut Scratch::default());
            (
                got.map(|n| n.map(|n| n.to_json())),
                parse_chunk(text, c, &small).is_ok(),
            )
        };
        // Three items of 7 nodes after the list's 3: 24 in the document, each item within 10.
        let (three, whole) = read(&list(3));
        assert_eq!(three.unwrap().unwrap()["items"][2]["metadata"]["name"], "x");
        assert!(!whole, "the same text is over the limit as one document");
        // A fourth item is one document too many; a bigger item is over the node limit.
        let limit = |r: Result<_, ParseError>| r.unwrap_err().limit;
        let (four, _) = read(&list(4));
        assert!(matches!(
            limit(four),
            Some(LimitError::Crossed {
                kind: LimitKind::Documents,
                ..
            })
        ));
        let big = "items:\n- a: [1, 2, 3, 4, 5, 6, 7, 8]\n";
        let (big, _) = read(big);
        assert!(matches!(
            limit(big),
            Some(LimitError::Crossed {
                kind: LimitKind::Nodes,
                ..
            })
        ));
        // Elsewhere a list is not a List's items.
        let indented: String = item.repeat(3).lines().map(|l| format!("  {l}\n")).collect();
        let (nested, _) = read(&format!("spec:\n  items:\n{indented}"));
        assert!(matches!(
            limit(nested),
            Some(LimitError::Crossed {
                kind: LimitKind::Nodes,
                ..
            })
        ));
    }

    #[test]
    fn a_list_the_fast_reader_gives_up_late_hands_each_item_on_once() {
        // 2,000 items the fast reader reads (far more events than it holds before handing
        // them on), then one with a folded scalar, outside its subset: granit-parser reads the
        // document again and hands on only the items after the ones already handed on.
        let plain = "- kind: A\n  metadata:\n    name: n{i}\n";
        let mut text = String::from("apiVersion: v1\nitems:\n");
        for i in 0..2000 {
            text.push_str(&plain.replace("{i}", &i.to_string()));
        }
        text.push_str("- kind: A\n  metadata:\n    name: >\n      folded\n");
        text.push_str("- kind: A\n  metadata:\n    name: last\n");
        text.push_str("kind: List\n");
        let c = &chunks(&text, 10).list[0];
        let mut names = Vec::new();
        let root = parse_object_chunk(
            &text,
            c,
            &Limits::DEFAULT,
            false,
            &mut Scratch::default(),
            &mut |n| {
                names.push((
                    n.get("metadata").unwrap().get("name").unwrap().to_json(),
                    n.pos.line,
                ))
            },
        )
        .unwrap()
        .unwrap();
        assert_eq!(names.len(), 2002, "each item once");
        assert_eq!(names[0], (serde_json::json!("n0"), 3));
        assert_eq!(names[1999], (serde_json::json!("n1999"), 3 + 3 * 1999));
        assert_eq!(names[2000].0, serde_json::json!("folded\n"));
        assert_eq!(names[2001].0, serde_json::json!("last"));
        assert_eq!(
            root.get("kind").unwrap().to_json(),
            serde_json::json!("List")
        );
        // The whole document, read by granit-parser alone, has the same items.
        let whole = parse_chunk(&text, c, &Limits::DEFAULT).unwrap().unwrap();
        let NodeValue::Seq(items) = &whole.get("items").unwrap().value else {
            panic!("items")
        };
        let slow: Vec<_> = items
            .iter()
            .map(|n| {
                (
                    n.get("metadata").unwrap().get("name").unwrap().to_json(),
                    n.pos.line,
                )
            })
            .collect();
        assert_eq!(names, slow);
    }
}
