//! Placing checked objects into packages, as opm's `ConvertToModel` does, with its error texts:
//! packages first, then channels, bundles, the bundle ↔ entry linkage, and deprecations last.
//!
//! opm stops at the first error; olm-graph reports every one and keeps what it can. Objects
//! naming an unknown package are attached to an undeclared package (and reported), objects that
//! cannot be placed at all are dropped (and reported).

pub(in crate::load) mod legacy;
pub(in crate::load) mod repo;

use std::collections::{BTreeMap, BTreeSet};

use foldhash::{HashMap as FastMap, HashSet as FastSet};

use crate::diag::{Diagnostic, Location, Rule};
use crate::load::object::convert::{dns1123_label_errors, Chunks, DeprecationObj, Objects};
use crate::model::{Bundle, Channel, Deprecations, Package};
use crate::sort::{apply_order, sorted_positions, SortWith};

/// Places checked objects into packages, reporting opm's conversion errors.
///
/// # Complexity
/// O(N log N) time and O(N) memory for N objects, channel entries and deprecation entries.
pub(crate) fn assemble(objs: Objects, diags: &mut Vec<Diagnostic>) -> Vec<Package> {
    let Objects {
        packages,
        channels,
        bundles,
        deprecations,
    } = objs;
    let mut a = Assembly::default();
    for p in packages {
        a.package(p, diags);
    }
    for c in channels {
        a.channel(c, diags);
    }
    let repeated = a.reserve_bundles(&bundles);
    for (b, repeated) in bundles.into_iter().zip(repeated) {
        a.bundle(b, repeated, diags);
    }
    for pkg in a.packages.values_mut() {
        sort_by_name(&mut pkg.channels, |c| &c.name);
        sort_by_name(&mut pkg.bundles, |b| &b.name);
        check_linkage(pkg, diags);
    }
    let mut seen = BTreeSet::new();
    for (i, d) in deprecations.into_iter().enumerate() {
        a.deprecations(i, d, &mut seen, diags);
    }
    a.packages.into_values().collect()
}

/// Sorts `items` by name, stably, moving each item at most once more than it takes to swap it
/// into place: the order is found on indices, then applied by following its cycles (items are
/// wide; a merge sort would move each one log N times).
///
/// # Complexity
/// O(N log N) comparisons and O(N) moves for N items; O(N) memory.
fn sort_by_name<T>(items: &mut [T], name: impl Fn(&T) -> &str) {
    if items.is_sorted_by(|a, b| name(a) <= name(b)) {
        return;
    }
    let order = sorted_positions(items, &mut |a, b| name(a).cmp(name(b)));
    apply_order(items, order);
}

/// The packages being built, and the names placed in each so far.
#[derive(Default)]
struct Assembly {
    packages: BTreeMap<String, Package>,
    /// (package, channel) pairs placed.
    channel_names: BTreeSet<(String, String)>,
}

fn conv(message: impl Into<String>, loc: Option<Location>) -> Diagnostic {
    Diagnostic::error(Rule::OpmConvert, message).at_opt(loc)
}

impl Assembly {
    fn package(&mut self, p: Package, diags: &mut Vec<Diagnostic>) {
        let loc = p.location.clone();
        if p.name.is_empty() {
            diags.push(conv("config contains package with no name", loc).schema("olm.package"));
            return;
        }
        let errs = dns1123_label_errors(&p.name);
        if !errs.is_empty() {
            // Go prints the list of messages as `[a b]`.
            diags.push(
                conv(
                    format!("invalid package name {:?}: [{}]", p.name, errs.join(" ")),
                    loc.clone(),
                )
                .schema("olm.package")
                .package(&p.name),
            );
        }
        match self.packages.get_mut(&p.name) {
            Some(existing) if existing.declared => diags.push(
                conv(format!("duplicate package {:?}", p.name), loc)
                    .schema("olm.package")
                    .package(&p.name),
            ),
            Some(existing) => {
                // Only placeholders so far (not possible: packages come first), keep data.
                existing.declared = true;
                existing.default_channel = p.default_channel;
                existing.description = p.description;
                existing.icon = p.icon;
                existing.location = p.location;
            }
            None => {
                self.packages.insert(p.name.clone(), p);
            }
        }
    }

    /// Makes room in each known package for the bundles that name it, so that a package of
    /// many bundles is not copied as it grows; tells, for each bundle in order, whether an
    /// earlier one has its package and name (only the first of them is placed).
    ///
    /// # Complexity
    /// O(N) expected time for N bundles.
    fn reserve_bundles(&mut self, bundles: &Chunks<Bundle>) -> Vec<bool> {
        let mut counts: FastMap<&str, usize> = FastMap::default();
        let mut seen: FastSet<(&str, &str)> = FastSet::default();
        let mut repeated = Vec::new();
        for b in bundles.iter() {
            *counts.entry(b.package.as_str()).or_default() += 1;
            let named = !b.name.is_empty() && !b.package.is_empty();
            repeated.push(named && !seen.insert((b.package.as_str(), b.name.as_str())));
        }
        for (name, n) in counts {
            if let Some(pkg) = self.packages.get_mut(name) {
                pkg.bundles.reserve_exact(n);
            }
        }
        repeated
    }

