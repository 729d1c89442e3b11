//! Validation: opm's model rules (`opm validate`, spec/olm.md §2.2) with opm's exact messages,
//! plus curator lints.
//!
//! Conversion errors (unknown package, missing bundles, bad versions, ..., spec/olm.md §2.1)
//! are found while loading and live in [`Catalog::diagnostics`]; this module adds the rules opm checks on the
//! model (`alpha/model`): channel head, replaces chain (cycles, stranded bundles), empty skips,
//! invalid skipRange, `olm.package` property count, bundle image, duplicate versions, default
//! channel, deprecation messages, release names. Lints are warnings with a suggested fix.

mod crd_edges;
mod template_lint;

pub use template_lint::lint_unknown_versions;

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::fmt::Write as _;

use crate::diag::{Diagnostic, Rule, Severity};
use crate::graph::{channel_graphs, ChannelGraph, EdgeKind, Head};
use crate::model::{Bundle, Catalog, Channel, ChannelEntry, Package};
use crate::range::{quirks, Range};
use crate::range_match::SortedVersions;

/// Every finding for a catalog: load and conversion diagnostics, then opm's model rules and the
/// curator lints, package by package, then the support lifecycle findings
/// ([`crate::support::lint_lifecycles`]).
///
/// # Complexity
/// O((V + E) log V) time and O(V + E) memory for V entries and bundles and E edges over the
/// catalog (each package's channel graphs are built once, see [`validate_package`]), plus
/// O(L + B log B) for L values of lifecycle blobs.
pub fn lint_catalog(catalog: &Catalog) -> Vec<Diagnostic> {
    let mut out = catalog.diagnostics.clone();
    for pkg in &catalog.packages {
        let graphs = channel_graphs(pkg);
        out.extend(validate_package(pkg, &graphs));
        out.extend(lint_unknown_versions(pkg));
        out.extend(crd_edges::lint_crd_safety(pkg));
    }
    out.extend(crate::support::lint_lifecycles(catalog));
    out
}

/// opm's model rules and the curator lints for one package.
///
/// # Complexity
/// O((V + E) log V) time and O(V + E) memory for V entries and bundles and E edges of the
/// package: every rule is one pass over the entries with lookups by hash or binary search
/// ([`replaces_chain`] is one walk), and the skipRange lints search sorted versions.
pub fn validate_package(pkg: &Package, graphs: &[ChannelGraph]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let perr = |msg: String| Diagnostic::error(Rule::OpmValidate, msg).package(&pkg.name);
    if !pkg.declared {
        // Already reported as "unknown package"; model rules would only repeat it.
        return out;
    }
    if pkg.default_channel.is_none() {
        out.push(perr("default channel must be set".into()).field("defaultChannel"));
    }
    let default_missing = pkg
        .default_channel
        .as_ref()
        .is_some_and(|d| pkg.channel(d).is_none());
    if pkg.channels.is_empty() && !default_missing {
        out.push(perr("package must contain at least one channel".into()));
    }
    if let Some(d) = pkg.default_channel.as_ref().filter(|_| default_missing) {
        // opm creates an empty channel for a default channel that does not exist.
        out.push(
            perr("channel must contain at least one bundle".into())
                .channel(d)
                .field("defaultChannel")
                .suggest(format!(
                    "set defaultChannel to one of the package's channels, or add an olm.channel named {d:?}"
                )),
        );
    }
    if pkg.deprecations.package.as_deref() == Some("") {
        out.push(perr("invalid deprecation: message must be set".into()));
    }
    let bundles: Vec<Vec<Option<usize>>> = pkg
        .channels
        .iter()
        .map(|c| pkg.bundle_indices(c.entries.iter().map(|e| e.name.as_str())))
        .collect();
    for ((c, g), b) in pkg.channels.iter().zip(graphs).zip(&bundles) {
        validate_channel(pkg, c, g, b, &mut out);
    }
    if let Some(msg) = duplicate_versions(pkg, &bundles) {
        out.push(perr(msg));
    }
    lint_package(pkg, graphs, &mut out);
    out
}

