//! Bundle facts without a registry (docs/spec/template-rules.md §6): for a bundle a template knows only by its
//! image (and maybe a name), its name, version and package come, in this order, from a bundle
//! source with the same image, from the bundle's own name (`.v<semver>` suffix), and from the
//! image tag. Every fact carries where it came from.

use crate::diag::Location;
use crate::template::bundles::source::{repo_tag, BundleSource};
use crate::template::read::fbc::BundleObj;
// Versions from CSV-style names: the one rule olm-graph uses everywhere (partial catalogs too).
use crate::infer::{split_name, version_from_name};
use crate::model::{BundleFacts, FactSource};
use crate::semver::Version;

/// A template's bundle reference, resolved.
#[derive(Debug, Clone)]
pub(crate) enum Resolved {
    /// The bundle source's bundle, whole (its facts say which source and how it matched).
    Rendered(BundleObj),
    /// Not in any source: what names and tags tell.
    Stub(Stub),
}

/// What is known about a bundle that no source has.
#[derive(Debug, Clone, Default)]
pub(crate) struct Stub {
    pub image: String,
    pub name: Option<(String, FactSource)>,
    pub version: Option<(Version, FactSource)>,
    pub package: Option<(String, FactSource)>,
}

impl Stub {
    /// The stub as an `olm.bundle` object: `{schema, package, name, image}`, with its facts.
    ///
    /// # Complexity
    /// O(size of the facts).
    pub(crate) fn into_bundle(self, origin: Location) -> BundleObj {
        let facts = BundleFacts {
            name: self.name.as_ref().map(|n| n.1.clone()),
            version: self.version.as_ref().map(|v| v.1.clone()),
            package: self.package.as_ref().map(|p| p.1.clone()),
            stub: true,
        };
        BundleObj {
            schema: "olm.bundle".into(),
            name: self.name.map(|n| n.0).unwrap_or_default(),
            package: self.package.map(|p| p.0).unwrap_or_default(),
            image: self.image,
            origin,
            facts: Some(facts),
            stub_version: self.version.map(|v| v.0.to_string()),
            ..BundleObj::default()
        }
    }
}

/// Resolves a bundle reference: `name` is the template's own name for it (basic templates),
/// `package` the package the template already fixes (if any).
///
/// # Complexity
/// O(length of the reference) plus one hashed look-up in the bundle source.
pub(crate) fn resolve(
    image: &str,
    name: Option<&str>,
    package: Option<&str>,
    source: &BundleSource,
) -> Resolved {
    if let Some((b, how, _)) = source.find(image) {
        let mut b = b.clone();
        let from = FactSource::BundleSource {
            file: b.origin.file.clone(),
            matched_by: how,
        };
        b.facts = Some(BundleFacts {
            name: Some(from.clone()),
            version: Some(from.clone()),
            package: Some(from),
            stub: false,
        });
        return Resolved::Rendered(b);
    }
    let mut stub = Stub {
        image: image.to_string(),
        package: package
            .filter(|p| !p.is_empty())
            .map(|p| (p.to_string(), FactSource::TemplatePackage)),
        ..Stub::default()
    };
    if let Some(n) = name.filter(|n| !n.is_empty()) {
        stub.name = Some((n.to_string(), FactSource::BundleName));
        stub.version = version_from_name(n).map(|v| (v, FactSource::BundleName));
    }
    from_tag(image, &mut stub);
    Resolved::Stub(stub)
}

/// Fills what the tag of a `repo:tag` reference tells (not for digests): `<package>.v<semver>`
/// gives the name, the version and (if still unknown) the package; `v<semver>` or `<semver>`
/// gives the version, and the name `<package>.v<version>` when the package is known.
fn from_tag(image: &str, stub: &mut Stub) {
    if image.contains('@') {
        return;
    }
    let Some((_, tag)) = repo_tag(image) else {
        return;
    };
    if let Some((prefix, v)) = split_name(tag) {
        if stub.name.is_none() {
            stub.name = Some((tag.to_string(), FactSource::ImageTag));
        }
        if stub.package.is_none() && !prefix.is_empty() {
            stub.package = Some((prefix.to_string(), FactSource::ImageTag));
        }
        if stub.version.is_none() {
            stub.version = Some((v, FactSource::ImageTag));
        }
        return;
    }
    let bare = tag.strip_prefix('v').unwrap_or(tag);
    let Ok(v) = Version::parse(bare) else { return };
    if stub.name.is_none() {
        if let Some((p, _)) = &stub.package {
            stub.name = Some((format!("{p}.v{v}"), FactSource::ImageTag));
        }
    }
    if stub.version.is_none() {
        stub.version = Some((v, FactSource::ImageTag));
    }
}

/// Which facts a stub has and where they came from, in words.
///
/// # Complexity
/// O(1) (a few facts).
pub(crate) fn describe(stub: &Stub) -> String {
    let from = |s: &FactSource| match s {
        FactSource::BundleName => "the template's name",
        FactSource::ImageTag => "the image tag",
        FactSource::TemplatePackage => "the template's package",
        FactSource::BundleSource { .. } => "a bundle source",
    };
    let name = stub
        .name
        .as_ref()
        .map_or("name unknown".to_string(), |(n, s)| {
            format!("name {n:?} from {}", from(s))
        });
    let version = stub
        .version
        .as_ref()
        .map_or("version unknown".to_string(), |(v, s)| {
            format!("version {v} from {}", from(s))
        });
    let package = stub.package.as_ref().map_or(
        "package unknown: opm drops a bundle without a package".to_string(),
        |(p, s)| format!("package {p:?} from {}", from(s)),
    );
    format!("{name}, {version}, {package}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stub(image: &str, name: Option<&str>, package: Option<&str>) -> Stub {
        match resolve(image, name, package, &BundleSource::empty()) {
            Resolved::Stub(s) => s,
            Resolved::Rendered(_) => panic!("no source"),
        }
    }

    #[test]
    fn names_suffixes_and_tags() {
        assert_eq!(
            version_from_name("clusterkubedescheduleroperator.v5.3.1").map(|v| v.to_string()),
            Some("5.3.1".into())
        );
        assert_eq!(
            version_from_name("a.vb.v1.0.0-rc.1").map(|v| v.to_string()),
            Some("1.0.0-rc.1".into())
        );
        assert!(version_from_name("serverless-operator").is_none());

        let s = stub("quay.io/foo/olm:testoperator.v0.1.0", None, None);
        assert_eq!(s.name.unwrap().0, "testoperator.v0.1.0");
        assert_eq!(
            s.package.unwrap(),
            ("testoperator".into(), FactSource::ImageTag)
        );
        assert_eq!(s.version.unwrap().0.to_string(), "0.1.0");

        let s = stub("quay.io/foo/op:v1.2.3", None, Some("op"));
        assert_eq!(s.name.unwrap(), ("op.v1.2.3".into(), FactSource::ImageTag));

        let s = stub("r.io/b@sha256:00", Some("x.v1.0.0"), Some("x"));
        assert_eq!(s.version.unwrap().1, FactSource::BundleName);

        let s = stub("r.io/b@sha256:00", None, Some("x"));
        assert!(s.name.is_none() && s.version.is_none());
        let b = s.into_bundle(Location::at("t", None, None, None));
        assert!(b.facts.unwrap().stub);
    }
}
