//! `olm.template.substitutes`: a complete FBC plus `substitutions: [{name, base}]`, each putting
//! the bundle rendered from image `name` in the place of bundle `base` (templates.md §5).

use std::cmp::Ordering;

use serde_json::Value;

use super::doc::File;
use super::error::{SubstitutesError, SubstitutionReason, TemplateErrorKind};
use super::facts::{resolve, Resolved};
use super::fbc::{BundleObj, Config};
use super::godecode::{self as go, Ctx};
use super::spec::{self, SpecKind, Substitution};
use super::tree::{Node, Pos};
use super::{model_check, Job, TemplateError};
use crate::model::ChannelEntry;
use crate::semver::{PrereleaseId, Version};

const KIND: SpecKind = SpecKind {
    schema: "olm.template.substitutes",
    go_struct: "SubstitutesTemplateData",
    with_substitutions: true,
};

fn subs(e: SubstitutesError) -> TemplateErrorKind {
    TemplateErrorKind::Substitutes(e)
}

/// Renders the substitutes template in document `index` of `file`.
pub(crate) fn render(
    file: &File,
    index: usize,
    node: Option<&Node>,
    job: &mut Job,
) -> Result<Config, TemplateError> {
    let spec = spec::parse_spec(node, &KIND)
        .map_err(|(e, pos)| file.error(subs(SubstitutesError::Parse(e)), pos, index))?;
    let mut cfg = spec::load_entries(file, index, spec.entries)
        .map_err(|(e, pos)| file.error(subs(SubstitutesError::Entries(e)), pos, index))?;
    let start = node.map_or(Pos { line: 1, column: 1 }, |n| n.pos);
    if let Some(m) = model_check::model_error(&cfg) {
        return Err(file.error(subs(SubstitutesError::InvalidEntries(m)), start, index));
    }
    let mut bases: Vec<&str> = Vec::new();
    let mut names: Vec<(&str, &str)> = Vec::new();
    for s in &spec.substitutions {
        let fail = |e: SubstitutesError| file.error(subs(e), s.pos, index);
        if bases.contains(&s.base.as_str()) {
            return Err(fail(SubstitutesError::ReusedBase(s.base.clone())));
        }
        bases.push(&s.base);
        if let Some((_, earlier)) = names.iter().find(|(n, _)| *n == s.name) {
            return Err(fail(SubstitutesError::ReusedName {
                name: s.name.clone(),
                earlier: earlier.to_string(),
                this: s.base.clone(),
            }));
        }
        names.push((&s.name, &s.base));
        let origin = file.at(s.pos, index + 1);
        process(&mut cfg, s, origin, job).map_err(|reason| {
            fail(SubstitutesError::Substitution {
                base: s.base.clone(),
                name: s.name.clone(),
                reason,
            })
        })?;
    }
    Ok(cfg)
}

/// `validateSubstitution` then `processSubstitution`.
fn process(
    cfg: &mut Config,
    s: &Substitution,
    origin: crate::diag::Location,
    job: &mut Job,
) -> Result<(), SubstitutionReason> {
    use SubstitutionReason as R;
    if s.name.is_empty() {
        return Err(R::EmptyName);
    }
    if s.base.is_empty() {
        return Err(R::EmptyBase);
    }
    if s.name == s.base {
        return Err(R::Same);
    }
    let package = match cfg.packages.as_slice() {
        [p] => Some(p.name.clone()),
        _ => None,
    };
    let sub = match resolve(&s.name, None, package.as_deref(), job.source) {
        Resolved::Rendered(mut b) => {
            b.origin = origin;
            b
        }
        Resolved::Stub(st) if st.name.is_some() && st.version.is_some() => {
            job.stub_warning(&st, origin.clone());
            st.into_bundle(origin)
        }
        Resolved::Stub(_) => {
            return Err(R::Render {
                image: s.name.clone(),
                message: "no bundle source has it and its tag gives no version (olm-graph renders without a registry: give the rendered catalog with --bundles)".into(),
            })
        }
    };
    let sub_vr = version_release(&sub).map_err(|message| R::SubstituteVersion {
        image: s.name.clone(),
        message,
    })?;
    let base = cfg
        .bundles
        .iter()
        .find(|b| b.name == s.base)
        .ok_or_else(|| R::BaseMissing(s.base.clone()))?;
    let base_vr = version_release(base).map_err(|message| R::BaseVersion {
        base: s.base.clone(),
        message,
    })?;
    if base_vr.compare(&sub_vr) != Ordering::Less {
        return Err(R::NotLess {
            base: s.base.clone(),
            image: s.name.clone(),
        });
    }
    for ch in &mut cfg.channels {
        if let Some(entries) = &mut ch.entries {
            rewrite(entries, &s.base, &sub.name);
        }
    }
    cfg.bundles.push(sub);
    match model_check::model_error(cfg) {
        Some(m) => Err(R::Invalid(m)),
        None => Ok(()),
    }
}

