//! `olm.template.basic`: the entries are FBC as they are, except that each `olm.bundle` (an
//! `image`, maybe a `name`, nothing else) is replaced by the bundle rendered from its image.
//! Here "rendered" means taken from a bundle source, or else written as a stub.

use crate::diag::{Diagnostic, Rule};
use crate::template::bundles::facts::{resolve, Resolved, Stub};
use crate::template::error::{BasicError, TemplateErrorKind};
use crate::template::read::fbc::{BundleObj, Config};
use crate::template::read::file::File;
use crate::template::read::spec::{self, SpecKind};
use crate::template::{Job, TemplateError};
use crate::yaml::tree::Node;

const KIND: SpecKind = SpecKind {
    schema: "olm.template.basic",
    go_struct: "BasicTemplateData",
    with_substitutions: false,
};

fn basic(e: BasicError) -> TemplateErrorKind {
    TemplateErrorKind::Basic(e)
}

/// Renders the basic template in document `index` of `file`.
///
/// # Complexity
/// O(n log n) for n entries (read, checked, sorted into the config).
pub(crate) fn render(
    file: &File,
    index: usize,
    node: Option<&Node>,
    job: &mut Job,
) -> Result<Config, TemplateError> {
    let spec = spec::parse_spec(node, &KIND)
        .map_err(|(e, pos)| file.error(basic(BasicError::Spec(e)), pos, index))?;
    let mut cfg = spec::load_entries(file, index, spec.entries)
        .map_err(|(e, pos)| file.error(basic(BasicError::Entries(e)), pos, index))?;
    let package = match cfg.packages.as_slice() {
        [p] => Some(p.name.clone()),
        _ => None,
    };
    let mut out = Vec::with_capacity(cfg.bundles.len());
    for b in std::mem::take(&mut cfg.bundles) {
        if !is_bundle_template(&b) {
            return Err(TemplateError::new(
                basic(BasicError::UnexpectedBundleFields),
                b.origin.clone(),
            ));
        }
        let name = Some(b.name.as_str()).filter(|n| !n.is_empty());
        match resolve(&b.image, name, package.as_deref(), job.source) {
            Resolved::Rendered(mut full) => {
                full.origin = b.origin.clone();
                if name.is_some_and(|n| n != full.name) {
                    job.diagnostics.push(renamed(&b, &full));
                }
                out.push(full);
            }
            Resolved::Stub(stub) => out.push(stub_bundle(stub, &b, job)),
        }
    }
    cfg.bundles = out;
    Ok(cfg)
}

/// The template's `name` for a bundle is not what its image renders (opm ignores the name).
fn renamed(entry: &BundleObj, rendered: &BundleObj) -> Diagnostic {
    Diagnostic::warning(
        Rule::TemplateRenamed,
        format!(
            "the template names bundle image {:?} {:?}, but it renders bundle {:?}: opm ignores the template's name",
            entry.image, entry.name, rendered.name
        ),
    )
    .at(entry.origin.clone())
    .schema("olm.bundle")
    .bundle(&rendered.name)
}

/// opm's `isBundleTemplate`: a schema and an image, and no package, properties or related images.
fn is_bundle_template(b: &BundleObj) -> bool {
    !b.schema.is_empty()
        && !b.image.is_empty()
        && b.package.is_empty()
        && b.properties.is_empty()
        && b.related_images.is_empty()
}

fn stub_bundle(stub: Stub, b: &BundleObj, job: &mut Job) -> BundleObj {
    if stub.name.is_none() {
        job.unnamed_images.push(stub.image.clone());
    }
    job.stub_warning(&stub, b.origin.clone());
    stub.into_bundle(b.origin.clone())
}
