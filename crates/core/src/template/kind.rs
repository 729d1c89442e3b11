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

/// The schemas that mark a template document.
pub const TEMPLATE_SCHEMAS: [&str; 3] = [
    "olm.template.basic",
    "olm.semver",
    "olm.template.substitutes",
];

impl TemplateKind {
    /// The document schema (`olm.template.basic`, `olm.semver`, `olm.template.substitutes`).
    pub fn schema(self) -> &'static str {
        match self {
            TemplateKind::Basic => TEMPLATE_SCHEMAS[0],
            TemplateKind::Semver => TEMPLATE_SCHEMAS[1],
            TemplateKind::Substitutes => TEMPLATE_SCHEMAS[2],
        }
    }

    /// The type name opm's command line takes (`basic`, `semver`, `substitutes`).
    pub fn type_name(self) -> &'static str {
        match self {
            TemplateKind::Basic => "basic",
            TemplateKind::Semver => "semver",
            TemplateKind::Substitutes => "substitutes",
        }
    }

    /// The kind of a schema.
    pub fn from_schema(schema: &str) -> Option<Self> {
        match schema {
            "olm.template.basic" => Some(TemplateKind::Basic),
            "olm.semver" => Some(TemplateKind::Semver),
            "olm.template.substitutes" => Some(TemplateKind::Substitutes),
            _ => None,
        }
    }

    /// The kind of an opm type name; anything else is opm's `invalid template type` error.
    pub fn from_type_name(name: &str) -> Result<Self, TemplateError> {
        match name {
            "basic" => Ok(TemplateKind::Basic),
            "semver" => Ok(TemplateKind::Semver),
            "substitutes" => Ok(TemplateKind::Substitutes),
            other => Err(TemplateError::new(
                TemplateErrorKind::InvalidType(other.to_string()),
                Location::default(),
            )),
        }
    }
}
