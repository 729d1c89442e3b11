//! The three template types and the schemas that name them.

use super::error::{TemplateError, TemplateErrorKind};
use crate::diag::Location;

/// The three template types opm knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TemplateKind {
    Basic,
    Semver,
    Substitutes,
}

crate::choice::spelled_choice!(
    TemplateKind,
    "template type",
    Basic => "basic",
    Semver => "semver",
    Substitutes => "substitutes",
);

/// The schemas that mark a template document.
pub const TEMPLATE_SCHEMAS: [&str; 3] = [
    "olm.template.basic",
    "olm.semver",
    "olm.template.substitutes",
];

impl TemplateKind {
    /// The document schema (`olm.template.basic`, `olm.semver`, `olm.template.substitutes`).
    ///
    /// # Complexity
    /// O(1).
    pub fn schema(self) -> &'static str {
        match self {
            TemplateKind::Basic => TEMPLATE_SCHEMAS[0],
            TemplateKind::Semver => TEMPLATE_SCHEMAS[1],
            TemplateKind::Substitutes => TEMPLATE_SCHEMAS[2],
        }
    }

    /// The type name opm's command line takes (`basic`, `semver`, `substitutes`).
    ///
    /// # Complexity
    /// O(1).
    pub fn type_name(self) -> &'static str {
        self.as_str()
    }

    /// The kind of a schema.
    ///
    /// # Complexity
    /// O(1).
    pub fn from_schema(schema: &str) -> Option<Self> {
        match schema {
            "olm.template.basic" => Some(TemplateKind::Basic),
            "olm.semver" => Some(TemplateKind::Semver),
            "olm.template.substitutes" => Some(TemplateKind::Substitutes),
            _ => None,
        }
    }

    /// The kind of an opm type name; anything else is opm's `invalid template type` error.
    ///
    /// # Complexity
    /// O(1).
    pub fn from_type_name(name: &str) -> Result<Self, TemplateError> {
        name.parse().map_err(|_| {
            TemplateError::new(
                TemplateErrorKind::InvalidType(name.to_string()),
                Location::default(),
            )
        })
    }
}
