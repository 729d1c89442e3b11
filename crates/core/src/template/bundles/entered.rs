//! Versions entered by hand for bundle images (what opm would read from each image): written as
//! a bundle source, one `olm.bundle` per image, so that a template renders with them as with
//! any other bundle source.

use serde_json::json;

use crate::load::InputFile;

/// A bundle image whose version a user entered (opm reads it from the image).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnteredVersion {
    /// The package the bundle belongs to.
    pub package: String,
    /// The bundle image reference, as the template names it.
    pub image: String,
    /// The version entered for it.
    pub version: String,
}

impl EnteredVersion {
    /// The bundle's name, as a CSV names it: `<package>.v<version>`.
    ///
    /// # Complexity
    /// O(length of the name).
    pub fn bundle_name(&self) -> String {
        format!("{}.v{}", self.package, self.version)
    }
}

/// The versions entered by hand as the bundle source `path`: one `olm.bundle` per image, named
/// `<package>.v<version>`, with its `olm.package` property; `None` when there is none.
///
/// # Complexity
/// O(n) for n entered versions.
pub fn entered_versions_source(path: &str, entered: &[EnteredVersion]) -> Option<InputFile> {
    if entered.is_empty() {
        return None;
    }
    let mut text = String::new();
    for e in entered {
        let bundle = json!({
            "schema": "olm.bundle",
            "name": e.bundle_name(),
            "package": e.package,
            "image": e.image,
            "properties": [
                {"type": "olm.package", "value": {"packageName": e.package, "version": e.version}}
            ],
        });
        // A `Value` of strings always serializes.
        text.push_str(&serde_json::to_string_pretty(&bundle).unwrap_or_default());
        text.push('\n');
    }
    Some(InputFile::new(path, text))
}