    fn is_declared(&self, package: &str) -> bool {
        self.packages.get(package).is_some_and(|p| p.declared)
    }

    /// The package an object names, added as undeclared when no `olm.package` declares it.
    fn undeclared(&mut self, name: &str) {
        self.packages
            .entry(name.to_string())
            .or_insert_with(|| Package {
                name: name.to_string(),
                declared: false,
                ..Package::default()
            });
    }

    /// Places a channel in its package, keeping the first of entries with the same name.
    ///
    /// # Complexity
    /// O(E) expected time for E entries (plus O(log P) for the package).
    fn channel(&mut self, c: Channel, diags: &mut Vec<Diagnostic>) {
        let loc = c.location.clone();
        let diag = |msg: String, loc: Option<Location>| {
            conv(msg, loc).schema("olm.channel").package(&c.package)
        };
        if !self.is_declared(&c.package) {
            let msg = format!("unknown package {:?} for channel {:?}", c.package, c.name);
            diags.push(diag(msg, loc.clone()).channel(&c.name).field("package"));
            if c.package.is_empty() {
                return;
            }
            self.undeclared(&c.package);
        }
        if c.name.is_empty() {
            let msg = format!("package {:?} contains channel with no name", c.package);
            diags.push(diag(msg, loc).field("name"));
            return;
        }
        if !self
            .channel_names
            .insert((c.package.clone(), c.name.clone()))
        {
            let msg = format!("package {:?} has duplicate channel {:?}", c.package, c.name);
            diags.push(diag(msg, loc).channel(&c.name));
            return;
        }
        let Channel {
            name,
            package,
            entries: listed,
            location,
        } = c;
        let first: Vec<bool> = {
            let mut seen = FastSet::with_capacity_and_hasher(listed.len(), Default::default());
            listed
                .iter()
                .map(|e| seen.insert(e.name.as_str()))
                .collect()
        };
        let mut entries = Vec::with_capacity(listed.len());
        for (e, first) in listed.into_iter().zip(first) {
            if first {
                entries.push(e);
                continue;
            }
            let msg = format!(
                "invalid package {package:?}, channel {name:?}: duplicate entry {:?}",
                e.name
            );
            diags.push(
                conv(msg, location.clone())
                    .schema("olm.channel")
                    .package(&package)
                    .channel(&name)
                    .bundle(&e.name)
                    .field("entries"),
            );
        }
        if let Some(pkg) = self.packages.get_mut(&package) {
            pkg.channels.push(Channel {
                name,
                package,
                entries,
                location,
            });
        }
    }

    /// Places a bundle; `repeated`: an earlier bundle has its package and name.
    fn bundle(&mut self, b: Bundle, repeated: bool, diags: &mut Vec<Diagnostic>) {
        let diag = |msg: String| conv(msg, b.location.clone()).schema("olm.bundle");
        if b.name.is_empty() {
            let msg = format!(
                "package {:?} contains a bundle with no name: not loaded",
                b.package
            );
            diags.push(diag(msg).package(&b.package).field("name"));
            return;
        }
        if b.package.is_empty() {
            let msg = format!("package name must be set for bundle {:?}", b.name);
            diags.push(diag(msg).bundle(&b.name).field("package"));
            return;
        }
        let named = |d: Diagnostic| d.package(&b.package).bundle(&b.name);
        if !self.is_declared(&b.package) {
            let msg = format!("unknown package {:?} for bundle {:?}", b.package, b.name);
            diags.push(named(diag(msg)).field("package"));
            self.undeclared(&b.package);
        }
        if let Some((msg, field)) = package_property_problem(&b) {
            diags.push(named(diag(msg)).field(field));
        }
        if repeated {
            let msg = format!("package {:?} has duplicate bundle {:?}", b.package, b.name);
            diags.push(named(diag(msg)));
            return;
        }
        if let Some(pkg) = self.packages.get_mut(&b.package) {
            pkg.bundles.push(b);
        }
    }

    /// Applies the `index`-th `olm.deprecations` object of the catalog (opm numbers them in its
    /// messages).
    fn deprecations(
        &mut self,
        index: usize,
        d: DeprecationObj,
        seen: &mut BTreeSet<String>,
        diags: &mut Vec<Diagnostic>,
    ) {
        let loc = Some(d.location.clone());
        let diag = |msg: String| conv(msg, loc.clone()).schema("olm.deprecations");
        if d.package.is_empty() {
            let msg = format!("package name must be set for deprecation item {index}");
            diags.push(diag(msg).field("package"));
            return;
        }
        let Some(pkg) = self.packages.get_mut(&d.package).filter(|p| p.declared) else {
            let msg = format!(
                "cannot apply deprecations to an unknown package {:?}",
                d.package
            );
            diags.push(diag(msg).package(&d.package).field("package"));
            return;
        };
        if !seen.insert(d.package.clone()) {
            let msg = format!(
                "expected a maximum of one deprecation per package: {:?}",
                d.package
            );
            diags.push(diag(msg).package(&d.package));
            return;
        }
        pkg.deprecations = deprecations_of(pkg, d, diags);
    }
}

