//! What the worker does with a catalog template: the catalog it stands for (rendered with the
//! bundle sources given, linted), for the template studio and the drift report; or the FBC text
//! `olm-graph render-template` writes, for the studio's download. Pure: tested natively.
//!
//! The page never renders templates itself, so the app's wasm does not link the renderer.

use olm_graph_core::template::{render_fbc, template_catalog};
use olm_graph_core::validate::lint_catalog;
use olm_graph_core::{Catalog, Diagnostic, InputFile};

/// The catalog `template` stands for, rendered with `sources` as bundle source (rendered
/// catalogs standing in for the registry), with every finding: the template's errors carry its
/// file, line and column.
///
/// # Complexity
/// That of core's renderer and linter: linear in the template and the sources, plus the
/// linter's cost per package.
pub fn preview_template(template: InputFile, sources: &[InputFile]) -> (Catalog, Vec<Diagnostic>) {
    let catalog = template_catalog(std::slice::from_ref(&template), sources);
    let findings = lint_catalog(&catalog);
    (catalog, findings)
}

/// The FBC text of `template` rendered with `sources`, the same bytes as `olm-graph
/// render-template TEMPLATE --bundles SOURCES...`, with its warnings; or opm's error, with the
/// template's position, as a diagnostic.
///
/// # Complexity
/// That of core's `render_fbc`: linear in the template and the sources, plus sorting the output.
pub fn render_template(
    template: InputFile,
    sources: &[InputFile],
) -> Result<(String, Vec<Diagnostic>), Box<Diagnostic>> {
    render_fbc(std::slice::from_ref(&template), sources, None)
        .map(|r| (r.text, r.warnings))
        .map_err(|e| Box::new(e.to_diagnostic()))
}

#[cfg(test)]
mod tests {
    use super::*;
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

    const SEMVER: &str = include_str!("../../tests/e2e/fixtures/widget-semver.yaml");
    const SOURCE: &str = include_str!("../../tests/e2e/fixtures/widget-bundles.json");

    #[test]
    fn a_semver_template_renders_with_its_bundle_source() {
        let sources = [InputFile::new("widget-bundles.json", SOURCE)];
        let (catalog, findings) = preview_template(InputFile::new("widget.yaml", SEMVER), &sources);
        let pkg = catalog
            .package("widget-operator")
            .expect("the template's package");
        assert!(pkg.template.is_some(), "marked as coming from a template");
        assert_eq!(pkg.default_channel.as_deref(), Some("stable-v1.1"));
        let names: Vec<&str> = pkg.channels.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "candidate-v1.0",
                "candidate-v1.1",
                "stable-v1.0",
                "stable-v1.1"
            ]
        );
        assert!(findings.iter().all(|d| !d.is_error()), "{findings:?}");
        let (text, warnings) =
            render_template(InputFile::new("widget.yaml", SEMVER), &sources).expect("renders");
        // Every bundle is in the source; only the icon is unknown (the source has no CSV).
        let codes: Vec<&str> = warnings.iter().map(|w| &*w.code).collect();
        assert_eq!(codes, ["template.icon"], "{warnings:?}");
        assert!(
            text.starts_with("{\n    \"schema\": \"olm.package\""),
            "{text}"
        );
        assert!(text.contains("\"name\": \"widget-operator.v1.1.1\""));
    }

    #[test]
    fn a_bad_template_gives_opm_message_with_its_position() {
        let bad = "schema: olm.semver\ngenerateMajorChannels: true\ngenerateMinorChannels: false\ndefaultChannelTypePreference: minor\ncandidate:\n  bundles:\n  - image: quay.io/acme/widget-bundle:widget-operator.v1.0.0\n";
        let e = render_template(InputFile::new("bad.yaml", bad), &[]).unwrap_err();
        assert!(e.message.contains("DefaultChannelTypePreference set to 'minor' doesn't make sense if not generating minor-version channels"), "{}", e.message);
        let at = e.location.clone().expect("a position");
        assert_eq!(at.file, "bad.yaml");
        assert!(at.line.is_some(), "{at:?}");
        let (catalog, findings) = preview_template(InputFile::new("bad.yaml", bad), &[]);
        assert!(catalog.packages.is_empty());
        let err = findings
            .iter()
            .find(|d| d.code == "template.error")
            .expect("the template's error is a finding");
        assert_eq!(err.message, e.message);
        // Truncated YAML never panics: an error with a line and column.
        let cut = "schema: olm.template.basic\nentries:\n- schema: olm.package\n  name: [x\n";
        let (_, findings) = preview_template(InputFile::new("cut.yaml", cut), &[]);
        let err = findings.iter().find(|d| d.is_error()).expect("an error");
        let at = err.location.clone().expect("a position");
        assert!(at.line.is_some() && at.column.is_some(), "{err:?}");
    }
}
