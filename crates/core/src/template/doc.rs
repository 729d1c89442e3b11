//! A template file's documents, and picking the template type as opm does.

use super::error::{DetectError, TemplateError, TemplateErrorKind};
use super::tree::{self, Chunk, Node, NodeValue, ParseError, Pos};
use super::TemplateKind;
use crate::diag::Location;

/// A template file being rendered.
pub(crate) struct File<'a> {
    pub path: &'a str,
    pub text: &'a str,
    pub chunks: Vec<Chunk>,
}

impl<'a> File<'a> {
    pub fn new(path: &'a str, text: &'a str) -> Self {
        File {
            path,
            text,
            chunks: tree::chunks(text),
        }
    }

    /// A location in this file (1-based document number).
    pub fn at(&self, pos: Pos, document: usize) -> Location {
        Location {
            file: self.path.to_string(),
            line: Some(pos.line),
            column: Some(pos.column),
            document: Some(document),
        }
    }

    /// The location of a document's start.
    pub fn doc_start(&self, index: usize) -> Location {
        let line = self.chunks.get(index).map_or(1, |c| c.first_line);
        self.at(Pos { line, column: 1 }, index + 1)
    }

    /// Reads document `index` (0-based); `Ok(None)` for an empty one.
    pub fn parse(&self, index: usize) -> Result<Option<Node>, ParseError> {
        match self.chunks.get(index) {
            Some(c) => tree::parse_chunk(self.text, c),
            None => Ok(None),
        }
    }

    /// An error at a node of document `index`.
    pub fn error(&self, kind: TemplateErrorKind, pos: Pos, index: usize) -> TemplateError {
        TemplateError::new(kind, self.at(pos, index + 1))
    }
}

/// The `schema` of a document, as opm's auto-detection reads it.
pub(crate) fn schema_of(node: &Node) -> Result<String, DetectError> {
    let NodeValue::Map(_) = &node.value else {
        return Err(DetectError::NotAnObject(format!(
            "json: cannot unmarshal {} into Go value of type struct {{ Schema string \"json:\\\"schema\\\"\" }}",
            node.go_kind()
        )));
    };
    match node.get("schema").map(|n| &n.value) {
        None | Some(NodeValue::Null) => Err(DetectError::MissingSchema),
        Some(NodeValue::Str(s)) if s.is_empty() => Err(DetectError::MissingSchema),
        Some(NodeValue::Str(s)) => Ok(s.clone()),
        Some(_) => Err(DetectError::NotAnObject(format!(
            "json: cannot unmarshal {} into Go struct field .schema of type string",
            node.get("schema").map_or("null", Node::go_kind)
        ))),
    }
}

/// opm's auto-detection from the first document.
pub(crate) fn detect(file: &File) -> Result<TemplateKind, TemplateError> {
    let fail = |e: DetectError, pos: Pos| file.error(TemplateErrorKind::Detect(e), pos, 0);
    let start = Pos { line: 1, column: 1 };
    if file.chunks.is_empty() {
        return Err(fail(DetectError::Decode("EOF".into()), start));
    }
    let node = match file.parse(0) {
        Ok(Some(n)) => n,
        Ok(None) => {
            let line = file.chunks[0].first_line;
            return Err(fail(DetectError::MissingSchema, Pos { line, column: 1 }));
        }
        Err(e) => return Err(fail(DetectError::Decode(e.decoder_message()), e.pos)),
    };
    let schema = schema_of(&node).map_err(|e| fail(e, node.pos))?;
    TemplateKind::from_schema(&schema).ok_or_else(|| {
        let pos = node.get("schema").map_or(node.pos, |n| n.pos);
        fail(DetectError::UnknownSchema(schema), pos)
    })
}
