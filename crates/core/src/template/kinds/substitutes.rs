//! `olm.template.substitutes`: a complete FBC plus `substitutions: [{name, base}]`, each putting
//! the bundle rendered from image `name` in the place of bundle `base` (docs/spec/template-rules.md §5).

use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};

use serde_json::Value;

use crate::load::Limits;
use crate::model::ChannelEntry;
use crate::release::{Release, VersionRelease};
use crate::semver::Version;
use crate::sort::SortWith;
use crate::template::bundles::facts::{resolve, Resolved};
use crate::template::error::{SubstitutesError, SubstitutionReason, TemplateErrorKind};
use crate::template::read::fbc::{BundleObj, Config};
use crate::template::read::file::File;
use crate::template::read::godecode::{self as go, Ctx};
use crate::template::read::spec::{self, SpecKind, Substitution};
use crate::template::{check::model_check, Job, TemplateError};
use crate::yaml::tree::{Node, Pos};

const KIND: SpecKind = SpecKind {
    schema: "olm.template.substitutes",
    go_struct: "SubstitutesTemplateData",
    with_substitutions: true,
};

fn subs(e: SubstitutesError) -> TemplateErrorKind {
    TemplateErrorKind::Substitutes(e)
}

/// Renders the substitutes template in document `index` of `file`.
///
/// opm validates the whole catalog after each substitution (`ConvertToModel`, then the model's
/// rules); that is O(S·n) for S substitutions of an n-object catalog. Here the substitutions
/// run first, on an index of the channel entries, and the catalog is validated once at the end
/// (see [`first_invalid`] for why that finds opm's first failing substitution, and its message).
///
/// # Complexity
/// O(n log n + S + W) for W entries the rewrites touch and write, when every substitution
/// keeps the catalog valid; O((n + S + W) log S) more to find the first one that does not.
pub(crate) fn render(
    file: &File,
    index: usize,
    node: Option<&Node>,
    job: &mut Job,
) -> Result<Config, TemplateError> {
    let spec = spec::parse_spec(node, &KIND)
        .map_err(|(e, pos)| file.error(subs(SubstitutesError::Parse(e)), pos, index))?;
    let cfg = spec::load_entries(file, index, spec.entries)
        .map_err(|(e, pos)| file.error(subs(SubstitutesError::Entries(e)), pos, index))?;
    let start = node.map_or(Pos { line: 1, column: 1 }, |n| n.pos);
    if let Some(m) = model_check::model_error(&cfg, &file.limits) {
        return Err(file.error(subs(SubstitutesError::InvalidEntries(m)), start, index));
    }
    let fail = |s: &Substitution, e: SubstitutesError| file.error(subs(e), s.pos, index);
    let initial = (!spec.substitutions.is_empty()).then(|| cfg.clone());
    let mut run = Run::new(cfg);
    let mut done: Vec<Done> = Vec::new();
    let mut stop = None;
    let mut bases = HashSet::new();
    let mut names: HashMap<&str, &str> = HashMap::new();
    for s in &spec.substitutions {
        if !bases.insert(s.base.as_str()) {
            stop = Some(fail(s, SubstitutesError::ReusedBase(s.base.clone())));
            break;
        }
        if let Some(earlier) = names.get(s.name.as_str()) {
            stop = Some(fail(
                s,
                SubstitutesError::ReusedName {
                    name: s.name.clone(),
                    earlier: earlier.to_string(),
                    this: s.base.clone(),
                },
            ));
            break;
        }
        names.insert(&s.name, &s.base);
        match prepare(&run, s, file.at(s.pos, index + 1), job) {
            Ok(sub) => {
                let special = run.apply(&s.base, sub.clone());
                done.push(Done {
                    sub,
                    special,
                    diagnostics: job.diagnostics.len(),
                    stubs: job.stubs.len(),
                });
            }
            Err(reason) => {
                stop = Some(fail(s, failed(s, reason)));
                break;
            }
        }
    }
    let replay = Replay {
        initial: initial.as_ref(),
        subs: &spec.substitutions,
        done: &done,
        limits: &file.limits,
    };
    if let Some((k, message)) = replay.first_invalid(&run.cfg) {
        job.diagnostics.truncate(done[k].diagnostics);
        job.stubs.truncate(done[k].stubs);
        let s = &spec.substitutions[k];
        return Err(fail(s, failed(s, SubstitutionReason::Invalid(message))));
    }
    match stop {
        Some(e) => Err(e),
        None => Ok(run.cfg),
    }
}

fn failed(s: &Substitution, reason: SubstitutionReason) -> SubstitutesError {
    SubstitutesError::Substitution {
        base: s.base.clone(),
        name: s.name.clone(),
        reason,
    }
}

/// A substitution that ran: its substitute bundle, whether it was special (see
/// [`Run::apply`]), and how many diagnostics and stubs the job had after it.
struct Done {
    sub: BundleObj,
    special: bool,
    diagnostics: usize,
    stubs: usize,
}

