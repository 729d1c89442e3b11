//! Mermaid flowcharts in the exact format of `opm alpha render-graph` (spec/olm.md §3, §10).
//!
//! The output is byte-for-byte what opm prints for the same catalog, including its quirks:
//!
//! - channels are visited sorted by name across packages, and each channel becomes a
//!   `subgraph <pkg>-<channel>["channel"]` inside its package's `subgraph "pkg"`; packages are
//!   printed sorted by name;
//! - entries are printed by decreasing version (opm's sort is unstable; ties are broken by name
//!   here), each followed by one `-- skip -->` edge per `skips` item, then one
//!   `-- "skipRange(<range>)" -->` edge from every entry of the (filtered) channel, in file
//!   order, whose version is in the range (the entry itself included: opm draws that
//!   self-loop), then the `-- replace -->` edge;
//! - versions come from a map of bundle *name* to version over the whole catalog (the first
//!   bundle of that name wins); a name that is not a bundle has version 0.0.0, so it can still
//!   fall into a range such as `<1.0.0`;
//! - `--draw-v0-semantics` marks `skips` targets as `skipped` and styles, through `linkStyle`,
//!   every `replace`/`skipRange` edge into an already-skipped entry and every repeated `skip` of
//!   one name, counting links with one running counter over all channels in visiting order;
//! - `--minimum-edge` keeps only the package of the named bundle and the edges at or above its
//!   version (see [`MermaidOptions::minimum_edge`]).
//!
//! Deliberate differences from opm (both only matter for catalogs with several packages):
//!
//! - **Deprecations are scoped to their package.** opm keys deprecated channels and bundles by
//!   name alone (a deprecated channel `stable` of one package styles every package's `stable`)
//!   and styles only one deprecated package (the last one visited). Here a deprecation styles
//!   only its own package's channel or bundle, and every deprecated package gets its
//!   `style <pkg> fill:#989695` line, in package order. For a single package the output is
//!   identical to opm's.
//! - When two packages have a channel of the same name, opm visits them in an unspecified order;
//!   here the package name breaks the tie.
//!
//! The catalog model drops duplicate channel entries and duplicate bundles within a package at
//! load time (opm's renderer would print them); "first bundle of a name" across packages follows
//! the order the files were read and the position of the bundle in its file.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::fmt::{self, Write as _};

use crate::model::{Bundle, Catalog, Channel, Package};
use crate::range::{Comparator, Op, Range};
use crate::semver::{go_quote, Version};
use crate::sort::SortWith;

/// What to draw; the defaults are those of `opm alpha render-graph` without flags.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MermaidOptions {
    /// `--draw-v0-semantics`: the `skipped` class and the red `linkStyle` of edges OLM v0 never
    /// follows. Off by default, as in the CLI (opm's library defaults it to on).
    pub draw_v0_semantics: bool,
    /// `--minimum-edge <bundle>`: only the package that has an entry of that name, only edges
    /// from versions at or above that bundle's version, and that bundle without edges. An
    /// entry whose edges were all filtered out is dropped; an entry that never had edges stays
    /// if its version is at or above the floor. `Some("")` means no filter, as in opm.
    pub minimum_edge: Option<String>,
    /// `-p/--package-name`: only this package's channels. `Some("")` means no filter.
    pub package: Option<String>,
    /// Only channels of this name (an olm-graph extension; opm has no such flag). Like the
    /// package filter it drops channels without entries. `Some("")` means no filter.
    pub channel: Option<String>,
}

/// The flowchart and the warnings opm would print to stderr.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MermaidOutput {
    /// The flowchart, as `opm alpha render-graph` prints it.
    pub text: String,
    /// One per skipRange that does not parse, in output order, worded as opm's stderr line
    /// without its `warning: ` prefix: `ignoring invalid SkipRange for package/edge "p"/"b": …`.
    pub warnings: Vec<String>,
}

/// Why opm refuses to draw the catalog.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MermaidError {
    /// A bundle without exactly one `olm.package` property (opm's message says "multiple" even
    /// when there is none).
    PackageProperty {
        /// The bundle's name.
        bundle: String,
    },
    /// A bundle version that blang `Parse` rejects.
    InvalidVersion {
        /// The bundle's name.
        bundle: String,
        /// The version as written.
        version: String,
        /// blang's error.
        error: String,
    },
    /// `--minimum-edge` names no bundle of the catalog.
    UnknownMinimumEdge(String),
}

