//! `olm.semver`: channels generated from bundle versions (docs/spec/template-rules.md §4).
//! Bundles come from bundle sources or, failing that, from what the image tag says; the channels, entries,
//! `replaces`, `skips` and default channel follow opm's `generateChannels` and `linkChannels`.

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use serde_json::Value;

use crate::diag::{Diagnostic, Rule};
use crate::model::ChannelEntry;
use crate::semver::Version;
use crate::sort::SortWith;
use crate::template::bundles::facts::{resolve, Resolved};
use crate::template::error::{PostProcessError, SemverError, StreamKind, TemplateErrorKind};
use crate::template::kinds::semver::read::{
    self as semver_read, ReadError, SemverSpec, ARCHETYPES,
};
use crate::template::read::fbc::{BundleObj, ChannelObj, Config, IconObj, PackageObj};
use crate::template::read::file::File;
use crate::template::read::godecode::{self as go, Ctx};
use crate::template::{Job, TemplateError};
use crate::yaml::tree::Pos;

fn semver_err(e: SemverError) -> TemplateErrorKind {
    TemplateErrorKind::Semver(e)
}

/// Renders the semver template of `file` (its first YAML document).
///
/// # Complexity
/// O(n + b log b) for n bytes and b bundle images (each image resolved once, versions sorted once per channel).
pub(crate) fn render(file: &File, job: &mut Job) -> Result<Config, TemplateError> {
    let read = match file.whole_first() {
        Some(node) => semver_read::read_node(&node),
        None => semver_read::read(file.text, &file.limits),
    };
    file.forget();
    let spec = read.map_err(|e| match e {
        ReadError::Semver(e, pos) => file.error(semver_err(SemverError::Read(e)), pos, 0),
        ReadError::Limit(e, pos) => file.error(TemplateErrorKind::Limit(e), pos, 0),
    })?;
    let mut rendered = render_bundles(file, &spec, job)?;
    if rendered.is_empty() {
        let at = file.at(Pos { line: 1, column: 1 }, 1);
        return Err(TemplateError::new(semver_err(SemverError::NoBundles), at));
    }
    let (package, versions) = archetype_versions(file, &spec, &rendered)?;
    let generated = generate_channels(&versions, &spec);
    let mut cfg = Config::default();
    let mut pkg = PackageObj {
        schema: "olm.package".into(),
        name: package.clone(),
        default_channel: generated.default_channel.clone(),
        icon: None,
        description: String::new(),
        properties: Vec::new(),
        origin: file.at(Pos { line: 1, column: 1 }, 1),
    };
    // Each image's bundle once, in listing order (taken out of the map: no copies).
    let bundles: Vec<BundleObj> = spec
        .bundles
        .iter()
        .flatten()
        .filter_map(|(image, _)| rendered.remove(image))
        .collect();
    package_metadata(&mut pkg, &generated, &bundles, job);
    cfg.packages.push(pkg);
    cfg.channels = generated
        .channels
        .into_iter()
        .map(|(name, entries)| ChannelObj {
            schema: "olm.channel".into(),
            name,
            package: package.clone(),
            entries: Some(entries),
            properties: Vec::new(),
            origin: file.at(Pos { line: 1, column: 1 }, 1),
        })
        .collect();
    cfg.bundles = bundles;
    Ok(cfg)
}

/// Every distinct image, rendered once: from a bundle source, or a stub whose name, version and
/// package its tag gives. An image nothing is known about is an error (or, when the job keeps
/// going, a diagnostic and the image is left out).
fn render_bundles(
    file: &File,
    spec: &SemverSpec,
    job: &mut Job,
) -> Result<HashMap<String, BundleObj>, TemplateError> {
    let mut seen = HashSet::new();
    let order: Vec<(&str, Pos)> = spec
        .bundles
        .iter()
        .flatten()
        .filter(|(image, _)| seen.insert(image.as_str()))
        .map(|(image, pos)| (image.as_str(), *pos))
        .collect();
    let first = order
        .iter()
        .map(|(i, _)| resolve(i, None, None, job.source))
        .collect::<Vec<_>>();
    let known_package = first.iter().find_map(|r| match r {
        Resolved::Rendered(b) => Some(b.package.clone()),
        Resolved::Stub(s) => s.package.as_ref().map(|p| p.0.clone()),
    });
    let mut out = HashMap::new();
    for ((image, pos), r) in order.into_iter().zip(first) {
        let r = match r {
            Resolved::Stub(s) if s.name.is_none() => {
                resolve(image, None, known_package.as_deref(), job.source)
            }
            r => r,
        };
        match r {
            Resolved::Rendered(mut b) => {
                b.origin = file.at(pos, 1);
                out.insert(image.to_string(), b);
            }
            Resolved::Stub(s) if s.name.is_some() && s.version.is_some() && s.package.is_some() => {
                job.stub_warning(&s, file.at(pos, 1));
                out.insert(image.to_string(), s.into_bundle(file.at(pos, 1)));
            }
            Resolved::Stub(_) => {
                let e = TemplateError::new(
                    semver_err(SemverError::UnknownBundle(image.to_string())),
                    file.at(pos, 1),
                );
                if !job.keep_going {
                    return Err(e);
                }
                job.diagnostics.push(e.to_diagnostic());
            }
        }
    }
    Ok(out)
}