/// The channel rewrite for substitute `sub` of `base` (opm's two passes).
///
/// # Complexity
/// O(V·K) for V entries and K skips per entry.
pub(crate) fn rewrite(entries: &mut Vec<ChannelEntry>, base: &str, sub: &str) {
    let targets: Vec<usize> = (0..entries.len())
        .filter(|&i| entries[i].name == base)
        .collect();
    for &i in targets.iter().rev() {
        let old = std::mem::take(&mut entries[i]);
        let mut skips = old.skips;
        skips.push(base.to_string());
        entries.push(ChannelEntry {
            name: sub.to_string(),
            replaces: old.replaces,
            skips,
            skip_range: old.skip_range,
        });
        entries[i].name = old.name;
    }
    let original = entries.len() - targets.len();
    for e in &mut entries[..original] {
        if e.replaces.as_deref() == Some(base) {
            e.replaces = Some(sub.to_string());
            e.skips.push(base.to_string());
        } else if e.skips.iter().any(|x| x == base) {
            e.skips.push(sub.to_string());
            e.skips.retain(|x| x != base);
        }
    }
}

/// A bundle's version and release, as opm orders bundles for substitution.
#[derive(Debug, Clone)]
pub(crate) struct VersionRelease {
    pub version: Version,
    pub release: Vec<PrereleaseId>,
}

impl VersionRelease {
    /// Version first; then no release before any release; then releases as pre-release lists.
    pub fn compare(&self, other: &VersionRelease) -> Ordering {
        self.version.compare(&other.version).then_with(|| {
            match (self.release.is_empty(), other.release.is_empty()) {
                (true, true) => Ordering::Equal,
                (true, false) => Ordering::Less,
                (false, true) => Ordering::Greater,
                (false, false) => compare_ids(&self.release, &other.release),
            }
        })
    }
}

fn compare_ids(a: &[PrereleaseId], b: &[PrereleaseId]) -> Ordering {
    for (x, y) in a.iter().zip(b) {
        match x.compare(y) {
            Ordering::Equal => {}
            o => return o,
        }
    }
    a.len().cmp(&b.len())
}

/// opm's `NewRelease`: dot-separated pre-release identifiers, at most 20 characters.
pub(crate) fn parse_release(text: &str) -> Result<Vec<PrereleaseId>, String> {
    if text.is_empty() {
        return Ok(Vec::new());
    }
    if text.len() > 20 {
        return Err(format!(
            "invalid release {text:?}: exceeds maximum length of 20 characters"
        ));
    }
    let mut out = Vec::new();
    let mut errs = Vec::new();
    for (i, seg) in text.split('.').enumerate() {
        match PrereleaseId::parse(seg) {
            Ok(id) => out.push(id),
            Err(e) => errs.push(format!("segment {i}: {e}")),
        }
    }
    if errs.is_empty() {
        Ok(out)
    } else {
        Err(format!("invalid release {text:?}: {}", errs.join("\n")))
    }
}

