//! The checks of Konflux's `validate-fbc` task that read only the rendered FBC fragment
//! (spec/preflight.md §16): an `olm.package` is there; bundle metadata fits the fragment's
//! OpenShift version (`olm.csv.metadata` from 4.17 on, `olm.bundle.object` before); bundle
//! images are pinned by digest and come from Red Hat's registries. The task's other steps (base
//! image, `opm validate` of the image, related images) need the built image and a registry.

use super::openshift::OpenShift;
use super::{Check, Outcome};
use crate::model::Catalog;

/// The task's name.
pub(super) const CHECK: &str = "validate-fbc";

/// From this OpenShift version on, fragments carry `olm.csv.metadata`.
const CSV_METADATA_FROM: OpenShift = OpenShift::new(4, 17);

/// `@sha256:` and 64 hex digits at the end of the reference.
fn digest_pinned(image: &str) -> bool {
    image
        .rsplit_once("@sha256:")
        .is_some_and(|(_, hex)| hex.len() == 64 && hex.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// `registry.redhat.io/` or `registry.stage.redhat.io/` at the start.
fn trusted_registry(image: &str) -> bool {
    image.starts_with("registry.redhat.io/") || image.starts_with("registry.stage.redhat.io/")
}

/// The failures about bundle metadata for the fragment's OpenShift version. The task counts a
/// bundle once per property of the type (its `jq` selects with a generator).
///
/// # Complexity
/// O(B·T) for B bundles of T property types.
fn metadata(catalog: &Catalog, ocp: OpenShift) -> Vec<String> {
    let bundles = || catalog.packages.iter().flat_map(|p| p.bundles.iter());
    let count = |t: &str| -> usize {
        bundles()
            .map(|b| b.property_counts.get(t).copied().unwrap_or(0))
            .sum()
    };
    let (objects, csv_metadata, total) = (
        count("olm.bundle.object"),
        count("olm.csv.metadata"),
        bundles().count(),
    );
    let (major, minor) = (ocp.major, ocp.minor);
    let mut out = Vec::new();
    if ocp >= CSV_METADATA_FROM {
        if objects > 0 {
            out.push(format!("!FAILURE! - olm.bundle.object bundle properties are not permitted in a FBC fragment for OCP version {major}.{minor}. Fragments must move to olm.csv.metadata bundle metadata."));
        }
        if total != csv_metadata {
            out.push("!FAILURE! - every olm.bundle object in the fragment must have a corresponding olm.csv.metadata bundle property".to_string());
        }
    } else {
        if csv_metadata > 0 {
            out.push(format!("!FAILURE! - olm.csv.metadata bundle properties are not permitted in a FBC fragment for OCP version {major}.{minor}. Fragments must only use olm.bundle.object bundle metadata."));
        }
        if objects < total {
            out.push("!FAILURE! - every olm.bundle object in the fragment must have at least one olm.bundle.object bundle property".to_string());
        }
    }
    out
}

/// The failures about bundle image references: each list one message, the references on the
/// lines after it as the task prints them.
///
/// # Complexity
/// O(B) for B bundles.
fn images(catalog: &Catalog) -> Vec<String> {
    let refs: Vec<&str> = catalog
        .packages
        .iter()
        .flat_map(|p| p.bundles.iter())
        .filter_map(|b| b.image.as_deref())
        .filter(|i| !i.is_empty())
        .collect();
    let list = |head: &str, bad: Vec<&&str>| -> Option<String> {
        (!bad.is_empty()).then(|| {
            let lines: Vec<String> = bad.iter().map(|i| format!("  {i}")).collect();
            format!("{head}\n{}", lines.join("\n"))
        })
    };
    let unpinned = refs.iter().filter(|i| !digest_pinned(i)).collect();
    let elsewhere = refs.iter().filter(|i| !trusted_registry(i)).collect();
    [
        list("!FAILURE! - The following olm.bundle image references are not digest-pinned:", unpinned),
        list("!FAILURE! - The following olm.bundle image references are not from registry.redhat.io or registry.stage.redhat.io:", elsewhere),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// `validate-fbc`'s fragment checks on `catalog`, for the fragment's OpenShift version `ocp`
/// (`None`: not known, and the metadata check is not run, as the task does when it cannot read
/// the version from the base image).
///
/// # Complexity
/// O(B·T) for B bundles of T property types.
pub(super) fn validate_fbc(catalog: &Catalog, ocp: Option<OpenShift>) -> Check {
    let mut found: Vec<(Outcome, String)> = Vec::new();
    if !catalog.packages.iter().any(|p| p.declared) {
        found.push((
            Outcome::Fail,
            "!FAILURE! - There are no olm package entries defined in this FBC fragment."
                .to_string(),
        ));
    }
    match ocp {
        Some(v) => found.extend(metadata(catalog, v).into_iter().map(|m| (Outcome::Fail, m))),
        None => found.push((Outcome::Warn, "!WARNING! - unable to assess bundle metadata alignment with OCP version because we cannot parse OCP version from the base image (olm-graph: give the fragment's version with --ocp, or read it from a vMAJOR.MINOR folder of its path)".to_string())),
    }
    found.extend(images(catalog).into_iter().map(|m| (Outcome::Fail, m)));
    Check::from_findings(CHECK, found)
}

/// The fragment's OpenShift version from its path: the last `vMAJOR.MINOR` (or `MAJOR.MINOR`)
/// folder of any file read, as FBC repositories lay fragments out (`v4.17/catalog/...`).
///
/// # Complexity
/// O(n) in the length of the paths.
pub(super) fn version_from_paths<'p>(
    paths: impl IntoIterator<Item = &'p str>,
) -> Option<OpenShift> {
    paths.into_iter().find_map(|p| {
        let mut dirs: Vec<&str> = p.split('/').collect();
        dirs.pop();
        dirs.into_iter()
            .rev()
            .find_map(|d| d.starts_with('v').then(|| OpenShift::parse(d)).flatten())
    })
}
