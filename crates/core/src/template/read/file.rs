//! A template file's documents, and picking the template type as opm does.

use std::cell::RefCell;
use std::rc::Rc;

use crate::diag::Location;
use crate::load::{LimitKind, Limits};
use crate::template::error::{DetectError, LimitError, TemplateError, TemplateErrorKind};
use crate::template::TemplateKind;
use crate::yaml::cut::{chunks, Chunk};
use crate::yaml::positioned::{parse_chunk, ParseError};
use crate::yaml::tree::{Node, NodeValue, Pos};

/// A template file being rendered.
pub(crate) struct File<'a> {
    pub path: &'a str,
    pub text: &'a str,
    pub chunks: Vec<Chunk>,
    pub limits: Limits,
    /// Where the document limit stopped cutting the file.
    overflow: Option<Pos>,
    /// The last document read, kept: the check for template documents, the type detection and
    /// the renderer all read the first document, and once is enough.
    last: RefCell<Option<(usize, Parsed)>>,
}

/// A document read: its tree (`None` when empty), shared, or why it could not be read.
pub(crate) type Parsed = Result<Option<Rc<Node>>, ParseError>;

impl<'a> File<'a> {
    /// The file cut into documents, within `limits`.
    ///
    /// # Complexity
    /// O(n) in the text's length.
    pub(crate) fn new(path: &'a str, text: &'a str, limits: &Limits) -> Self {
        let cut = chunks(text, limits.max_documents);
        File {
            path,
            text,
            chunks: cut.list,
            limits: *limits,
            overflow: cut.overflow,
            last: RefCell::new(None),
        }
    }

    /// The document limit's error, when the file has more documents than it allows.
    ///
    /// # Complexity
    /// O(1).
    pub(crate) fn check_documents(&self) -> Result<(), TemplateError> {
        let Some(pos) = self.overflow else {
            return Ok(());
        };
        let limit = LimitError::Crossed {
            kind: LimitKind::Documents,
            limit: self.limits.max_documents,
        };
        // The document the limit refuses (empty documents count, as the loader counts them).
        let document = self.limits.max_documents.saturating_add(1);
        Err(TemplateError::new(
            TemplateErrorKind::Limit(limit),
            self.at(pos, document),
        ))
    }

    /// The error for a document that could not be read: its input limit, or `wrap` of the
    /// decoder's message (opm's error for the phase that read it).
    ///
    /// # Complexity
    /// O(length of the message).
    pub(crate) fn parse_error(
        &self,
        e: ParseError,
        index: usize,
        wrap: impl FnOnce(String) -> TemplateErrorKind,
    ) -> TemplateError {
        let kind = match e.limit {
            Some(limit) => TemplateErrorKind::Limit(limit),
            None => wrap(e.decoder_message()),
        };
        self.error(kind, e.pos, index)
    }

    /// A location in this file (1-based document number).
    ///
    /// # Complexity
    /// O(length of the path).
    pub(crate) fn at(&self, pos: Pos, document: usize) -> Location {
        Location::at(self.path.to_string(), pos.line, pos.column, document)
    }

    /// The location of a document's start.
    ///
    /// # Complexity
    /// O(length of the path).
    pub(crate) fn doc_start(&self, index: usize) -> Location {
        let line = self.chunks.get(index).map_or(1, |c| c.first_line);
        self.at(Pos { line, column: 1 }, index + 1)
    }

    /// Reads document `index` (0-based); `Ok(None)` for an empty one. The last document read
    /// is kept, so reading it again costs nothing.
    ///
    /// # Complexity
    /// O(d) for a document of d bytes (see `read::parse_chunk`); O(1) when it was the last read.
    pub(crate) fn parse(&self, index: usize) -> Parsed {
        if let Some((i, parsed)) = self.last.borrow().as_ref() {
            if *i == index {
                return parsed.clone();
            }
        }
        let parsed = match self.chunks.get(index) {
            Some(c) => parse_chunk(self.text, c, &self.limits).map(|n| n.map(Rc::new)),
            None => Ok(None),
        };
        *self.last.borrow_mut() = Some((index, parsed.clone()));
        parsed
    }

    /// Drops the kept document (once its reader is done with it, to hold one tree at most).
    ///
    /// # Complexity
    /// O(size of the kept tree).
    pub(crate) fn forget(&self) {
        self.last.borrow_mut().take();
    }

    /// The first document read as opm's semver reader reads the whole text, when the file is
    /// that one document (no `---` line cuts it): the tree [`File::parse`] read, shared.
    ///
    /// # Complexity
    /// As [`File::parse`] of the first document.
    pub(crate) fn whole_first(&self) -> Option<Rc<Node>> {
        match self.chunks.as_slice() {
            [c] if c.span == (0, self.text.len()) => self.parse(0).ok().flatten(),
            _ => None,
        }
    }

    /// An error at a node of document `index`.
    ///
    /// # Complexity
    /// O(length of the path).
    pub(crate) fn error(&self, kind: TemplateErrorKind, pos: Pos, index: usize) -> TemplateError {
        TemplateError::new(kind, self.at(pos, index + 1))
    }
}

/// The `schema` of a document, as opm's auto-detection reads it.
///
/// # Complexity
/// O(k) for a mapping of k keys.
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
///
/// # Complexity
/// O(d) for a first document of d bytes (read once, then kept by the file).
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
        Err(e) => {
            return Err(
                file.parse_error(e, 0, |m| TemplateErrorKind::Detect(DetectError::Decode(m)))
            )
        }
    };
    let schema = schema_of(&node).map_err(|e| fail(e, node.pos))?;
    TemplateKind::from_schema(&schema).ok_or_else(|| {
        let pos = node.get("schema").map_or(node.pos, |n| n.pos);
        fail(DetectError::UnknownSchema(schema), pos)
    })
}
