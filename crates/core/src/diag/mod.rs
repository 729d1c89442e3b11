//! Diagnostics: every problem found while reading, converting or validating a catalog.
//!
//! A diagnostic names the file, the position (line and column, and the document number of a
//! YAML or JSON stream), the object's schema and name, and the field, so a curator can find the
//! spot at once. Nothing in core panics on bad input: it produces one of these instead.

mod rule;
mod severity;

use std::fmt;
use std::ops::Deref;

use serde::{Deserialize, Serialize};

pub use rule::Rule;
pub use severity::Severity;

/// A finding's code: a [`Rule`] of the registry (`opm.head`, `load.limit`, …), serialized as
/// the rule's id. A code is made from a [`Rule`] only: a string that names no rule cannot
/// become one (deserializing one fails), so every finding has a rule with its name and help.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Code(Rule);

impl Code {
    /// The code's rule in the registry.
    ///
    /// # Complexity
    /// O(1).
    pub fn rule(&self) -> Rule {
        self.0
    }

    /// The rule's id as it is printed and serialized (`opm.validate`, `load.yaml`).
    ///
    /// # Complexity
    /// O(1).
    pub fn as_str(&self) -> &'static str {
        self.0.id()
    }
}

impl From<Rule> for Code {
    fn from(rule: Rule) -> Self {
        Code(rule)
    }
}

/// Codes order by their ids, as text.
impl PartialOrd for Code {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Code {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Code {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let id = std::borrow::Cow::<'de, str>::deserialize(d)?;
        Rule::from_code(&id)
            .map(Code)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown finding code {id:?}")))
    }
}

impl Deref for Code {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Code {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq<str> for Code {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Code {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<Rule> for Code {
    fn eq(&self, other: &Rule) -> bool {
        self.0 == *other
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The word a suggested fix is introduced by, in every format: `(fix: …)` after a message, and
/// `Fix:` where a user interface shows the fix on a line of its own.
pub const FIX_LABEL: &str = "fix";

/// Where an object or a problem sits in the input (the default names no file and no
/// position).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Location {
    /// The file's path as given (relative to the directory that was loaded, when one was).
    pub file: String,
    /// 1-based line, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// 1-based column, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    /// 1-based number of the document (YAML) or object (JSON stream) in the file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub document: Option<usize>,
}

impl Location {
    /// The one constructor of a location: the file, and what is known of the 1-based line,
    /// column and document (or JSON object) number, each a number or `None`. The readers of
    /// [`crate::yaml`] give the positions; nothing else counts lines.
    pub fn at(
        file: impl Into<String>,
        line: impl Into<Option<usize>>,
        column: impl Into<Option<usize>>,
        document: impl Into<Option<usize>>,
    ) -> Self {
        Location {
            file: file.into(),
            line: line.into(),
            column: column.into(),
            document: document.into(),
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.file)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
            if let Some(col) = self.column {
                write!(f, ":{col}")?;
            }
        }
        if let Some(doc) = self.document {
            write!(f, " (document {doc})")?;
        }
        Ok(())
    }
}

/// One finding.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Diagnostic {
    /// How serious it is: an error, a warning or an informational note.
    pub severity: Severity,
    /// Where it is, when it comes from a file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub location: Option<Location>,
    /// The object's schema (`olm.bundle`, ...), when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    /// The package the finding belongs to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub package: Option<String>,
    /// The channel the finding belongs to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub channel: Option<String>,
    /// The bundle the finding belongs to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bundle: Option<String>,
    /// The object's own name when it is neither a package, channel nor bundle name above.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The field at fault (`properties`, `entries[2].skipRange`, ...).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    /// The message; for opm rules, opm's exact text.
    pub message: String,
    /// A suggested fix, for curator lints.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suggestion: Option<String>,
    /// A stable machine-readable code (`opm.validate`, `lint.skiprange-matches-nothing`,
    /// `load.yaml`, ...): the id of a [`Rule`] of the registry.
    pub code: Code,
}

impl Diagnostic {
    /// A new diagnostic with only a severity, a code (a [`Rule`]) and a message.
    pub fn new(severity: Severity, code: impl Into<Code>, message: impl Into<String>) -> Self {
        Diagnostic {
            severity,
            location: None,
            schema: None,
            package: None,
            channel: None,
            bundle: None,
            name: None,
            field: None,
            message: message.into(),
            suggestion: None,
            code: code.into(),
        }
    }

