//! The lint on packages rendered from a template: bundles whose version nobody knows (the
//! offline rendering of spec/template-rules.md §6, step 4).

use crate::diag::{Diagnostic, Location, Rule};
use crate::model::Package;

/// The lint on template packages: bundles whose version nobody knows without a bundle source.
///
/// # Complexity
/// O(B) for B bundles of the package.
pub fn lint_unknown_versions(pkg: &Package) -> Vec<Diagnostic> {
    let Some(t) = &pkg.template else {
        return Vec::new();
    };
    let why = "it cannot take part in skipRange matching or semver channel generation";
    let mut out: Vec<Diagnostic> = pkg
        .bundles
        .iter()
        .filter(|b| b.version.is_none())
        .map(|b| {
            Diagnostic::warning(
                Rule::TemplateUnknownVersion,
                format!("bundle {:?} has no known version: {why} (no bundle source has its image, and neither its name nor its image tag gives a version)", b.name),
            )
            .package(&pkg.name)
            .bundle(&b.name)
            .at_opt(b.location.clone())
            .suggest("render the template with the rendered catalog as bundle source (`olm-graph render-template --bundles`)")
        })
        .collect();
    if !t.unnamed_images.is_empty() {
        out.push(
            Diagnostic::warning(
                Rule::TemplateUnknownVersion,
                format!("{} bundle image(s) have no known name or version: {why}", t.unnamed_images.len()),
            )
            .package(&pkg.name)
            .at(Location::at(&t.file, None, None, None))
            .suggest("render the template with the rendered catalog as bundle source (`olm-graph render-template --bundles`)"),
        );
    }
    out
}