impl fmt::Display for MermaidError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MermaidError::PackageProperty { bundle } => write!(
                f,
                "bundle {} has multiple \"olm.package\" properties, expected exactly 1",
                go_quote(bundle)
            ),
            MermaidError::InvalidVersion {
                bundle,
                version,
                error,
            } => write!(
                f,
                "bundle {} has invalid version {}: {error}",
                go_quote(bundle),
                go_quote(version)
            ),
            MermaidError::UnknownMinimumEdge(name) => {
                write!(f, "unknown minimum edge name: {}", go_quote(name))
            }
        }
    }
}

impl std::error::Error for MermaidError {}

/// Bundle name → version; names that are not bundles are 0.0.0 (Go's zero value).
struct Versions<'a> {
    map: HashMap<&'a str, Cow<'a, Version>>,
    zero: Version,
}

impl Versions<'_> {
    fn get(&self, name: &str) -> &Version {
        self.map.get(name).map_or(&self.zero, |v| v)
    }
}

/// A channel entry after the `--minimum-edge` filter.
struct Entry<'a> {
    name: &'a str,
    replaces: Option<&'a str>,
    skips: Vec<&'a str>,
    skip_range: Option<&'a str>,
}

fn non_empty(s: &Option<String>) -> Option<&str> {
    s.as_deref().filter(|s| !s.is_empty())
}

/// The catalog as `opm alpha render-graph` draws it.
///
/// Fails, as opm does, when some bundle of the catalog (any package, whatever the filters) lacks
/// exactly one `olm.package` property or has a version blang cannot parse, and when
/// `minimum_edge` names no bundle.
///
/// # Complexity
/// O(B log B) to order the bundles, then for each drawn channel of V entries with R skipRanges:
/// O(V log V) to sort the entries once, and O(R log V + M log M) for the M entries the ranges
/// hold (each interval-shaped alternative of a range is found by binary search; `!=` conditions
/// are checked on the entries of its interval). The output itself has M skipRange lines.
pub fn mermaid(catalog: &Catalog, options: &MermaidOptions) -> Result<MermaidOutput, MermaidError> {
    let versions = Versions {
        map: bundle_versions(catalog)?,
        zero: Version::new(0, 0, 0),
    };
    let min_edge = non_empty(&options.minimum_edge);
    let floor = match min_edge {
        Some(name) => match versions.map.get(name) {
            Some(v) => v.as_ref().clone(),
            None => return Err(MermaidError::UnknownMinimumEdge(name.to_string())),
        },
        None => Version::new(0, 0, 0),
    };
    // cfg.Channels sorted by name (ties: package name).
    let mut channels: Vec<(&Package, &Channel)> = catalog
        .packages
        .iter()
        .flat_map(|p| p.channels.iter().map(move |c| (p, c)))
        .collect();
    channels.sort_with(|a, b| (&a.1.name, &a.0.name).cmp(&(&b.1.name, &b.0.name)));
    let min_edge_package: Option<&str> = min_edge.and_then(|m| {
        channels
            .iter()
            .find(|(_, c)| c.entries.iter().any(|e| e.name == m))
            .map(|(p, _)| p.name.as_str())
    });
    let filter = Filter {
        options,
        min_edge,
        floor: &floor,
        min_edge_package,
        versions: &versions,
    };
    let mut chart = Chart::new(options.draw_v0_semantics, &versions);
    for (pkg, channel) in channels {
        if let Some(entries) = filter_channel(channel, &filter) {
            chart.channel(pkg, channel, &entries);
        }
    }
    Ok(chart.finish())
}

/// The flowchart being written, in opm's visiting order.
struct Chart<'a> {
    draw_v0_semantics: bool,
    versions: &'a Versions<'a>,
    /// Package name → its subgraph's body.
    builders: BTreeMap<&'a str, String>,
    deprecated_packages: BTreeSet<&'a str>,
    deprecated_channel_ids: Vec<String>,
    /// Class → node ids.
    decorated: BTreeMap<&'static str, Vec<String>>,
    /// opm's running link counter over all channels.
    link_id: usize,
    skipped_links: Vec<usize>,
    warnings: Vec<String>,
}