/// `Bundle.VersionRelease`: from the single `olm.package` property; a legacy bundle (no
/// release, build metadata, CSV annotation `olm.substitutesFor`) takes its build metadata as
/// the release.
pub(crate) fn version_release(b: &BundleObj) -> Result<VersionRelease, String> {
    let name = &b.name;
    if let Some(v) = &b.stub_version {
        let version = Version::parse(v).map_err(|e| {
            format!(
                "invalid semver version {v:?} in \"olm.package\" property for bundle {name:?}: {e}"
            )
        })?;
        return Ok(VersionRelease {
            version,
            release: Vec::new(),
        });
    }
    let mut vr: Option<(Version, Vec<PrereleaseId>)> = None;
    for p in b.properties.iter().filter(|p| p.type_ == "olm.package") {
        if vr.is_some() {
            return Err("must be exactly one property of type \"olm.package\"".into());
        }
        let (version, release) = package_value(&p.value).map_err(|e| {
            format!("unable to unmarshal \"olm.package\" property for bundle {name:?}: {e}")
        })?;
        let v = Version::parse(&version).map_err(|e| {
            format!("invalid semver version {version:?} in \"olm.package\" property for bundle {name:?}: {e}")
        })?;
        let r = parse_release(&release).map_err(|e| {
            format!(
                "invalid release {release:?} in \"olm.package\" property for bundle {name:?}: {e}"
            )
        })?;
        vr = Some((v, r));
    }
    let (mut version, mut release) =
        vr.ok_or_else(|| format!("no \"olm.package\" property found for bundle {name:?}"))?;
    if release.is_empty() && !version.build.is_empty() && uses_legacy_release(b) {
        release = parse_release(&version.build.join(".")).map_err(|e| {
            format!("unable to convert build metadata to release for bundle {name:?}: {e}")
        })?;
        version.build.clear();
    }
    Ok(VersionRelease { version, release })
}

fn package_value(v: &Value) -> Result<(String, String), String> {
    let empty = serde_json::Map::new();
    let obj = match v {
        Value::Object(o) => o,
        Value::Null => &empty,
        other => return Err(go::value_type_error(other, "property.Package")),
    };
    let field = |k: &str| {
        go::string(
            obj,
            k,
            Ctx {
                go_struct: "Package",
                path: k,
            },
        )
    };
    Ok((field("version")?, field("release")?))
}

/// The CSV of the bundle (or its `olm.csv.metadata`) carries annotation `olm.substitutesFor`.
fn uses_legacy_release(b: &BundleObj) -> bool {
    let annotated = |annotations: Option<&Value>| {
        annotations
            .and_then(|a| a.get("olm.substitutesFor"))
            .and_then(Value::as_str)
            .is_some_and(|s| !s.is_empty())
    };
    if let Some(csv) = b.csv() {
        return annotated(csv.get("metadata").and_then(|m| m.get("annotations")));
    }
    b.properties
        .iter()
        .filter(|p| p.type_ == "olm.csv.metadata")
        .any(|p| annotated(p.value.get("annotations")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(name: &str, replaces: Option<&str>, skips: &[&str]) -> ChannelEntry {
        ChannelEntry {
            name: name.into(),
            replaces: replaces.map(str::to_string),
            skips: skips.iter().map(|s| s.to_string()).collect(),
            skip_range: None,
        }
    }

    #[test]
    fn rewrite_moves_edges_to_the_substitute() {
        let mut entries = vec![
            e("a.v1", None, &[]),
            e("a.v2", Some("a.v1"), &["a.v0"]),
            e("a.v3", Some("a.v2"), &[]),
            e("a.v4", None, &["a.v2"]),
        ];
        rewrite(&mut entries, "a.v2", "a-v2-1");
        assert_eq!(entries[1], e("a.v2", None, &[]));
        assert_eq!(entries[2], e("a.v3", Some("a-v2-1"), &["a.v2"]));
        assert_eq!(entries[3], e("a.v4", None, &["a-v2-1"]));
        assert_eq!(entries[4], e("a-v2-1", Some("a.v1"), &["a.v0", "a.v2"]));
    }

    #[test]
    fn releases_order_as_opm() {
        let vr = |v: &str, r: &str| VersionRelease {
            version: Version::parse(v).unwrap(),
            release: parse_release(r).unwrap(),
        };
        assert_eq!(
            vr("1.0.0", "").compare(&vr("1.0.0", "alpha")),
            Ordering::Less
        );
        assert_eq!(
            vr("1.0.0", "beta").compare(&vr("1.0.0", "alpha")),
            Ordering::Greater
        );
        assert_eq!(vr("1.0.0", "2").compare(&vr("1.0.0", "10")), Ordering::Less);
        assert_eq!(
            vr("1.0.0", "1").compare(&vr("1.0.0", "1.1")),
            Ordering::Less
        );
        assert_eq!(
            vr("1.0.1", "").compare(&vr("1.0.0", "z")),
            Ordering::Greater
        );
        assert!(parse_release("01").unwrap_err().contains("segment 0"));
        assert!(parse_release(&"a".repeat(21))
            .unwrap_err()
            .contains("exceeds maximum length of 20"));
    }
}