    /// An error.
    pub fn error(code: impl Into<Code>, message: impl Into<String>) -> Self {
        Self::new(Severity::Error, code, message)
    }

    /// A warning.
    pub fn warning(code: impl Into<Code>, message: impl Into<String>) -> Self {
        Self::new(Severity::Warning, code, message)
    }

    /// An informational note.
    pub fn info(code: impl Into<Code>, message: impl Into<String>) -> Self {
        Self::new(Severity::Info, code, message)
    }

    /// The finding placed at `location`.
    pub fn at(mut self, location: Location) -> Self {
        self.location = Some(location);
        self
    }

    /// The finding placed at `location`, or at no place when it is `None`.
    pub fn at_opt(mut self, location: Option<Location>) -> Self {
        self.location = location;
        self
    }

    /// The finding about an object of this schema (`olm.bundle`).
    pub fn schema(mut self, schema: impl Into<String>) -> Self {
        self.schema = Some(schema.into());
        self
    }

    /// The finding about this package.
    pub fn package(mut self, package: impl Into<String>) -> Self {
        self.package = Some(package.into());
        self
    }

    /// The finding about this channel (of its package).
    pub fn channel(mut self, channel: impl Into<String>) -> Self {
        self.channel = Some(channel.into());
        self
    }

    /// The finding about this bundle (by its name).
    pub fn bundle(mut self, bundle: impl Into<String>) -> Self {
        self.bundle = Some(bundle.into());
        self
    }

    /// The finding about an object known by this name when it is no package, channel or
    /// bundle (a deprecation entry, a cluster object).
    pub fn name(mut self, name: impl Into<String>) -> Self {
        self.name = Some(name.into());
        self
    }

    /// The finding about this field of the object (`entries[2].skipRange`).
    pub fn field(mut self, field: impl Into<String>) -> Self {
        self.field = Some(field.into());
        self
    }

    /// The finding with a suggested fix, printed `(fix: …)` after its message.
    pub fn suggest(mut self, suggestion: impl Into<String>) -> Self {
        self.suggestion = Some(suggestion.into());
        self
    }

    /// The finding's rule in the registry (its name, summary and help).
    pub fn rule(&self) -> Rule {
        self.code.rule()
    }

    /// The message, then the suggested fix when there is one: `MESSAGE (fix: FIX)`, the one
    /// wording of a fix in every format (text, GitHub annotations, SARIF, Markdown).
    pub fn message_with_fix(&self) -> String {
        match &self.suggestion {
            Some(fix) => format!("{} ({FIX_LABEL}: {fix})", self.message),
            None => self.message.clone(),
        }
    }

    /// True for errors.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.severity)?;
        if let Some(loc) = &self.location {
            write!(f, "{loc}: ")?;
        }
        let mut subject = Vec::new();
        if let Some(schema) = &self.schema {
            subject.push(schema.clone());
        }
        if let Some(p) = &self.package {
            subject.push(format!("package {p:?}"));
        }
        if let Some(c) = &self.channel {
            subject.push(format!("channel {c:?}"));
        }
        if let Some(b) = &self.bundle {
            subject.push(format!("bundle {b:?}"));
        }
        if let Some(n) = &self.name {
            subject.push(format!("{n:?}"));
        }
        if let Some(field) = &self.field {
            subject.push(format!("field {field:?}"));
        }
        if !subject.is_empty() {
            write!(f, "{}: ", subject.join(" "))?;
        }
        f.write_str(&self.message_with_fix())
    }
}
