//! Named limits on what one CustomResourceDefinition may hold before olm-graph refuses to judge
//! it ([spec/crd-safety.md §5](../../../../docs/spec/crd-safety.md)). They sit far above every
//! real CRD in `../shared/catalogs` and keep a hostile one (a schema nested thousands deep, an
//! enum of millions of values, thousands of versions) to well under a second: a CRD over a
//! limit makes the pair `unknown`, with a message naming the limit.

use std::fmt;

/// The limits of one CRD.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CrdLimits {
    /// Nesting of schemas (a property's schema inside its parent's is one level). Default 64.
    pub max_depth: usize,
    /// Schemas in one version's `openAPIV3Schema`, all levels together. Default 100,000.
    pub max_schemas: usize,
    /// Values of one `enum`. Default 10,000.
    pub max_enum: usize,
    /// Versions of one CRD (the served-version check compares every pair). Default 64.
    pub max_versions: usize,
}

impl Default for CrdLimits {
    fn default() -> Self {
        CrdLimits {
            max_depth: 64,
            max_schemas: 100_000,
            max_enum: 10_000,
            max_versions: 64,
        }
    }
}

/// Which limit a CRD crossed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LimitKind {
    /// `max_depth`: schemas nested too deep.
    Depth,
    /// `max_schemas`: too many schemas in one tree.
    Schemas,
    /// `max_enum`: an enum of too many values.
    Enum,
    /// `max_versions`: too many versions in one CRD.
    Versions,
}

impl LimitKind {
    /// The limit's name (its field of [`CrdLimits`]), as messages print it.
    pub fn name(self) -> &'static str {
        match self {
            LimitKind::Depth => "max_depth",
            LimitKind::Schemas => "max_schemas",
            LimitKind::Enum => "max_enum",
            LimitKind::Versions => "max_versions",
        }
    }
}

/// A CRD refused: the limit and its value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LimitError {
    /// Which limit.
    pub kind: LimitKind,
    /// Its value.
    pub limit: usize,
}

impl fmt::Display for LimitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            LimitKind::Depth => "schemas nested more than",
            LimitKind::Schemas => "more schemas than",
            LimitKind::Enum => "an enum of more values than",
            LimitKind::Versions => "more versions than",
        };
        write!(
            f,
            "CRD limit {}: {what} {} : not compared",
            self.kind.name(),
            self.limit
        )
    }
}

/// What normalizing one schema tree may still use.
pub(crate) struct Budget {
    pub limits: CrdLimits,
    pub schemas_left: usize,
}

impl Budget {
    pub(crate) fn new(limits: CrdLimits) -> Self {
        Budget {
            limits,
            schemas_left: limits.max_schemas,
        }
    }

    /// One more schema at `depth`.
    pub(crate) fn schema(&mut self, depth: usize) -> Result<(), LimitError> {
        if depth > self.limits.max_depth {
            return Err(self.crossed(LimitKind::Depth));
        }
        if self.schemas_left == 0 {
            return Err(self.crossed(LimitKind::Schemas));
        }
        self.schemas_left -= 1;
        Ok(())
    }

    pub(crate) fn crossed(&self, kind: LimitKind) -> LimitError {
        let limit = match kind {
            LimitKind::Depth => self.limits.max_depth,
            LimitKind::Schemas => self.limits.max_schemas,
            LimitKind::Enum => self.limits.max_enum,
            LimitKind::Versions => self.limits.max_versions,
        };
        LimitError { kind, limit }
    }
}
