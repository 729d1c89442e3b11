//! The three template types and the schemas that name them.

use crate::diag::Location;
use crate::template::error::{TemplateError, TemplateErrorKind};

/// The three template types opm knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TemplateKind {
    /// `olm.template.basic`: FBC entries with bundles named by image.
    Basic,
    /// `olm.semver`: bundles per archetype, channels generated from their versions.
    Semver,
    /// `olm.template.substitutes`: FBC entries plus bundles substituted for others.
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

/// A cheap test before any parsing: `text` names a template schema somewhere
/// (`olm.template.…` or `olm.semver`, as written: schemas are matched exactly). The reader
/// decides what the text really is.
///
/// # Complexity
/// O(n) in the text's length.
pub fn might_hold_template(text: &str) -> bool {
    contains(text, "olm.template.") || contains(text, TemplateKind::Semver.schema())
}

fn contains(text: &str, needle: &str) -> bool {
    memchr::memmem::find(text.as_bytes(), needle.as_bytes()).is_some()
}

impl TemplateKind {
    /// A cheap test before any parsing: `text` names this kind's schema somewhere (as
    /// written; the reader decides).
    ///
    /// # Complexity
    /// O(n) in the text's length.
    pub fn named_in(self, text: &str) -> bool {
        contains(text, self.schema())
    }

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