/// `validateSubstitution` and the checks of `processSubstitution` before its rewrite: the
/// substitute bundle, or why the substitution fails.
fn prepare(
    run: &Run,
    s: &Substitution,
    origin: crate::diag::Location,
    job: &mut Job,
) -> Result<BundleObj, SubstitutionReason> {
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
    let package = match run.cfg.packages.as_slice() {
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
    let base = run
        .bundle(&s.base)
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
    Ok(sub)
}

/// Channel entries by a name they carry: (channel, entry) positions. Entries are never removed
/// or moved, so a position always names the same entry; what it carries may have changed since
/// it was indexed, so every use checks it again.
type Positions = HashMap<String, Vec<(usize, usize)>>;

/// The config being substituted, with its entries indexed by name, `replaces` and `skips`, and
/// its bundles by name.
struct Run {
    cfg: Config,
    named: Positions,
    replacing: Positions,
    skipping: Positions,
    bundles: HashMap<String, usize>,
}

impl Run {
    fn new(cfg: Config) -> Self {
        let mut run = Run {
            cfg,
            named: HashMap::new(),
            replacing: HashMap::new(),
            skipping: HashMap::new(),
            bundles: HashMap::new(),
        };
        for (i, b) in run.cfg.bundles.iter().enumerate() {
            run.bundles.entry(b.name.clone()).or_insert(i);
        }
        for ch in 0..run.cfg.channels.len() {
            let len = run.cfg.channels[ch].entries.as_ref().map_or(0, Vec::len);
            for i in 0..len {
                run.index(ch, i, None);
            }
        }
        run
    }

    /// The first bundle with this name (opm looks bases up among bundles in order).
    fn bundle(&self, name: &str) -> Option<&BundleObj> {
        self.bundles
            .get(name)
            .and_then(|&i| self.cfg.bundles.get(i))
    }

    fn entry_mut(&mut self, (ch, i): (usize, usize)) -> Option<&mut ChannelEntry> {
        self.cfg.channels.get_mut(ch)?.entries.as_mut()?.get_mut(i)
    }

    /// Indexes entry `i` of channel `ch` under what it carries (but not under `skip`).
    fn index(&mut self, ch: usize, i: usize, skip: Option<&str>) {
        let Some(e) = self.cfg.channels[ch]
            .entries
            .as_ref()
            .and_then(|l| l.get(i))
        else {
            return;
        };
        self.named.entry(e.name.clone()).or_default().push((ch, i));
        if let Some(r) = e.replaces.as_ref().filter(|r| Some(r.as_str()) != skip) {
            self.replacing.entry(r.clone()).or_default().push((ch, i));
        }
        for x in e.skips.iter().filter(|x| Some(x.as_str()) != skip) {
            self.skipping.entry(x.clone()).or_default().push((ch, i));
        }
    }

    /// opm's rewrite for substitute `sub` of `base` in every channel (two passes, see
    /// [`rewrite`]), then `sub` joins the bundles. Returns whether the step is *special*: one
    /// that may turn an invalid catalog valid (see [`Replay::first_invalid`]).
    ///
    /// # Complexity
    /// O(W log W) for the W entries that name, replace or skip `base`, plus the skips written.
    fn apply(&mut self, base: &str, sub: BundleObj) -> bool {
        let sub_name = sub.name.clone();
        let mut special =
            self.named.contains_key(&sub_name) || self.bundles.contains_key(&sub_name);
        let mut targets = self.named.remove(base).unwrap_or_default();
        targets.sort_ord();
        let mut appended = Vec::new();
        for group in targets.chunk_by(|a, b| a.0 == b.0) {
            for &(ch, i) in group.iter().rev() {
                let Some(entries) = self.cfg.channels[ch].entries.as_mut() else {
                    continue;
                };
                let old = std::mem::take(&mut entries[i]);
                let mut skips = old.skips;
                special |= old.replaces.as_deref() == Some(base) || skips.iter().any(|x| x == base);
                skips.push(base.to_string());
                entries.push(ChannelEntry {
                    name: sub_name.clone(),
                    replaces: old.replaces,
                    skips,
                    skip_range: old.skip_range,
                });
                entries[i].name = old.name;
                appended.push((ch, entries.len() - 1));
            }
        }
        let mut refs = self.replacing.remove(base).unwrap_or_default();
        refs.extend(self.skipping.remove(base).unwrap_or_default());
        refs.sort_ord();
        refs.dedup();
        for at in refs {
            special |= self.rewrite_ref(at, base, &sub_name);
        }
        for (ch, i) in appended {
            self.index(ch, i, Some(base));
        }
        self.bundles
            .entry(sub_name)
            .or_insert(self.cfg.bundles.len());
        self.cfg.bundles.push(sub);
        special
    }

    /// Pass 2 of the rewrite for one entry; true when it both replaced and skipped `base`.
    fn rewrite_ref(&mut self, at: (usize, usize), base: &str, sub: &str) -> bool {
        let Some(e) = self.entry_mut(at) else {
            return false;
        };
        if e.replaces.as_deref() == Some(base) {
            let both = e.skips.iter().any(|x| x == base);
            e.replaces = Some(sub.to_string());
            e.skips.push(base.to_string());
            self.replacing.entry(sub.to_string()).or_default().push(at);
            return both;
        }
        if e.skips.iter().any(|x| x == base) {
            e.skips.push(sub.to_string());
            e.skips.retain(|x| x != base);
            self.skipping.entry(sub.to_string()).or_default().push(at);
        }
        false
    }
}

/// The substitutions that ran, to rebuild the catalog after any of them and validate it.
struct Replay<'a> {
    /// The catalog before the first substitution (`None` when there is none).
    initial: Option<&'a Config>,
    subs: &'a [Substitution],
    done: &'a [Done],
    limits: &'a Limits,
}