impl<'a> Chart<'a> {
    fn new(draw_v0_semantics: bool, versions: &'a Versions<'a>) -> Chart<'a> {
        Chart {
            draw_v0_semantics,
            versions,
            builders: BTreeMap::new(),
            deprecated_packages: BTreeSet::new(),
            deprecated_channel_ids: Vec::new(),
            decorated: BTreeMap::new(),
            link_id: 0,
            skipped_links: Vec::new(),
            warnings: Vec::new(),
        }
    }

    /// One channel's subgraph: its entries by decreasing version, each with its edges.
    fn channel(&mut self, pkg: &'a Package, channel: &Channel, entries: &[Entry<'_>]) {
        let channel_id = format!("{}-{}", pkg.name, channel.name);
        let mut out = std::mem::take(self.builders.entry(pkg.name.as_str()).or_default());
        let _ = writeln!(out, "    %% channel {}", go_quote(&channel.name));
        let _ = writeln!(
            out,
            "    subgraph {channel_id}[{}]",
            go_quote(&channel.name)
        );
        if pkg.deprecations.package.is_some() {
            self.deprecated_packages.insert(pkg.name.as_str());
        }
        if pkg.deprecations.channels.contains_key(&channel.name) {
            self.deprecated_channel_ids.push(channel_id.clone());
        }
        // Each entry's version, looked up once.
        let versions: Vec<&Version> = entries.iter().map(|e| self.versions.get(e.name)).collect();
        let index = EntryIndex::new(&versions);
        // By decreasing version, then name.
        let mut sorted: Vec<usize> = (0..entries.len()).collect();
        sorted.sort_with(|&a, &b| {
            versions[b]
                .compare(versions[a])
                .then_with(|| entries[a].name.cmp(entries[b].name))
        });
        let drawn = Drawn {
            channel_id: &channel_id,
            entries,
            nodes: entries
                .iter()
                .map(|e| node_text(&channel_id, e.name))
                .collect(),
            index: &index,
        };
        let mut skipped: HashSet<&str> = HashSet::new();
        for i in sorted {
            self.entry(&mut out, pkg, &drawn, i, &mut skipped);
        }
        out.push_str("    end\n");
        self.builders.insert(pkg.name.as_str(), out);
    }

    /// Entry `i`'s node line, then its `skip`, `skipRange` and `replace` edges.
    fn entry<'e>(
        &mut self,
        out: &mut String,
        pkg: &Package,
        drawn: &Drawn<'_, 'e>,
        i: usize,
        skipped: &mut HashSet<&'e str>,
    ) {
        let ce = &drawn.entries[i];
        let entry_node = drawn.nodes[i].as_str();
        let _ = writeln!(out, "      {entry_node}");
        let bundle_deprecated = pkg.deprecations.bundles.contains_key(ce.name);
        let class = match (bundle_deprecated, skipped.contains(ce.name)) {
            (true, true) => Some("deprecatedskipped"),
            (true, false) => Some("deprecated"),
            (false, true) => Some("skipped"),
            (false, false) => None,
        };
        if let Some(class) = class {
            let id = format!("{}-{}", drawn.channel_id, ce.name);
            self.decorated.entry(class).or_default().push(id);
        }
        for &s in &ce.skips {
            let from = node_text(drawn.channel_id, s);
            let _ = writeln!(out, "      {from}-- skip --> {entry_node}");
            // opm only tracks skipped names when it draws the v0 semantics.
            let repeated = self.draw_v0_semantics && !skipped.insert(s);
            self.link(repeated);
        }
        let into_skipped = self.draw_v0_semantics && skipped.contains(ce.name);
        if let Some(text) = ce.skip_range {
            match Range::parse(text) {
                Ok(range) => {
                    for x in drawn.index.matching(&range) {
                        let from = &drawn.nodes[x];
                        let _ =
                            writeln!(out, "      {from}-- \"skipRange({text})\" --> {entry_node}");
                        self.link(into_skipped);
                    }
                }
                Err(e) => self.warnings.push(format!(
                    "ignoring invalid SkipRange for package/edge {}/{}: {e}",
                    go_quote(&pkg.name),
                    go_quote(ce.name)
                )),
            }
        }
        if let Some(r) = ce.replaces {
            let from = node_text(drawn.channel_id, r);
            let _ = writeln!(out, "      {from}-- replace --> {entry_node}");
            self.link(into_skipped);
        }
    }

    /// Counts one link, styled red when `skipped`.
    fn link(&mut self, skipped: bool) {
        if skipped {
            self.skipped_links.push(self.link_id);
        }
        self.link_id += 1;
    }

    /// The whole flowchart: the class definitions, each package's subgraph, then the styles.
    fn finish(mut self) -> MermaidOutput {
        let size: usize = self.builders.values().map(String::len).sum();
        let mut text = String::with_capacity(size + 1024);
        text.push_str(
            "graph LR\n  classDef deprecated fill:#E8960F\n  classDef skipped stroke:#FF0000,stroke-width:4px\n  classDef deprecatedskipped fill:#E8960F,stroke:#FF0000,stroke-width:4px\n",
        );
        for (name, body) in &self.builders {
            let _ = writeln!(text, "  %% package {}", go_quote(name));
            let _ = writeln!(text, "  subgraph {}", go_quote(name));
            text.push_str(body);
            text.push_str("  end\n");
        }
        for p in &self.deprecated_packages {
            let _ = writeln!(text, "style {p} fill:#989695");
        }
        for c in &self.deprecated_channel_ids {
            let _ = writeln!(text, "style {c} fill:#DCD0FF");
        }
        for (class, ids) in &mut self.decorated {
            ids.sort_ord();
            let _ = writeln!(text, "class {} {class}", ids.join(","));
        }
        if !self.skipped_links.is_empty() {
            let ids: Vec<String> = self.skipped_links.iter().map(|i| i.to_string()).collect();
            let _ = writeln!(
                text,
                "linkStyle {} stroke:#FF0000,stroke-width:3px,stroke-dasharray:5;",
                ids.join(",")
            );
        }
        MermaidOutput {
            text,
            warnings: self.warnings,
        }
    }
}