/// opm's rules for one channel (spec/olm.md §2.2); `bundles` gives each entry's bundle index.
fn validate_channel(
    pkg: &Package,
    c: &Channel,
    g: &ChannelGraph,
    bundles: &[Option<usize>],
    out: &mut Vec<Diagnostic>,
) {
    let cerr = |msg: String| {
        Diagnostic::error(Rule::OpmValidate, msg)
            .package(&pkg.name)
            .channel(&c.name)
            .at_opt(c.location.clone())
    };
    if c.entries.is_empty() {
        out.push(cerr("channel must contain at least one bundle".into()));
    } else if let Err(e) = replaces_chain(c) {
        let mut d = cerr(e.to_string());
        d.code = Rule::OpmValidateChain.into();
        d.suggestion = Some(match &g.head {
            Head::Multiple(_) => "make every head but the newest be replaced or skipped by another entry, or move the extra heads to their own channel".into(),
            Head::None => "remove the replaces/skips cycle so that exactly one entry is named by no other entry".into(),
            Head::Unique(_) => "make every entry reachable from the head along replaces, or name it in some entry's skips".into(),
        });
        out.push(d);
    }
    if pkg
        .deprecations
        .channels
        .get(&c.name)
        .is_some_and(|m| m.is_empty())
    {
        out.push(cerr("invalid deprecation: message must be set".into()));
    }
    for (e, b) in c.entries.iter().zip(bundles) {
        let bundle = b.map(|b| &pkg.bundles[b]);
        validate_entry(
            pkg,
            e,
            bundle,
            &|msg: String| cerr(msg).bundle(&e.name),
            out,
        );
    }
}

/// opm's rules for one channel entry and its bundle (spec/olm.md §2.2); `berr` makes an error about the entry.
fn validate_entry(
    pkg: &Package,
    e: &ChannelEntry,
    bundle: Option<&Bundle>,
    berr: &dyn Fn(String) -> Diagnostic,
    out: &mut Vec<Diagnostic>,
) {
    for (i, s) in e.skips.iter().enumerate() {
        if s.is_empty() {
            out.push(berr(format!("skip[{i}] is empty")).field(format!("skips[{i}]")));
        }
    }
    if let Some(r) = &e.skip_range {
        if let Err(err) = Range::parse(r) {
            out.push(
                berr(format!("invalid skipRange {r:?}: {err}"))
                    .field("skipRange")
                    .suggest(
                        "write the range as space-separated comparators, e.g. \">=1.0.0 <1.3.0\"",
                    ),
            );
        }
    }
    let Some(b) = bundle else {
        return; // reported while loading: "no olm.bundle blobs found ..."
    };
    if b.package_property_count != 1 {
        out.push(
            berr("must be exactly one property with type \"olm.package\"".into())
                .field("properties"),
        );
    }
    if b.image.is_none() && b.bundle_objects == 0 && !b.from_legacy_manifest {
        out.push(berr("bundle image must be set".into()).field("image"));
    }
    if pkg
        .deprecations
        .bundles
        .get(&e.name)
        .is_some_and(|m| m.is_empty())
    {
        out.push(berr("invalid deprecation: message must be set".into()));
    }
    if let (Some(rel), Some(v)) = (&b.release, &b.version) {
        let normalized = format!("{}-v{}-{}", pkg.name, v, rel);
        if b.name != normalized {
            out.push(
                berr(format!(
                    "name {:?} does not match normalized name {normalized:?}",
                    b.name
                ))
                .field("name"),
            );
        }
        if !v.build.is_empty() {
            out.push(berr(
                "cannot use build metadata in version with a release version".into(),
            ));
        }
    }
}

/// Why a channel's replaces chain is invalid; `Display` is opm's message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChainError {
    /// Every entry is named by some `replaces` or `skips`.
    NoHead,
    /// Several entries are named by none (sorted names).
    MultipleHeads(Vec<String>),
    /// The walk from the head along `replaces` comes back: the entries from the first repeated
    /// one, and that one again.
    Cycle(Vec<String>),
    /// Entries neither on the chain nor skipped (sorted names).
    Stranded(Vec<String>),
}