impl Replay<'_> {
    /// The first substitution after which the catalog is not valid FBC, and opm's message for
    /// it; `last` is the catalog after all of them.
    ///
    /// Why validating rarely is enough: an ordinary substitution of `sub` for `base` renames
    /// `base` to `sub` in every graph (`sub` takes `base`'s edges and place; every edge to
    /// `base` goes to `sub`) and adds `base` back as a leaf that `sub` skips. Bundles and
    /// entries are only ever added. So every reason a catalog is invalid (a duplicate, a missing
    /// bundle, a bad property, several heads, a cycle, a stranded entry) survives an ordinary
    /// substitution, and once invalid the catalog stays invalid until a *special* one: an entry
    /// that both replaced and skipped `base`, an entry named `base` that referred to itself, or
    /// a substitute whose name is already taken. Special substitutions cut the run into
    /// segments; each segment's last catalog is validated, and the first invalid one is
    /// bisected.
    ///
    /// # Complexity
    /// One validation (O(n log n)) per segment; O((n + S + W) log S) to bisect a segment.
    fn first_invalid(&self, last: &Config) -> Option<(usize, String)> {
        let n = self.done.len();
        let mut replay: Option<(Run, usize)> = None;
        let mut segment_start = 0;
        for end in 0..n {
            if end + 1 < n && !self.done[end + 1].special {
                continue;
            }
            let error = if end + 1 == n {
                model_check::model_error(last, self.limits)
            } else {
                let (run, applied) = replay.get_or_insert_with(|| (self.start(), 0));
                while *applied <= end {
                    self.step(run, *applied);
                    *applied += 1;
                }
                model_check::model_error(&run.cfg, self.limits)
            };
            if let Some(message) = error {
                return Some(self.bisect(segment_start, end, message));
            }
            segment_start = end + 1;
        }
        None
    }

    fn start(&self) -> Run {
        Run::new(self.initial.cloned().unwrap_or_default())
    }

    fn step(&self, run: &mut Run, k: usize) {
        run.apply(&self.subs[k].base, self.done[k].sub.clone());
    }

    /// The first invalid catalog after substitutions `lo..=hi`, knowing the one after `hi` is
    /// invalid (with `message`) and the one before `lo` is valid.
    fn bisect(&self, lo: usize, hi: usize, message: String) -> (usize, String) {
        let (mut lo, mut hi, mut message) = (lo, hi, message);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let mut run = self.start();
            for k in 0..=mid {
                self.step(&mut run, k);
            }
            match model_check::model_error(&run.cfg, self.limits) {
                Some(m) => {
                    hi = mid;
                    message = m;
                }
                None => lo = mid + 1,
            }
        }
        (hi, message)
    }
}

/// The channel rewrite for substitute `sub` of `base` (opm's two passes), one channel at a
/// time as opm writes it: the reference [`Run::apply`] is tested against.
///
/// # Complexity
/// O(V·K) for V entries and K skips per entry.
#[cfg(test)]
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

/// `Bundle.VersionRelease`: from the single `olm.package` property; a legacy bundle (no
/// release, build metadata, CSV annotation `olm.substitutesFor`) takes its build metadata as
/// the release.
///
/// # Complexity
/// O(p) for p properties.
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
            release: Release::default(),
        });
    }
    let mut vr: Option<(Version, Release)> = None;
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
        let r = Release::parse(&release).map_err(|e| {
            format!(
                "invalid release {release:?} in \"olm.package\" property for bundle {name:?}: {e}"
            )
        })?;
        vr = Some((v, r));
    }
    let (mut version, mut release) =
        vr.ok_or_else(|| format!("no \"olm.package\" property found for bundle {name:?}"))?;
    if release.is_empty() && !version.build.is_empty() && uses_legacy_release(b) {
        release = Release::parse(&version.build.join(".")).map_err(|e| {
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
            release: Release::parse(r).unwrap(),
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
        assert_eq!(vr("1.0.0", "").compare(&vr("1.0.0", "1")), Ordering::Less);
        assert_eq!(
            vr("1.0.1", "").compare(&vr("1.0.0", "z")),
            Ordering::Greater
        );
        assert!(Release::parse("01")
            .unwrap_err()
            .to_string()
            .contains("segment 0"));
        assert!(Release::parse(&"a".repeat(21))
            .unwrap_err()
            .to_string()
            .contains("exceeds maximum length of 20"));
    }
}
