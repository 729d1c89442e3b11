//! Diagnostics: every problem found while reading, converting or validating a catalog.
//!
//! A diagnostic names the file, the position (line and column, and the document number of a
//! YAML or JSON stream), the object's schema and name, and the field, so a curator can find the
//! spot at once. Nothing in core panics on bad input: it produces one of these instead.

use std::fmt;

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

/// How serious a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// opm would reject the catalog, or the object could not be read.
    Error,
    /// The catalog is accepted by opm, but something is probably not what the author meant.
    Warning,
    /// Something worth knowing, such as a file that was skipped.
    Info,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        })
    }
}

/// Where an object or a problem sits in the input.
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
    /// A location that only names a file.
    pub fn file(file: impl Into<String>) -> Self {
        Location {
            file: file.into(),
            ..Location::default()
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
    /// A stable machine-readable code (`opm.head`, `lint.skiprange-matches-nothing`, `load.yaml`, ...).
    pub code: Cow<'static, str>,
}

impl Diagnostic {
    /// A new diagnostic with only a severity, a code and a message.
    pub fn new(severity: Severity, code: &'static str, message: impl Into<String>) -> Self {
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
            code: Cow::Borrowed(code),
        }
    }

    /// An error.
    pub fn error(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(Severity::Error, code, message)
    }

    /// A warning.
    pub fn warning(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(Severity::Warning, code, message)
    }

    /// An informational note.
    pub fn info(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(Severity::Info, code, message)
    }

    pub fn at(mut self, location: Location) -> Self {
        self.location = Some(location);
        self
    }
    pub fn at_opt(mut self, location: Option<Location>) -> Self {
        self.location = location;
        self
    }
    pub fn schema(mut self, schema: impl Into<String>) -> Self {
        self.schema = Some(schema.into());
        self
    }
    pub fn package(mut self, package: impl Into<String>) -> Self {
        self.package = Some(package.into());
        self
    }
    pub fn channel(mut self, channel: impl Into<String>) -> Self {
        self.channel = Some(channel.into());
        self
    }
    pub fn bundle(mut self, bundle: impl Into<String>) -> Self {
        self.bundle = Some(bundle.into());
        self
    }
    pub fn name(mut self, name: impl Into<String>) -> Self {
        self.name = Some(name.into());
        self
    }
    pub fn field(mut self, field: impl Into<String>) -> Self {
        self.field = Some(field.into());
        self
    }
    pub fn suggest(mut self, suggestion: impl Into<String>) -> Self {
        self.suggestion = Some(suggestion.into());
        self
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
        f.write_str(&self.message)?;
        if let Some(s) = &self.suggestion {
            write!(f, " (suggestion: {s})")?;
        }
        Ok(())
    }
}