impl std::fmt::Display for ChainError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ChainError::NoHead => f.write_str("no channel head found in graph"),
            ChainError::MultipleHeads(heads) => write!(
                f,
                "multiple channel heads found in graph: {}",
                heads.join(", ")
            ),
            ChainError::Cycle(path) => write!(
                f,
                "detected cycle in replaces chain of upgrade graph: {}",
                path.join(" -> ")
            ),
            ChainError::Stranded(names) => write!(
                f,
                "channel contains one or more stranded bundles: {}",
                names.join(", ")
            ),
        }
    }
}

impl std::error::Error for ChainError {}

/// opm's `validateReplacesChain` (spec/olm.md §2.2): a unique head, no cycle along `replaces`
/// from it, and every entry either on that chain or named in some `skips`.
///
/// # Complexity
/// O(V + S) expected time and memory for V entries and S skipped names: one walk from the head,
/// each chain position recorded once, so a cycle is printed from its first repeated entry as
/// opm prints it.
pub fn replaces_chain(c: &Channel) -> Result<(), ChainError> {
    let head = match crate::graph::channel_head(c) {
        Head::Unique(h) => h,
        Head::None => return Err(ChainError::NoHead),
        Head::Multiple(heads) => return Err(ChainError::MultipleHeads(heads)),
    };
    let by_name: HashMap<&str, &crate::model::ChannelEntry> =
        c.entries.iter().map(|e| (e.name.as_str(), e)).collect();
    let skipped: HashSet<&str> = c
        .entries
        .iter()
        .flat_map(|e| e.skips.iter().map(String::as_str))
        .collect();
    let mut on_chain: HashSet<&str> = HashSet::from([head.as_str()]);
    // The entries walked, in order, and where each one is in that order.
    let mut walked: Vec<&str> = Vec::new();
    let mut position: HashMap<&str, usize> = HashMap::new();
    let mut cur = by_name.get(head.as_str()).copied();
    while let Some(e) = cur {
        position.entry(e.name.as_str()).or_insert(walked.len());
        walked.push(e.name.as_str());
        let next = e.replaces.as_deref().unwrap_or_default();
        if skipped.contains(next) {
            break;
        }
        if on_chain.contains(next) {
            let from = position.get(next).copied().unwrap_or(walked.len());
            let mut path: Vec<String> = walked[from..].iter().map(|s| s.to_string()).collect();
            path.push(next.to_string());
            return Err(ChainError::Cycle(path));
        }
        on_chain.insert(next);
        cur = by_name.get(next).copied();
    }
    let stranded: BTreeSet<&str> = c
        .entries
        .iter()
        .map(|e| e.name.as_str())
        .filter(|n| !on_chain.contains(*n) && !skipped.contains(n))
        .collect();
    if stranded.is_empty() {
        Ok(())
    } else {
        Err(ChainError::Stranded(
            stranded.into_iter().map(str::to_string).collect(),
        ))
    }
}

/// opm's duplicate-version check (spec/olm.md §2.2) over the bundles that are in some channel (`bundles` gives
/// each entry's bundle index, channel by channel).
fn duplicate_versions(pkg: &Package, bundles: &[Vec<Option<usize>>]) -> Option<String> {
    let mut by_version: BTreeMap<String, BTreeSet<&str>> = BTreeMap::new();
    for c in bundles {
        for &b in c {
            let Some(b) = b.map(|b| &pkg.bundles[b]) else {
                continue;
            };
            let Some(v) = &b.version else { continue };
            let key = match &b.release {
                Some(r) => format!("{v}-{r}"),
                None => v.to_string(),
            };
            by_version.entry(key).or_default().insert(b.name.as_str());
        }
    }
    let dups: Vec<String> = by_version
        .iter()
        .filter(|(_, names)| names.len() > 1)
        .map(|(v, names)| {
            format!(
                "{{{v}: [{}]}}",
                names.iter().copied().collect::<Vec<_>>().join(", ")
            )
        })
        .collect();
    (!dups.is_empty()).then(|| format!("duplicate versions found in bundles: [{}]", dups.join(" ")))
}