/// opm's check of a bundle's `olm.package` property: exactly one, naming the bundle's package.
fn package_property_problem(b: &Bundle) -> Option<(String, &'static str)> {
    if b.package_property_count != 1 {
        let msg = format!(
            "package {:?} bundle {:?} must have exactly 1 \"olm.package\" property, found {}",
            b.package, b.name, b.package_property_count
        );
        return Some((msg, "properties"));
    }
    match &b.package_property_name {
        Some(pn) if *pn != b.package => Some((
            format!(
                "package {:?} does not match \"olm.package\" property {:?}",
                b.package, pn
            ),
            "properties[olm.package].packageName",
        )),
        _ => None,
    }
}

/// Bundle ↔ entry linkage, checked for every channel (opm checks only the last one): every
/// bundle is some channel's entry, every entry has a bundle. The package's bundles are sorted.
fn check_linkage(pkg: &Package, diags: &mut Vec<Diagnostic>) {
    let linkage = pkg.linkage();
    for b in linkage.unlisted_bundles {
        let msg = format!(
            "package {:?}, bundle {:?} not found in any channel entries",
            pkg.name, b.name
        );
        diags.push(
            conv(msg, b.location.clone())
                .schema("olm.bundle")
                .package(&pkg.name)
                .bundle(&b.name),
        );
    }
    for (c, mut missing) in pkg.channels.iter().zip(linkage.entries_without_bundles) {
        if missing.is_empty() {
            continue;
        }
        missing.sort_ord();
        let msg = format!(
            "no olm.bundle blobs found in package {:?} for olm.channel entries [{}]",
            pkg.name,
            missing.join(" ")
        );
        diags.push(
            conv(msg, c.location.clone())
                .schema("olm.channel")
                .package(&pkg.name)
                .channel(&c.name),
        );
    }
}

/// The deprecations of a package's `olm.deprecations` object, each entry checked as opm does.
fn deprecations_of(pkg: &Package, d: DeprecationObj, diags: &mut Vec<Diagnostic>) -> Deprecations {
    let loc = Some(d.location.clone());
    let mut out = Deprecations {
        location: loc.clone(),
        ..Deprecations::default()
    };
    let mut refs = BTreeSet::new();
    for (j, (schema, name, message)) in d.entries.into_iter().enumerate() {
        let problem = deprecation_problem(pkg, &d.package, j, &schema, &name, &mut refs);
        if let Some(msg) = problem {
            diags.push(
                conv(msg, loc.clone())
                    .schema("olm.deprecations")
                    .package(&d.package)
                    .field(format!("entries[{j}].reference")),
            );
            continue;
        }
        match schema.as_str() {
            "olm.bundle" => {
                out.bundles.insert(name, message);
            }
            "olm.channel" => {
                out.channels.insert(name, message);
            }
            _ => out.package = Some(message),
        }
    }
    out
}

/// What is wrong with deprecation entry `j` (reference `schema`, `name`), as opm words it;
/// `None` when it applies.
fn deprecation_problem(
    pkg: &Package,
    package: &str,
    j: usize,
    schema: &str,
    name: &str,
    refs: &mut BTreeSet<(String, String)>,
) -> Option<String> {
    if schema.is_empty() {
        return Some(format!(
            "schema must be set for deprecation entry [{j}] for package {package:?}"
        ));
    }
    let go_ref = format!("declcfg.PackageScopedReference{{Schema:{schema:?}, Name:{name:?}}}");
    if !refs.insert((schema.to_string(), name.to_string())) {
        return Some(format!(
            "duplicate deprecation entry {go_ref} for package {package:?}"
        ));
    }
    match schema {
        "olm.bundle" if pkg.bundle_index(name).is_none() => Some(format!(
            "cannot deprecate bundle {name:?} for package {package:?}: bundle not found"
        )),
        "olm.channel" if pkg.channel(name).is_none() => Some(format!(
            "cannot deprecate channel {name:?} for package {package:?}: channel not found"
        )),
        "olm.package" if !name.is_empty() => Some(format!(
            "package name must be empty for deprecated package {package:?} (specified {name:?})"
        )),
        "olm.bundle" | "olm.channel" | "olm.package" => None,
        _ => Some(format!(
            "cannot deprecate object {go_ref} referenced by entry {j} for package {package:?}: object schema unknown"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sort_by_name_is_stable_and_matches_a_plain_sort() {
        // Names repeat (duplicates keep their file order) and form cycles of several lengths.
        let names = ["d", "b", "a", "d", "c", "a", "e", "b", "a"];
        let mut items: Vec<(String, usize)> = names
            .iter()
            .enumerate()
            .map(|(i, n)| (n.to_string(), i))
            .collect();
        let mut expected = items.clone();
        expected.sort_with(|x, y| x.0.cmp(&y.0));
        sort_by_name(&mut items, |x| &x.0);
        assert_eq!(items, expected);
    }
}