/// An `olm.package` property of a bundle: (package name, version).
fn package_props(b: &BundleObj) -> Result<Vec<(String, String)>, PostProcessError> {
    if let Some(v) = &b.stub_version {
        return Ok(vec![(b.package.clone(), v.clone())]);
    }
    let mut out = Vec::new();
    for (i, p) in b.properties.iter().enumerate() {
        if p.type_ != "olm.package" {
            continue;
        }
        let parse_err = |e: String| PostProcessError::Properties {
            bundle: b.name.clone(),
            message: format!("parse property[{i}] of type \"olm.package\": {e}"),
        };
        let obj = match &p.value {
            Value::Object(o) => o.clone(),
            Value::Null => serde_json::Map::new(),
            other => return Err(parse_err(go::value_type_error(other, "property.Package"))),
        };
        let field = |k: &str| {
            go::string(
                &obj,
                k,
                Ctx {
                    go_struct: "Package",
                    path: k,
                },
            )
            .map_err(parse_err)
        };
        let name = field("packageName")?;
        let version = field("version")?;
        field("release")?;
        out.push((name, version));
    }
    Ok(out)
}

type Versions = [Vec<(String, Version)>; 3];

/// `getVersionsFromStandardChannels`: each archetype's bundles with their versions, and the
/// package (fixed by the first bundle, candidate → fast → stable).
fn archetype_versions(
    file: &File,
    spec: &SemverSpec,
    rendered: &HashMap<String, BundleObj>,
) -> Result<(String, Versions), TemplateError> {
    let mut package: Option<String> = None;
    let mut out: Versions = Default::default();
    for (a, list) in spec.bundles.iter().enumerate() {
        let mut names = HashSet::new();
        let fail = |e: PostProcessError, pos: Pos| {
            file.error(semver_err(SemverError::PostProcess(e)), pos, 0)
        };
        for (image, pos) in list {
            let Some(b) = rendered.get(image) else {
                continue; // unknown image, already reported
            };
            let props = package_props(b).map_err(|e| fail(e, *pos))?;
            let [(pkg_name, version_text)] = props.as_slice() else {
                return Err(fail(
                    PostProcessError::PackageProperties(b.name.clone()),
                    *pos,
                ));
            };
            let version = Version::parse(version_text).map_err(|e| {
                let e = PostProcessError::InvalidVersion {
                    bundle: b.name.clone(),
                    version: version_text.clone(),
                    message: e.to_string(),
                };
                fail(e, *pos)
            })?;
            match &package {
                Some(p) if p != pkg_name => {
                    let e = PostProcessError::WrongPackage {
                        found: pkg_name.clone(),
                        expected: p.clone(),
                    };
                    return Err(fail(e, *pos));
                }
                Some(_) => {}
                None => package = Some(pkg_name.clone()),
            }
            if !names.insert(b.name.as_str()) {
                return Err(fail(PostProcessError::DuplicateName(b.name.clone()), *pos));
            }
            out[a].push((b.name.clone(), version));
        }
        if let Some(e) = build_metadata_conflicts(&out[a]) {
            let pos = list.first().map_or(Pos { line: 1, column: 1 }, |x| x.1);
            return Err(fail(e, pos));
        }
    }
    Ok((package.unwrap_or_default(), out))
}

/// Two versions equal once build metadata is stripped cannot be ordered.
fn build_metadata_conflicts(list: &[(String, Version)]) -> Option<PostProcessError> {
    let mut seen = BTreeSet::new();
    let mut errs = Vec::new();
    for (_, v) in list {
        let stripped = Version {
            build: Vec::new(),
            ..v.clone()
        }
        .to_string();
        if !seen.insert(stripped.clone()) {
            errs.push((v.to_string(), stripped));
        }
    }
    (!errs.is_empty()).then_some(PostProcessError::BuildMetadata(errs))
}