/// A channel being drawn: its id, its entries and their node texts, and the version index.
struct Drawn<'c, 'e> {
    channel_id: &'c str,
    entries: &'e [Entry<'e>],
    /// `<channel id>-<name>["<name>"]` of each entry.
    nodes: Vec<String>,
    index: &'c EntryIndex<'c>,
}

/// A node as opm writes it: `<channel id>-<name>["<name>"]`.
fn node_text(channel_id: &str, name: &str) -> String {
    format!("{channel_id}-{name}[{}]", go_quote(name))
}

/// A channel's entries sorted once by version, to find the entries a range holds by binary
/// search instead of testing every entry.
struct EntryIndex<'v> {
    /// (version, position in the channel), by version.
    sorted: Vec<(&'v Version, usize)>,
}

impl<'v> EntryIndex<'v> {
    /// The index of entries whose versions are `versions`, in channel order.
    ///
    /// # Complexity
    /// O(V log V) for V entries.
    fn new(versions: &[&'v Version]) -> EntryIndex<'v> {
        let mut sorted: Vec<(&'v Version, usize)> =
            versions.iter().enumerate().map(|(i, &v)| (v, i)).collect();
        sorted.sort_with(|a, b| a.0.compare(b.0).then(a.1.cmp(&b.1)));
        EntryIndex { sorted }
    }

    /// The positions of the entries whose version `range` holds, in channel order: exactly the
    /// entries [`Range::contains`] accepts, so only the alternatives before the first empty
    /// one count (blang crashes on reaching an empty alternative; `contains` answers false).
    ///
    /// # Complexity
    /// O(A log V + M log M) for A alternatives and the M entries in their intervals.
    fn matching(&self, range: &Range) -> Vec<usize> {
        let mut hits: Vec<usize> = Vec::new();
        for group in range.groups() {
            if group.is_empty() {
                break;
            }
            let (lo, hi) = self.interval(group);
            hits.extend(
                self.sorted[lo..hi]
                    .iter()
                    .filter(|(v, _)| group.iter().all(|c| c.matches(v)))
                    .map(|&(_, i)| i),
            );
        }
        hits.sort_ord();
        hits.dedup();
        hits
    }

    /// The positions in `sorted` that the bounds (`>`, `>=`, `<`, `<=`, `=`) of an alternative
    /// allow; `!=` conditions do not narrow it.
    fn interval(&self, group: &[Comparator]) -> (usize, usize) {
        let (mut lo, mut hi) = (0, self.sorted.len());
        for c in group {
            let below = |v: &Version| v.compare(&c.version).is_lt();
            let at_or_below = |v: &Version| v.compare(&c.version).is_le();
            let (l, h) = match c.op {
                Op::Ge => (self.sorted.partition_point(|(v, _)| below(v)), hi),
                Op::Gt => (self.sorted.partition_point(|(v, _)| at_or_below(v)), hi),
                Op::Le => (lo, self.sorted.partition_point(|(v, _)| at_or_below(v))),
                Op::Lt => (lo, self.sorted.partition_point(|(v, _)| below(v))),
                Op::Eq => (
                    self.sorted.partition_point(|(v, _)| below(v)),
                    self.sorted.partition_point(|(v, _)| at_or_below(v)),
                ),
                Op::Ne => (lo, hi),
            };
            lo = lo.max(l);
            hi = hi.min(h);
        }
        (lo, hi.max(lo))
    }
}

/// opm `getBundleVersions`: bundle name → version over the whole catalog, the first bundle of a
/// name winning; fails on the first bundle (in reading order) opm would reject.
///
/// # Complexity
/// O(B log B) for B bundles.
fn bundle_versions(catalog: &Catalog) -> Result<HashMap<&str, Cow<'_, Version>>, MermaidError> {
    let file_order: HashMap<&str, usize> = catalog
        .files
        .iter()
        .enumerate()
        .map(|(i, f)| (f.path.as_str(), i))
        .collect();
    let position = |b: &Bundle| match &b.location {
        Some(l) => (
            file_order
                .get(l.file.as_str())
                .copied()
                .unwrap_or(usize::MAX),
            l.document.unwrap_or(0),
            l.line.unwrap_or(0),
        ),
        None => (usize::MAX, usize::MAX, usize::MAX),
    };
    let mut bundles: Vec<(&Bundle, (usize, usize, usize), usize)> = catalog
        .packages
        .iter()
        .flat_map(|p| p.bundles.iter())
        .enumerate()
        .map(|(i, b)| (b, position(b), i))
        .collect();
    bundles.sort_keyed(|&(_, pos, i)| (pos, i));
    let mut versions: HashMap<&str, Cow<'_, Version>> = HashMap::with_capacity(bundles.len());
    for (b, _, _) in bundles {
        if versions.contains_key(b.name.as_str()) {
            continue;
        }
        if b.package_property_count != 1 {
            return Err(MermaidError::PackageProperty {
                bundle: b.name.clone(),
            });
        }
        let text = b.version_text.as_deref().unwrap_or("");
        let v = match &b.version {
            Some(v) => Cow::Borrowed(v),
            None => Cow::Owned(
                Version::parse(text).map_err(|e| MermaidError::InvalidVersion {
                    bundle: b.name.clone(),
                    version: text.to_string(),
                    error: e.to_string(),
                })?,
            ),
        };
        versions.insert(b.name.as_str(), v);
    }
    Ok(versions)
}

/// What [`filter_channel`] keeps: opm's package, channel and `--minimum-edge` filters.
struct Filter<'a> {
    options: &'a MermaidOptions,
    min_edge: Option<&'a str>,
    floor: &'a Version,
    /// The package that has the `--minimum-edge` bundle.
    min_edge_package: Option<&'a str>,
    versions: &'a Versions<'a>,
}

/// opm `filterChannel`: `None` when the channel is not drawn at all.
///
/// # Complexity
/// O(V + S) for V entries and S skipped names, plus one range parse per entry with a skipRange
/// when `minimum_edge` is set.
fn filter_channel<'a>(c: &'a Channel, filter: &Filter<'_>) -> Option<Vec<Entry<'a>>> {
    let Filter {
        options,
        min_edge,
        floor,
        min_edge_package,
        versions,
    } = *filter;
    let version_of = |name: &str| versions.get(name);
    let package = non_empty(&options.package);
    let channel = non_empty(&options.channel);
    let all = |c: &'a Channel| -> Vec<Entry<'a>> {
        c.entries
            .iter()
            .map(|e| Entry {
                name: &e.name,
                replaces: e.replaces.as_deref().filter(|r| !r.is_empty()),
                skips: e.skips.iter().map(String::as_str).collect(),
                skip_range: e.skip_range.as_deref().filter(|r| !r.is_empty()),
            })
            .collect()
    };
    if min_edge.is_none() && package.is_none() && channel.is_none() {
        // opm returns the channel itself, even without entries.
        return Some(all(c));
    }
    if package.is_some_and(|p| p != c.package) || channel.is_some_and(|n| n != c.name) {
        return None;
    }
    if min_edge_package.is_some_and(|p| p != c.package) {
        return None;
    }
    let out: Vec<Entry<'a>> = match min_edge {
        None => all(c),
        Some(min) => all(c)
            .into_iter()
            .filter_map(|e| {
                if e.name == min {
                    return Some(Entry {
                        name: e.name,
                        replaces: None,
                        skips: Vec::new(),
                        skip_range: None,
                    });
                }
                let had_edges =
                    e.replaces.is_some() || !e.skips.is_empty() || e.skip_range.is_some();
                let kept = Entry {
                    name: e.name,
                    replaces: e.replaces.filter(|r| version_of(r).compare(floor).is_ge()),
                    skips: e
                        .skips
                        .iter()
                        .copied()
                        .filter(|s| version_of(s).compare(floor).is_ge())
                        .collect(),
                    skip_range: e
                        .skip_range
                        .filter(|r| Range::parse(r).is_ok_and(|range| range.contains(floor))),
                };
                let has_edges =
                    kept.replaces.is_some() || !kept.skips.is_empty() || kept.skip_range.is_some();
                (has_edges || (!had_edges && version_of(e.name).compare(floor).is_ge()))
                    .then_some(kept)
            })
            .collect(),
    };
    (!out.is_empty()).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The binary-searched matching agrees with testing every entry with `Range::contains`,
    /// for every operator, `||`, wildcards, pre-releases, build metadata, empty alternatives
    /// and names that are not bundles (0.0.0).
    #[test]
    fn range_matching_equals_testing_every_entry() {
        let texts = [
            "1.0.0",
            "1.0.1",
            "1.1.0",
            "1.1.0+b",
            "1.1.0-rc.1",
            "1.2.0-alpha",
            "1.2.0",
            "2.0.0",
            "0.0.0",
            "1.0.0",
            "3.1.4",
            "1.10.0",
            "1.9.9",
        ];
        let names: Vec<String> = (0..texts.len() + 1).map(|i| format!("e{i}")).collect();
        let mut map: HashMap<&str, Cow<'_, Version>> = HashMap::new();
        for (name, text) in names.iter().zip(texts) {
            map.insert(
                name.as_str(),
                Cow::Owned(Version::parse(text).expect("version")),
            );
        }
        // The last name has no bundle: version 0.0.0.
        let versions = Versions {
            map,
            zero: Version::new(0, 0, 0),
        };
        let entries: Vec<Entry<'_>> = names
            .iter()
            .map(|n| Entry {
                name: n,
                replaces: None,
                skips: Vec::new(),
                skip_range: None,
            })
            .collect();
        let per_entry: Vec<&Version> = entries.iter().map(|e| versions.get(e.name)).collect();
        let index = EntryIndex::new(&per_entry);
        let ranges = [
            ">=1.0.0 <1.2.0",
            ">1.0.0 <=1.2.0",
            "=1.1.0",
            "1.1.0",
            "!=1.1.0",
            ">=1.0.0 !=1.1.0 <2.0.0",
            "<1.0.0 || >=2.0.0",
            ">=1.1.0-rc.1 <1.1.0",
            "1.x",
            "1.1.x",
            ">=1.1.x <1.10.0",
            "<0.0.1",
            ">5.0.0",
            ">=2.0.0 <1.0.0",
            "<=1.0.0 || <=1.0.0",
            ">=1.0.0 || || <1.0.0",
            "|| >=1.0.0",
        ];
        let mut parsed = 0;
        for text in ranges {
            let Ok(range) = Range::parse(text) else {
                continue;
            };
            parsed += 1;
            let want: Vec<usize> = (0..entries.len())
                .filter(|&i| range.contains(versions.get(entries[i].name)))
                .collect();
            assert_eq!(index.matching(&range), want, "{text}");
        }
        assert!(parsed >= 14, "{parsed} ranges parsed");
    }
}
