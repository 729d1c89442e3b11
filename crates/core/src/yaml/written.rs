//! A YAML (or JSON) document as a tree of scalars as written (not typed), whose every node
//! knows its line: what the support lifecycle blobs are read into, so a lifecycle finding can
//! point at the field it is about and a version keeps its text (`1.10` stays `1.10`).
//!
//! Read with granit-parser's events, through [`super::parser`], the parser every reader uses. Aliases stand for nothing
//! (a lifecycle blob has no use for them, and not expanding them keeps the tree linear in the
//! text); the parser's nesting limits bound the depth.

use granit_parser::{Event, ScalarStyle};
use serde_json::Value;

/// Deepest nesting read; a lifecycle blob needs five levels.
const MAX_DEPTH: usize = 64;

/// One node and its 1-based line in the document.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Node {
    /// A scalar as written, and whether it was plain (unquoted).
    Scalar {
        text: String,
        plain: bool,
        line: usize,
    },
    List {
        items: Vec<Node>,
        line: usize,
    },
    Map {
        entries: Vec<(String, Node)>,
        line: usize,
    },
    /// An alias, or what could not be read.
    Nothing {
        line: usize,
    },
}

impl Node {
    pub(crate) fn line(&self) -> usize {
        match self {
            Node::Scalar { line, .. }
            | Node::List { line, .. }
            | Node::Map { line, .. }
            | Node::Nothing { line } => *line,
        }
    }

    /// The value of `key` in a mapping (the last one when a key repeats, as the loader reads).
    pub(crate) fn get(&self, key: &str) -> Option<&Node> {
        match self {
            Node::Map { entries, .. } => entries.iter().rev().find(|(k, _)| k == key).map(|e| &e.1),
            _ => None,
        }
    }

    /// The text of a scalar.
    pub(crate) fn text(&self) -> Option<&str> {
        match self {
            Node::Scalar { text, .. } => Some(text),
            _ => None,
        }
    }

    /// The items of a list.
    pub(crate) fn items(&self) -> Option<&[Node]> {
        match self {
            Node::List { items, .. } => Some(items),
            _ => None,
        }
    }

    /// The node as JSON, scalars typed as the loader types plain YAML scalars (booleans, null,
    /// numbers), quoted ones as strings.
    pub(crate) fn to_json(&self) -> Value {
        match self {
            Node::Scalar { text, plain, .. } => scalar_json(text, *plain),
            Node::List { items, .. } => Value::Array(items.iter().map(Node::to_json).collect()),
            Node::Map { entries, .. } => Value::Object(
                entries
                    .iter()
                    .map(|(k, v)| (k.clone(), v.to_json()))
                    .collect(),
            ),
            Node::Nothing { .. } => Value::Null,
        }
    }
}

fn scalar_json(text: &str, plain: bool) -> Value {
    if !plain {
        return Value::String(text.to_string());
    }
    match text {
        "" | "~" | "null" | "Null" | "NULL" => Value::Null,
        "true" | "True" | "TRUE" => Value::Bool(true),
        "false" | "False" | "FALSE" => Value::Bool(false),
        _ => serde_json::from_str::<serde_json::Number>(text)
            .ok()
            .filter(|_| !text.starts_with('0') || text == "0" || text.starts_with("0."))
            .map(Value::Number)
            .unwrap_or_else(|| Value::String(text.to_string())),
    }
}

/// A collection being built: its line, and its items (keys alternate with values in a map).
struct Open {
    map: bool,
    line: usize,
    nodes: Vec<Node>,
}

/// Reads the first document of `text`, a document of a file whose own content (its first
/// line that is not a marker, blank or a comment) is line `content_line` of the file: every
/// node's line is the file's. `None` when it cannot be read.
///
/// # Complexity
/// O(n) time and memory in the length n of the text.
pub(crate) fn read_tree_at(text: &str, content_line: usize) -> Option<Node> {
    let skipped = super::cut::content_line(text, 0);
    let first = content_line.saturating_sub(skipped).max(1);
    read_lines(text, first - 1)
}

/// Reads the first document of `text`, lines counted from its first; `None` when it cannot be
/// read.
///
/// # Complexity
/// O(n) time and memory in the length n of the text.
#[cfg(test)]
fn read_tree(text: &str) -> Option<Node> {
    read_lines(text, 0)
}

/// Reads the first document of `text`, every line `shift` further down.
fn read_lines(text: &str, shift: usize) -> Option<Node> {
    let parser = super::parser(text, MAX_DEPTH);
    let mut stack: Vec<Open> = Vec::new();
    for next in parser {
        let (event, span) = next.ok()?;
        let line = shift + span.start.line();
        let node = match event {
            Event::MappingStart(..) | Event::SequenceStart(..) => {
                let map = matches!(event, Event::MappingStart(..));
                stack.push(Open {
                    map,
                    line,
                    nodes: Vec::new(),
                });
                continue;
            }
            Event::MappingEnd | Event::SequenceEnd => close(stack.pop()?),
            Event::Scalar(value, style, ..) => Node::Scalar {
                text: value.into_owned(),
                plain: style == ScalarStyle::Plain,
                line,
            },
            Event::Alias(_) | Event::UnresolvedAlias(_) => Node::Nothing { line },
            Event::DocumentEnd if stack.is_empty() => return None,
            _ => continue,
        };
        match stack.last_mut() {
            Some(open) => open.nodes.push(node),
            None => return Some(node),
        }
    }
    None
}

/// A finished collection as a node (in a map, a key that is not a scalar is dropped).
fn close(open: Open) -> Node {
    if !open.map {
        return Node::List {
            items: open.nodes,
            line: open.line,
        };
    }
    let mut entries = Vec::with_capacity(open.nodes.len() / 2);
    let mut nodes = open.nodes.into_iter();
    while let (Some(k), Some(v)) = (nodes.next(), nodes.next()) {
        if let Node::Scalar { text, .. } = k {
            entries.push((text, v));
        }
    }
    Node::Map {
        entries,
        line: open.line,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_node_keeps_its_line() {
        let text = "a: 1\nb:\n- x: \"2\"\n  y: [3, 4]\n";
        let tree = read_tree(text).unwrap();
        assert_eq!(tree.get("a").unwrap().line(), 1);
        let item = &tree.get("b").unwrap().items().unwrap()[0];
        assert_eq!(item.get("x").unwrap().text(), Some("2"));
        assert_eq!(item.get("y").unwrap().line(), 4);
        assert_eq!(
            tree.to_json(),
            serde_json::json!({"a": 1, "b": [{"x": "2", "y": [3, 4]}]})
        );
    }

    #[test]
    fn json_and_garbage_are_read_without_panic() {
        let tree = read_tree("{\"a\": [1, {\"b\": null}]}").unwrap();
        assert_eq!(tree.to_json(), serde_json::json!({"a": [1, {"b": null}]}));
        assert_eq!(read_tree("a: [1, 2"), None);
        assert_eq!(read_tree(&"[".repeat(10_000)), None);
        let alias = read_tree("a: &x 1\nb: *x\n").unwrap();
        assert_eq!(alias.get("b"), Some(&Node::Nothing { line: 2 }));
    }
}