/// A curator warning about one bundle of one channel.
fn channel_warning(
    pkg: &Package,
    c: &Channel,
    code: Rule,
    bundle: &str,
    msg: String,
    fix: String,
) -> Diagnostic {
    Diagnostic::warning(code, msg)
        .package(&pkg.name)
        .channel(&c.name)
        .bundle(bundle)
        .at_opt(c.location.clone())
        .suggest(fix)
}

/// Curator lints: things opm accepts that are probably not what the author meant.
///
/// # Complexity
/// O((V + E) log V) for V entries and E edges of the package's graphs: the bundle versions are
/// sorted once for the skipRange lints.
fn lint_package(pkg: &Package, graphs: &[ChannelGraph], out: &mut Vec<Diagnostic>) {
    if let Some(d) = &pkg.default_channel {
        if let Some(msg) = pkg.deprecations.channels.get(d) {
            out.push(
                Diagnostic::warning(Rule::LintDefaultChannelDeprecated, format!("the default channel {d:?} is deprecated ({msg:?}): new installs without a channel land on a deprecated channel"))
                    .package(&pkg.name)
                    .channel(d)
                    .suggest("point defaultChannel at a channel that is not deprecated"),
            );
        }
    }
    let bundle_versions = SortedVersions::new(
        pkg.bundles
            .iter()
            .enumerate()
            .filter_map(|(i, b)| b.version.as_ref().map(|v| (i, v))),
    );
    for (c, g) in pkg.channels.iter().zip(graphs) {
        for e in &c.entries {
            lint_skip_range(pkg, c, g, e, &bundle_versions, out);
        }
        lint_unreachable(pkg, c, g, out);
    }
}

/// The skipRange lints of one entry: blang quirks (spec/olm.md §4), a range that contains the entry itself, a
/// range that matches no other bundle of the package.
fn lint_skip_range(
    pkg: &Package,
    c: &Channel,
    g: &ChannelGraph,
    e: &ChannelEntry,
    bundle_versions: &SortedVersions,
    out: &mut Vec<Diagnostic>,
) {
    let Some(text) = &e.skip_range else { return };
    let warn = |code, msg, fix| channel_warning(pkg, c, code, &e.name, msg, fix);
    for q in quirks(text) {
        out.push(
            warn(
                Rule::LintSkipRangeQuirk,
                format!("skipRange {text:?}: {}", q.message()),
                q.suggestion(),
            )
            .field("skipRange"),
        );
    }
    let Ok(range) = Range::parse(text) else {
        return;
    };
    let Some(to) = g.node_index(&e.name) else {
        return;
    };
    let matched = g
        .incoming(to)
        .filter(|x| x.kind == EdgeKind::SkipRange)
        .count();
    if let Some(v) = &g.nodes[to].version {
        if range.contains(v) {
            out.push(warn(
                Rule::LintSkipRangeMatchesSelf,
                format!("skipRange {text:?} contains the entry's own version {v}: `opm alpha render-graph` draws a self-loop and the range reads as if the bundle upgraded to itself"),
                format!("exclude the bundle's own version, e.g. an upper bound \"<{v}\""),
            ).field("skipRange"));
        }
    }
    // A range that matches nothing in its channel may still serve clusters switching in
    // from another channel: warn only when no bundle of the package is in it.
    if matched == 0 && !bundle_versions.any_matching(&range, |i| pkg.bundles[i].name != e.name) {
        out.push(warn(
            Rule::LintSkipRangeMatchesNothing,
            format!("skipRange {text:?} matches no other bundle of package {:?}: it only helps clusters on versions this catalog no longer ships", pkg.name),
            "check the bounds against the versions the package ships; drop the range if it is no longer needed".into(),
        ).field("skipRange"));
    }
}