/// Minor (rank 2) or major (rank 1) channels; `None` (rank 0) only in the starting mark.
fn kind_rank(k: Option<StreamKind>) -> u8 {
    match k {
        Some(StreamKind::Minor) => 2,
        Some(StreamKind::Major) => 1,
        None => 0,
    }
}

/// The high-water mark that picks the default channel.
#[derive(Clone)]
struct HighWater {
    arch: usize,
    kind: Option<StreamKind>,
    version: Version,
    name: String,
}

impl HighWater {
    /// opm's `highwaterChannel.gt`.
    fn gt(&self, other: &HighWater, pref: Option<StreamKind>) -> bool {
        if self.arch != other.arch {
            return self.arch > other.arch;
        }
        match self.version.compare(&other.version) {
            Ordering::Equal => {}
            o => return o == Ordering::Greater,
        }
        if self.kind != other.kind {
            if self.kind == pref {
                return true;
            }
            if other.kind == pref {
                return false;
            }
            return kind_rank(self.kind) > kind_rank(other.kind);
        }
        false
    }
}

/// One generated entry, for linking.
struct Tuple {
    arch: usize,
    kind: StreamKind,
    parent: String,
    name: String,
    version: Version,
    index: usize,
}

/// Channels by name with their entries, and the default channel.
pub(crate) struct Generated {
    pub channels: BTreeMap<String, Vec<ChannelEntry>>,
    pub default_channel: String,
}

/// opm's `generateChannels` then `linkChannels`.
///
/// # Complexity
/// O(B log B + E) for B bundle listings and E generated entries (skips lists aside: each
/// linked entry's skips are written out, as opm writes them).
pub(crate) fn generate_channels(versions: &Versions, spec: &SemverSpec) -> Generated {
    let mut hw = HighWater {
        arch: 0,
        kind: None,
        version: Version::new(0, 0, 0),
        name: String::new(),
    };
    let mut channels: BTreeMap<String, Vec<ChannelEntry>> = BTreeMap::new();
    let mut tuples = Vec::new();
    for (arch, list) in versions.iter().enumerate() {
        let mut sorted: Vec<&(String, Version)> = list.iter().collect();
        sorted.sort_with(|a, b| a.1.compare(&b.1));
        for (name, v) in sorted {
            let mut kinds = Vec::new();
            if spec.generate_major {
                kinds.push((
                    StreamKind::Major,
                    format!("{}-v{}", ARCHETYPES[arch], v.major),
                ));
            }
            if spec.generate_minor {
                let n = format!("{}-v{}.{}", ARCHETYPES[arch], v.major, v.minor);
                kinds.push((StreamKind::Minor, n));
            }
            for (kind, cname) in kinds {
                let entries = channels.entry(cname.clone()).or_insert_with(|| {
                    let cand = HighWater {
                        arch,
                        kind: Some(kind),
                        version: v.clone(),
                        name: cname.clone(),
                    };
                    if cand.gt(&hw, spec.preference) {
                        hw = cand;
                    }
                    Vec::new()
                });
                entries.push(ChannelEntry {
                    name: name.clone(),
                    ..ChannelEntry::default()
                });
                tuples.push(Tuple {
                    arch,
                    kind,
                    parent: cname,
                    name: name.clone(),
                    version: v.clone(),
                    index: entries.len() - 1,
                });
            }
        }
    }
    link_channels(&mut channels, tuples);
    Generated {
        channels,
        default_channel: hw.name,
    }
}

/// opm's `linkChannels`: the last entry of each Y-stream replaces the last entry of the previous
/// Y-stream of the same X and skips every earlier entry of that X (same archetype and kind).
fn link_channels(channels: &mut BTreeMap<String, Vec<ChannelEntry>>, mut t: Vec<Tuple>) {
    t.sort_with(|a, b| {
        (a.arch, kind_rank(Some(a.kind)))
            .cmp(&(b.arch, kind_rank(Some(b.kind))))
            .then_with(|| a.version.compare(&b.version))
    });
    let mut zmax = String::new();
    let mut skips: BTreeSet<String> = BTreeSet::new();
    let mut set_edges = |p: &Tuple, zmax: &str, skips: &BTreeSet<String>| {
        if let Some(e) = channels.get_mut(&p.parent).and_then(|c| c.get_mut(p.index)) {
            e.replaces = (!zmax.is_empty()).then(|| zmax.to_string());
            let list: Vec<String> = skips.iter().filter(|s| *s != zmax).cloned().collect();
            if !list.is_empty() {
                e.skips = list;
            }
        }
    };
    for i in 1..t.len() {
        let (p, c) = (&t[i - 1], &t[i]);
        let stream_change =
            p.arch != c.arch || p.kind != c.kind || p.version.major != c.version.major;
        let y_change = p.version.minor != c.version.minor;
        if stream_change || y_change {
            set_edges(p, &zmax, &skips);
        }
        if stream_change {
            skips.clear();
            zmax.clear();
        } else {
            if y_change {
                zmax = p.name.clone();
            }
            skips.insert(p.name.clone());
        }
    }
    if t.len() > 1 {
        let (p, l) = (&t[t.len() - 2], &t[t.len() - 1]);
        if p.arch == l.arch && p.kind == l.kind && p.version.major == l.version.major {
            set_edges(l, &zmax, &skips);
        }
    }
}