/// Entries named in some `skips` are never offered as an OLM v0 upgrade (spec/olm.md §5.2).
fn lint_unreachable(pkg: &Package, c: &Channel, g: &ChannelGraph, out: &mut Vec<Diagnostic>) {
    let entries: HashSet<&str> = c.entries.iter().map(|e| e.name.as_str()).collect();
    let mut skipped_by: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for e in &c.entries {
        for s in &e.skips {
            if entries.contains(s.as_str()) && *s != e.name {
                skipped_by
                    .entry(s.as_str())
                    .or_default()
                    .push(e.name.as_str());
            }
        }
    }
    for (skipped, by) in skipped_by {
        if g.head.name() == Some(skipped) {
            continue;
        }
        out.push(channel_warning(
            pkg,
            c,
            Rule::LintUnreachableV0,
            skipped,
            format!(
                "no OLM v0 upgrade can ever reach {skipped:?}: it is skipped by {} (OLM v0 never offers a skipped entry; it can only be installed directly with startingCSV)",
                by.join(", ")
            ),
            "if clusters should upgrade to it, remove it from skips and let a later entry replace it".into(),
        ));
    }
}

/// A node of opm's error tree: its message, its own findings, its children by sort key.
#[derive(Default)]
struct Tree {
    message: String,
    leaves: Vec<String>,
    children: BTreeMap<String, Tree>,
}

/// Writes `t` and its subtree with box-drawing branches under `prefix`.
fn render(t: &Tree, prefix: &str, last: bool, out: &mut String) {
    let sep = if t.leaves.is_empty() && t.children.is_empty() {
        ""
    } else {
        ":"
    };
    let _ = writeln!(out, "{prefix}{}{sep}", t.message);
    let n = t.leaves.len() + t.children.len();
    let mut sub = prefix.to_string();
    if sub.chars().count() >= 4 {
        let keep: String = sub.chars().take(sub.chars().count() - 4).collect();
        sub = keep + if last { "    " } else { "│   " };
    }
    let mut i = 0;
    for leaf in &t.leaves {
        i += 1;
        let branch = if i == n { "└── " } else { "├── " };
        let _ = writeln!(out, "{sub}{branch}{leaf}");
    }
    for child in t.children.values() {
        i += 1;
        let branch = if i == n { "└── " } else { "├── " };
        render(child, &format!("{sub}{branch}"), i == n, out);
    }
}

/// Renders the errors of a list of findings as opm's validation tree (spec/olm.md §2.2):
/// `invalid index:` → `invalid package "p":` → `invalid channel "c":` → `invalid bundle "b":`.
/// Findings that belong to no package come first, one per line.
///
/// # Complexity
/// O(F log F) for F findings (grouped in sorted maps), plus the text written.
pub fn render_tree(diags: &[Diagnostic]) -> String {
    let mut root = Tree {
        message: "invalid index".into(),
        ..Tree::default()
    };
    let mut loose = Vec::new();
    for d in diags.iter().filter(|d| d.severity == Severity::Error) {
        let Some(p) = &d.package else {
            loose.push(d.to_string());
            continue;
        };
        let mut node = root
            .children
            .entry(format!("0{p}"))
            .or_insert_with(|| Tree {
                message: format!("invalid package {p:?}"),
                ..Tree::default()
            });
        if let Some(c) = &d.channel {
            node = node
                .children
                .entry(format!("1{c}"))
                .or_insert_with(|| Tree {
                    message: format!("invalid channel {c:?}"),
                    ..Tree::default()
                });
        }
        if let (Some(b), Some(_)) = (&d.bundle, &d.channel) {
            node = node
                .children
                .entry(format!("2{b}"))
                .or_insert_with(|| Tree {
                    message: format!("invalid bundle {b:?}"),
                    ..Tree::default()
                });
        }
        let mut msg = d.message.clone();
        if let Some(loc) = &d.location {
            let _ = write!(msg, " [{loc}]");
        }
        node.leaves.push(msg);
    }
    let mut out = String::new();
    for l in loose {
        let _ = writeln!(out, "{l}");
    }
    if !root.children.is_empty() {
        render(&root, "", true, &mut out);
    }
    out
}