/// `populatePackageMetadata`: description and icon from the CSV of the default channel's last
/// entry. A bundle source in the newer form (`olm.csv.metadata` instead of the CSV) gives the
/// description only; a stub gives nothing.
fn package_metadata(pkg: &mut PackageObj, g: &Generated, bundles: &[BundleObj], job: &mut Job) {
    let Some(head) = g.channels.get(&g.default_channel).and_then(|c| c.last()) else {
        return;
    };
    let Some(b) = bundles.iter().find(|b| b.name == head.name) else {
        return;
    };
    if let Some(csv) = b.csv() {
        let spec = csv.get("spec");
        if let Some(d) = spec
            .and_then(|s| s.get("description"))
            .and_then(Value::as_str)
        {
            pkg.description = d.to_string();
        }
        if let Some(icon) = spec.and_then(|s| s.get("icon")).and_then(first_icon) {
            pkg.icon = Some(icon);
        }
        return;
    }
    let meta = b.properties.iter().find(|p| p.type_ == "olm.csv.metadata");
    if let Some(d) = meta
        .and_then(|p| p.value.get("description"))
        .and_then(Value::as_str)
    {
        pkg.description = d.to_string();
    }
    if b.stub_version.is_none() {
        job.diagnostics.push(
            Diagnostic::info(
                Rule::TemplateIcon,
                format!("package icon unknown: bundle {:?} (the default channel's head) has no ClusterServiceVersion in its bundle source, and opm takes the icon from it", b.name),
            )
            .at(b.origin.clone())
            .package(&pkg.name),
        );
    }
}

/// The first icon of a CSV's `spec.icon`, as `GetIcons` decodes it (all icons must decode).
fn first_icon(icons: &Value) -> Option<IconObj> {
    use base64::Engine as _;
    let list = icons.as_array()?;
    let mut decoded = Vec::new();
    for i in list {
        let data = match i.get("base64data") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::String(s)) => base64::engine::general_purpose::STANDARD
                .decode(s.replace(['\n', '\r'], ""))
                .ok()?,
            Some(_) => return None,
        };
        let media_type = match i.get("mediatype") {
            None | Some(Value::Null) => String::new(),
            Some(Value::String(s)) => s.clone(),
            Some(_) => return None,
        };
        decoded.push(IconObj {
            data: Some(data),
            media_type,
        });
    }
    decoded.into_iter().next()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn versions(list: &[&str]) -> Versions {
        let stable = list
            .iter()
            .map(|v| (format!("a-v{v}"), Version::parse(v).expect("version")))
            .collect();
        [Vec::new(), Vec::new(), stable]
    }

    fn spec(major: bool, minor: bool, pref: StreamKind) -> SemverSpec {
        SemverSpec {
            generate_major: major,
            generate_minor: minor,
            preference: Some(pref),
            ..SemverSpec::default()
        }
    }

    /// opm's generator table also runs with a preference its flags contradict (readFile refuses
    /// such a template; the generator itself just never meets a channel of the preferred kind).
    #[test]
    fn generator_with_a_preference_its_flags_contradict() {
        let v = versions(&["0.1.0", "1.3.1-alpha", "1.3.1", "2.1.0", "3.1.0", "3.1.1"]);
        let minor = generate_channels(&v, &spec(false, true, StreamKind::Major));
        let same = generate_channels(&v, &spec(false, true, StreamKind::Minor));
        assert_eq!(minor.channels, same.channels);
        assert_eq!(minor.default_channel, "stable-v3.1");
        let major = generate_channels(&v, &spec(true, false, StreamKind::Minor));
        let same = generate_channels(&v, &spec(true, false, StreamKind::Major));
        assert_eq!(major.channels, same.channels);
        assert_eq!(major.default_channel, "stable-v3");
    }
}
